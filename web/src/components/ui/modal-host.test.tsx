import { act, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { Dialog } from "./dialog";
import { closeModal, ModalHost, type ModalProps, openModal, useOpenModal } from "./modal-host";

function Fake({ title, onClose, who }: ModalProps & { title?: string; who?: string }) {
  return (
    <Dialog title={title ?? "Untitled"} onClose={onClose}>
      <p>{who ? `Hello ${who}` : "No one"}</p>
    </Dialog>
  );
}
const modals = {
  LOGIN: (p: ModalProps) => <Fake {...p} title="Log In" />,
  REGISTER: (p: ModalProps) => <Fake {...p} title="Sign Up" />,
  REPORT: (p: ModalProps) => <Fake {...p} title="Report" />,
};

function Current() {
  return <output data-testid="current">{useOpenModal()}</output>;
}

afterEach(() => act(() => closeModal()));

describe("the modal host", () => {
  it("shows nothing until a modal is opened", () => {
    render(<ModalHost modals={modals} />);
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("keeps one modal at a time: opening another replaces the first", () => {
    render(
      <>
        <ModalHost modals={modals} />
        <Current />
      </>,
    );
    act(() => openModal("LOGIN"));
    expect(screen.getAllByRole("dialog")).toHaveLength(1);
    expect(screen.getByRole("dialog", { name: "Log In" })).toBeTruthy();
    act(() => openModal("REGISTER"));
    expect(screen.getAllByRole("dialog")).toHaveLength(1);
    expect(screen.getByRole("dialog", { name: "Sign Up" })).toBeTruthy();
    expect(screen.getByTestId("current").textContent).toBe("REGISTER");
  });

  it("passes props through and closes from the modal's own close button", () => {
    render(
      <>
        <ModalHost modals={modals} />
        <Current />
      </>,
    );
    act(() => openModal("REPORT", { who: "bruno" }));
    expect(screen.getByText("Hello bruno")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Close" }));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(screen.getByTestId("current").textContent).toBe("none");
  });

  it("closes on Escape (the dialog's cancel event)", () => {
    render(<ModalHost modals={modals} />);
    act(() => openModal("LOGIN"));
    const dialog = screen.getByRole("dialog");
    act(() => {
      dialog.dispatchEvent(new Event("cancel", { cancelable: true }));
    });
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("closes when closeModal is called (a change of page)", () => {
    render(<ModalHost modals={modals} />);
    act(() => openModal("LOGIN"));
    act(() => closeModal());
    expect(screen.queryByRole("dialog")).toBeNull();
  });
});
