import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import FeedbackDialog from "./components/feedback-dialog";
import ReportDialog from "./components/report-dialog";

function renderWithQueries(node: React.ReactNode) {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  return render(<QueryClientProvider client={client}>{node}</QueryClientProvider>);
}

afterEach(() => vi.restoreAllMocks());

describe("the report dialog", () => {
  it("shows the spec's messages and sends nothing until the form is valid", async () => {
    const fetch = vi.spyOn(globalThis, "fetch");
    renderWithQueries(<ReportDialog onClose={() => {}} reported_username="gus" link="/user/gus" />);
    expect(screen.getByRole("dialog", { name: "Report @gus" })).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Send report" }));
    expect(screen.getByText("Please select a cause.")).toBeTruthy();
    expect(screen.getByText("Description is required.")).toBeTruthy();
    fireEvent.click(screen.getByLabelText("Spam"));
    fireEvent.change(screen.getByLabelText(/^Description/), { target: { value: "Too short" } });
    fireEvent.click(screen.getByRole("button", { name: "Send report" }));
    expect(screen.getByText("Minimum 40 characters required.")).toBeTruthy();
    expect(screen.getByText("9 / 160")).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
  });

  it("sends cause, text, link and the reported username as a form, then closes", async () => {
    const fetch = vi.spyOn(globalThis, "fetch").mockResolvedValue(
      new Response(JSON.stringify({ id: 1, detail: "Report submitted successfully!" }), {
        status: 201,
        headers: { "content-type": "application/json" },
      }),
    );
    const onClose = vi.fn();
    renderWithQueries(<ReportDialog onClose={onClose} reported_username="gus" link="/c/a/p/x/y" />);
    fireEvent.click(screen.getByLabelText("Harassment"));
    fireEvent.change(screen.getByLabelText(/^Description/), {
      target: { value: "Sends the same insulting message to everyone who replies." },
    });
    fireEvent.click(screen.getByRole("button", { name: "Send report" }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const [url, init] = fetch.mock.calls[0]!;
    expect(String(url)).toBe("/api/v1/private/user/report");
    const body = init!.body as FormData;
    expect(Object.fromEntries(body.entries())).toEqual({
      report_cause: "HARASSMENT",
      text: "Sends the same insulting message to everyone who replies.",
      link: "/c/a/p/x/y",
      reported_username: "gus",
    });
  });
});

describe("the feedback dialog", () => {
  it("checks the type, the length and the link with the spec's messages", () => {
    const fetch = vi.spyOn(globalThis, "fetch");
    renderWithQueries(<FeedbackDialog onClose={() => {}} />);
    fireEvent.change(screen.getByLabelText(/^Your feedback/), { target: { value: "x".repeat(1001) } });
    fireEvent.change(screen.getByLabelText(/^Link/), { target: { value: "nope" } });
    fireEvent.click(screen.getByRole("button", { name: "Send" }));
    expect(screen.getByText("Invalid type")).toBeTruthy();
    expect(screen.getByText("Maximum 1000 characters allowed")).toBeTruthy();
    expect(screen.getByText("Invalid URL")).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/^Your feedback/), { target: { value: "short" } });
    expect(screen.getByText("Minimum 40 characters required")).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
  });
});
