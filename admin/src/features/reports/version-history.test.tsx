import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ConfirmHost } from "#client/ui/confirm.tsx";
import { SnackbarHost } from "#client/ui/snackbar.tsx";
import { VersionHistoryDialog } from "./version-history";

afterEach(() => vi.restoreAllMocks());

const current = {
  id: null,
  title: "Cheap tickets",
  body: "<p>Now <b>fixed</b></p>",
  edited_at: "2026-11-25T10:00:00.000Z",
  redacted: false,
};
const older = {
  id: 12,
  title: "Cheap tickets",
  body: "<p>Call 555-0100 now</p>",
  edited_at: "2026-11-24T10:00:00.000Z",
  redacted: false,
};
const first = { id: 11, title: "Tickets", body: "", edited_at: null, redacted: true };
const page = (list: unknown[]) => ({ list, total_list: 3, page: 1, total_pages: 1 });

function serve(histories: unknown[][], redact: { status: number; body: unknown }) {
  const calls: Array<{ method: string; url: string; body: unknown }> = [];
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const url = String(input);
    const method = init?.method ?? "GET";
    calls.push({ method, url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    const answer =
      method === "PATCH" && url === "/api/admin/private/micropost/version/redact"
        ? redact
        : url.startsWith("/api/v1/micropost/history?")
          ? { status: 200, body: page(histories.length > 1 ? histories.shift()! : histories[0]!) }
          : null;
    if (!answer) throw new Error(`unexpected ${method} ${url}`);
    return new Response(JSON.stringify(answer.body), {
      status: answer.status,
      headers: { "content-type": "application/json" },
    });
  });
  return calls;
}

function renderDialog() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <VersionHistoryDialog target={{ kind: "post", publicId: "p123" }} onClose={() => {}} />
      <ConfirmHost />
      <SnackbarHost />
    </QueryClientProvider>,
  );
}

describe("a reported post's edit history on the admin site", () => {
  it("shows every version as text, newest first, with Redact only on stored versions not yet redacted", async () => {
    const calls = serve([[current, older, first]], { status: 200, body: {} });
    renderDialog();
    const versions = await screen.findAllByTestId("version");
    expect(versions).toHaveLength(3);
    expect(calls[0]!.url).toContain("public_id=p123");
    expect(versions[0]!.textContent).toContain("Current text");
    expect(versions[0]!.textContent).toContain("Now fixed");
    // Markup people wrote is never rendered.
    expect(versions[0]!.querySelector("b")).toBeNull();
    expect(within(versions[0]!).queryByRole("button")).toBeNull();
    expect(within(versions[1]!).getByRole("button", { name: "Redact version 2" })).toBeTruthy();
    expect(versions[2]!.textContent).toContain("Redacted by staff.");
    expect(within(versions[2]!).queryByRole("button")).toBeNull();
  });

  it("redacts a version only once confirmed, says so, and keeps focus on that version", async () => {
    const redactedOlder = { ...older, body: "", redacted: true };
    const calls = serve(
      [
        [current, older, first],
        [current, redactedOlder, first],
      ],
      {
        status: 200,
        body: { id: 12, redacted: true },
      },
    );
    renderDialog();
    // As from the keyboard: the button has focus when it is pressed.
    const button = await screen.findByRole("button", { name: "Redact version 2" });
    button.focus();
    fireEvent.click(button);
    const question = "Redact this version? Its text is wiped for good and cannot be restored.";
    await screen.findByRole("alertdialog", { name: question });
    act(() => fireEvent.click(screen.getByRole("button", { name: "Cancel" })));
    expect(calls.some((c) => c.method === "PATCH")).toBe(false);
    // Focus went back to the button that asked.
    expect(document.activeElement).toBe(button);

    fireEvent.click(screen.getByRole("button", { name: "Redact version 2" }));
    await screen.findByRole("alertdialog", { name: question });
    act(() => fireEvent.click(screen.getByRole("button", { name: "Confirm" })));
    expect(await screen.findByText("The version was redacted.")).toBeTruthy();
    expect(calls.find((c) => c.method === "PATCH")?.body).toEqual({ id: 12 });
    await waitFor(() => expect(screen.getAllByText("Redacted by staff.")).toHaveLength(2));
    expect(screen.queryByRole("button", { name: /Redact version/ })).toBeNull();
    expect(document.activeElement?.id).toBe("version-12");
  });

  it("shows the Worker's refusal in a snackbar and keeps the version", async () => {
    serve([[current, older, first]], { status: 404, body: { detail: "Version not found" } });
    renderDialog();
    fireEvent.click(await screen.findByRole("button", { name: "Redact version 2" }));
    await screen.findByRole("alertdialog");
    act(() => fireEvent.click(screen.getByRole("button", { name: "Confirm" })));
    expect(await screen.findByText("Version not found")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Redact version 2" })).toBeTruthy();
  });
});
