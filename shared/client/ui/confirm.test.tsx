import { act, fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { ConfirmHost, confirm, dismissConfirm } from "./confirm";

/** Asks, and waits for the dialog (it loads on first use). */
async function ask(options: Parameters<typeof confirm>[0]) {
  let answer!: Promise<boolean>;
  act(() => {
    answer = confirm(options);
  });
  await screen.findByRole("alertdialog");
  return { answer };
}

describe("confirm()", () => {
  it("asks the question and resolves true on confirm", async () => {
    render(<ConfirmHost />);
    const { answer } = await ask({
      message: "Do you really want to delete it?",
      confirmLabel: "Delete",
      danger: true,
    });
    const dialog = await screen.findByRole("alertdialog", { name: "Do you really want to delete it?" });
    expect(dialog).toBeTruthy();
    act(() => fireEvent.click(screen.getByRole("button", { name: "Delete" })));
    await expect(answer).resolves.toBe(true);
    expect(screen.queryByRole("alertdialog")).toBeNull();
  });

  it("resolves false on Cancel", async () => {
    render(<ConfirmHost />);
    const { answer } = await ask({ message: "Are you sure about this?" });
    act(() => fireEvent.click(screen.getByRole("button", { name: "Cancel" })));
    await expect(answer).resolves.toBe(false);
  });

  it("resolves false on Escape", async () => {
    render(<ConfirmHost />);
    const { answer } = await ask({ message: "Do you really want to send this?" });
    act(() => {
      screen.getByRole("alertdialog").dispatchEvent(new Event("cancel", { cancelable: true }));
    });
    await expect(answer).resolves.toBe(false);
  });

  it("shows a title above the message when given one", async () => {
    render(<ConfirmHost />);
    const { answer } = await ask({ title: "Publish", message: "Do you really want to publish this?" });
    const dialog = screen.getByRole("alertdialog", { name: "Publish" });
    expect(dialog.textContent).toContain("Do you really want to publish this?");
    act(() => dismissConfirm());
    await expect(answer).resolves.toBe(false);
  });

  it("answers an earlier question no when a new one comes", async () => {
    render(<ConfirmHost />);
    const { answer: first } = await ask({ message: "First?" });
    const { answer: second } = await ask({ message: "Second?" });
    await expect(first).resolves.toBe(false);
    expect(screen.getAllByRole("alertdialog")).toHaveLength(1);
    act(() => fireEvent.click(screen.getByRole("button", { name: "Confirm" })));
    await expect(second).resolves.toBe(true);
  });
});
