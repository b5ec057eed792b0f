import { act, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { clearSnackbars, preloadSnackbar, SnackbarHost, showSnackbar } from "#client/ui/snackbar.tsx";
import { renderInApp } from "../testing";

// The notices load with the first one; loaded up front here, they show in the same act().
beforeAll(() => preloadSnackbar());

afterEach(() => {
  act(() => clearSnackbars());
  vi.useRealTimers();
});

describe("snackbars", () => {
  beforeEach(() => {
    // Files share one module graph (vitest.ui.config.ts): notices another file left go first.
    act(() => clearSnackbars());
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "Date"] });
  });

  it("disappear after 6 seconds by default", () => {
    render(<SnackbarHost />);
    act(() => {
      showSnackbar({ message: "Draft saved." });
    });
    expect(screen.getByRole("status").textContent).toContain("Draft saved.");
    act(() => vi.advanceTimersByTime(5_999));
    expect(screen.queryByText("Draft saved.")).not.toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText("Draft saved.")).toBeNull();
  });

  it("keep a longer duration when asked", () => {
    render(<SnackbarHost />);
    act(() => {
      showSnackbar({ message: "Pleae wait a few seconds until your tx is complete", durationMs: 15_000 });
    });
    act(() => vi.advanceTimersByTime(14_000));
    expect(screen.queryByText(/Pleae wait/)).not.toBeNull();
    act(() => vi.advanceTimersByTime(1_000));
    expect(screen.queryByText(/Pleae wait/)).toBeNull();
  });

  it("wait while the pointer is on them, then finish the countdown", () => {
    render(<SnackbarHost />);
    act(() => {
      showSnackbar({ message: "It was posted" });
    });
    act(() => vi.advanceTimersByTime(4_000));
    fireEvent.mouseEnter(screen.getByTestId("snackbar"));
    act(() => vi.advanceTimersByTime(30_000));
    expect(screen.queryByText("It was posted")).not.toBeNull();
    fireEvent.mouseLeave(screen.getByTestId("snackbar"));
    act(() => vi.advanceTimersByTime(1_999));
    expect(screen.queryByText("It was posted")).not.toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText("It was posted")).toBeNull();
  });

  it("show the error variant as a red alert", () => {
    render(<SnackbarHost />);
    act(() => {
      showSnackbar({ message: "Something went wrong", variant: "error" });
    });
    const alert = screen.getByRole("alert");
    expect(alert.textContent).toContain("Something went wrong");
    expect(alert.className).toContain("bg-[var(--danger)]");
  });

  it("close with the close button", () => {
    render(<SnackbarHost />);
    act(() => {
      showSnackbar({ message: "It was deleted" });
    });
    fireEvent.click(screen.getByRole("button", { name: "Close" }));
    expect(screen.queryByText("It was deleted")).toBeNull();
  });

  it("never pile up more than three", () => {
    render(<SnackbarHost />);
    act(() => {
      for (const n of [1, 2, 3, 4]) showSnackbar({ message: `Notice ${n}` });
    });
    expect(screen.getAllByTestId("snackbar").map((s) => s.textContent)).toEqual([
      expect.stringContaining("Notice 2"),
      expect.stringContaining("Notice 3"),
      expect.stringContaining("Notice 4"),
    ]);
  });
});

describe("a snackbar link", () => {
  it("navigates inside the app and closes the notice", async () => {
    const { router } = await renderInApp(<SnackbarHost />);
    act(() => {
      showSnackbar({ message: "You joined c/agora", link: { to: "/c/agora", label: "Open" } });
    });
    const link = await screen.findByRole("link", { name: "Open" });
    expect(link.getAttribute("href")).toBe("/c/agora");
    await act(async () => {
      fireEvent.click(link);
    });
    await vi.waitFor(() => expect(router.state.location.pathname).toBe("/c/agora"), { timeout: 10_000 });
    expect(screen.queryByText("You joined c/agora")).toBeNull();
  }, 20_000);

  it("opens a full address in a new tab, without giving it the opener", async () => {
    await renderInApp(<SnackbarHost />);
    act(() => {
      showSnackbar({
        message: "USD transfer session started. Please complete the payment",
        link: { to: "https://checkout.stripe.com/c/pay/1", label: "Pay" },
      });
    });
    const link = await screen.findByRole("link", { name: "Pay" });
    expect(link.getAttribute("target")).toBe("_blank");
    expect(link.getAttribute("rel")).toContain("noopener");
  });
});
