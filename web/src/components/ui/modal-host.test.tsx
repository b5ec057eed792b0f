import { act, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { Dialog } from "#client/dialog.tsx";
import { createModals, type ModalProps } from "./modal-host";

function Fake({ title, onClose, who }: ModalProps & { title?: string; who?: string }) {
  return (
    <Dialog title={title ?? "Untitled"} onClose={onClose}>
      <p>{who ? `Hello ${who}` : "No one"}</p>
    </Dialog>
  );
}
// A registry of its own, with plain components in place of the app's lazy dialogs; like the app's,
// it loads with the first modal.
const registry = {
  LOGIN: (p: ModalProps) => <Fake {...p} title="Log In" />,
  REGISTER: (p: ModalProps) => <Fake {...p} title="Sign Up" />,
  REPORT: (p: ModalProps & { who: string }) => <Fake {...p} title="Report" />,
};
const { ModalHost, openModal, closeModal, useOpenModal } = createModals(async () => registry);

function Current() {
  return <output data-testid="current">{useOpenModal()}</output>;
}

afterEach(() => act(() => closeModal()));

describe("the modal host", () => {
  it("shows nothing until a modal is opened", () => {
    render(<ModalHost />);
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("keeps one modal at a time: opening another replaces the first", async () => {
    render(
      <>
        <ModalHost />
        <Current />
      </>,
    );
    act(() => openModal("LOGIN"));
    expect(await screen.findByRole("dialog", { name: "Log In" })).toBeTruthy();
    expect(screen.getAllByRole("dialog")).toHaveLength(1);
    act(() => openModal("REGISTER"));
    expect(screen.getAllByRole("dialog")).toHaveLength(1);
    expect(screen.getByRole("dialog", { name: "Sign Up" })).toBeTruthy();
    expect(screen.getByTestId("current").textContent).toBe("REGISTER");
  });

  it("passes props through and closes from the modal's own close button", async () => {
    render(
      <>
        <ModalHost />
        <Current />
      </>,
    );
    act(() => openModal("REPORT", { who: "bruno" }));
    expect(await screen.findByText("Hello bruno")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Close" }));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(screen.getByTestId("current").textContent).toBe("none");
  });

  it("closes on Escape (the dialog's cancel event)", async () => {
    render(<ModalHost />);
    act(() => openModal("LOGIN"));
    const dialog = await screen.findByRole("dialog");
    act(() => {
      dialog.dispatchEvent(new Event("cancel", { cancelable: true }));
    });
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("closes when closeModal is called (a change of page)", async () => {
    render(<ModalHost />);
    act(() => openModal("LOGIN"));
    await screen.findByRole("dialog");
    act(() => closeModal());
    expect(screen.queryByRole("dialog")).toBeNull();
  });
});

// Checked by tsc (bun run typecheck), never run: each call below must fail to compile, else its
// expect-error directive is itself reported as an error.
export function misuse() {
  // @ts-expect-error a kind the registry does not have
  openModal("NOPE");
  // @ts-expect-error REPORT needs `who`
  openModal("REPORT");
  // @ts-expect-error `who` is a string
  openModal("REPORT", { who: 1 });
  // @ts-expect-error LOGIN takes no props
  openModal("LOGIN", { who: "bruno" });
}
