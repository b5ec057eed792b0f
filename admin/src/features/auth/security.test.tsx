import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ConfirmHost } from "#client/ui/confirm.tsx";
import { SnackbarHost } from "#client/ui/snackbar.tsx";
import { PasskeysSection } from "./passkeys-section";

// The browser's passkey dialog, as a platform authenticator answers it.
vi.mock("@simplewebauthn/browser", () => ({
  startRegistration: vi.fn(async () => ({
    id: "new-credential",
    rawId: "new-credential",
    type: "public-key",
    response: { clientDataJSON: "e30", attestationObject: "o2Nm" },
    clientExtensionResults: {},
  })),
  startAuthentication: vi.fn(async () => ({ id: "old-credential", type: "public-key" })),
  browserSupportsWebAuthn: () => true,
}));

const P = "/api/admin/private/auth";
type Handler = (init: RequestInit | undefined) => { status: number; body: unknown };

/** Answers each "METHOD path" (query left off) with its handler; records every call. */
function serve(routes: Record<string, Handler | Handler[]>) {
  const calls: Array<{ key: string; url: string; body: unknown }> = [];
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const url = String(input);
    const key = `${init?.method ?? "GET"} ${url.split("?")[0]}`;
    calls.push({ key, url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    const route = routes[key];
    const handler = Array.isArray(route) ? route.shift() : route;
    if (!handler) throw new Error(`unexpected ${key}`);
    const { status, body } = handler(init);
    return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
  });
  return calls;
}

const laptop = {
  id: 7,
  name: "Work laptop",
  created_at: "2026-11-20T10:00:00.000Z",
  last_used_at: null,
};

function renderSection() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <PasskeysSection />
      <ConfirmHost />
      <SnackbarHost />
    </QueryClientProvider>,
  );
}

afterEach(() => vi.restoreAllMocks());

describe("the admin Security page's passkeys", () => {
  it("lists each passkey with when it was added and last used", async () => {
    serve({
      [`GET ${P}/passkey/list`]: () => ({
        status: 200,
        body: {
          passkeys: [laptop, { ...laptop, id: 8, name: "Phone", last_used_at: "2026-11-25T09:00:00.000Z" }],
        },
      }),
    });
    renderSection();
    const items = await screen.findAllByTestId("passkey-item");
    expect(items).toHaveLength(2);
    expect(items[0]!.textContent).toContain("Work laptop");
    expect(items[0]!.textContent).toContain("Never used");
    expect(items[1]!.textContent).toMatch(/Last used .*2026/);
    expect(screen.getByRole("button", { name: "Remove passkey Phone" })).toBeTruthy();
  });

  it("adds a passkey made by the browser, with the name typed", async () => {
    const calls = serve({
      [`GET ${P}/passkey/list`]: [
        () => ({ status: 200, body: { passkeys: [] } }),
        () => ({ status: 200, body: { passkeys: [laptop] } }),
      ],
      [`POST ${P}/passkey/register/options`]: () => ({ status: 200, body: { options: { challenge: "c" } } }),
      [`POST ${P}/passkey/register`]: () => ({ status: 201, body: laptop }),
      [`GET ${P}/mfa`]: () => ({
        status: 200,
        body: { totp_enabled: true, recovery_codes_left: 10, passkeys: 1 },
      }),
    });
    renderSection();
    expect(await screen.findByText("No passkeys yet.")).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/Passkey name/), { target: { value: "Work laptop" } });
    fireEvent.click(screen.getByRole("button", { name: "Add a passkey" }));
    expect(await screen.findByText("Passkey added.")).toBeTruthy();
    expect(calls.find((c) => c.key === `POST ${P}/passkey/register`)?.body).toEqual({
      response: {
        id: "new-credential",
        rawId: "new-credential",
        type: "public-key",
        response: { clientDataJSON: "e30", attestationObject: "o2Nm" },
        clientExtensionResults: {},
      },
      name: "Work laptop",
    });
    expect(await screen.findByTestId("passkey-item")).toBeTruthy();
  });

  it("removes one only after the confirmation, asking for a code first when the Worker wants a fresh one", async () => {
    const calls = serve({
      [`GET ${P}/passkey/list`]: [
        () => ({ status: 200, body: { passkeys: [laptop] } }),
        () => ({ status: 200, body: { passkeys: [] } }),
      ],
      [`DELETE ${P}/passkey`]: [
        () => ({
          status: 403,
          body: {
            detail: "Confirm it is you: enter a code from your authenticator app or use a passkey.",
            code: "step_up_required",
          },
        }),
        () => ({ status: 200, body: { message: "The passkey was removed." } }),
      ],
      [`POST ${P}/step-up`]: () => ({
        status: 200,
        body: { access_token: "fresh-token", token_type: "bearer" },
      }),
      [`GET ${P}/mfa`]: () => ({
        status: 200,
        body: { totp_enabled: true, recovery_codes_left: 10, passkeys: 0 },
      }),
    });
    renderSection();
    fireEvent.click(await screen.findByRole("button", { name: "Remove passkey Work laptop" }));
    const dialog = await screen.findByRole("alertdialog", {
      name: "Remove the passkey Work laptop? It will no longer sign in.",
    });
    // Cancel sends nothing.
    act(() => fireEvent.click(screen.getByRole("button", { name: "Cancel" })));
    expect(dialog.isConnected).toBe(false);
    expect(calls.some((c) => c.key === `DELETE ${P}/passkey`)).toBe(false);

    fireEvent.click(screen.getByRole("button", { name: "Remove passkey Work laptop" }));
    await screen.findByRole("alertdialog");
    act(() => fireEvent.click(screen.getByRole("button", { name: "Confirm" })));
    expect(await screen.findByRole("heading", { name: "Confirm it is you" })).toBeTruthy();
    fireEvent.change(screen.getByRole("textbox"), { target: { value: "123456" } });
    fireEvent.click(screen.getByRole("button", { name: "Confirm" }));
    expect(await screen.findByText("The passkey was removed.")).toBeTruthy();
    const deletes = calls.filter((c) => c.key === `DELETE ${P}/passkey`);
    expect(deletes).toHaveLength(2);
    expect(deletes[1]!.url).toContain("id=7");
    expect(calls.find((c) => c.key === `POST ${P}/step-up`)?.body).toEqual({ code: "123456" });
    await waitFor(() => expect(screen.queryByTestId("passkey-item")).toBeNull());
    // The removed row's button is gone: focus is on the section, not lost.
    expect(document.activeElement?.id).toBe("passkeys-title");
  });
});
