import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { OptionsMenu } from "./bottom-sheet";

/** Pretends the screen is a phone (max-width 767px) or wider. */
function viewport(phone: boolean) {
  vi.stubGlobal("matchMedia", (query: string) => ({
    matches: query.includes("max-width: 767px") ? phone : !phone,
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
}

function setup() {
  const onEdit = vi.fn();
  const onDelete = vi.fn();
  render(
    <>
      <OptionsMenu
        label="Post options"
        actions={[
          { label: "Edit", onSelect: onEdit },
          false,
          { label: "Archive", onSelect: vi.fn(), disabled: true },
          { label: "Delete", onSelect: onDelete, danger: true },
        ]}
      />
      <button type="button">Elsewhere</button>
    </>,
  );
  const trigger = screen.getByRole("button", { name: "Post options" });
  return { trigger, onEdit, onDelete };
}

/** Opens the menu by its button; the open menu's code arrives lazily, so wait for its items. */
async function openMenu(trigger: HTMLElement) {
  fireEvent.click(trigger);
  await screen.findAllByRole("menuitem");
}

afterEach(() => vi.unstubAllGlobals());

describe("the options menu on a wide screen", () => {
  it("opens a menu by its button, with focus on the first item", async () => {
    viewport(false);
    const { trigger } = setup();
    expect(trigger.getAttribute("aria-haspopup")).toBe("menu");
    await openMenu(trigger);
    expect(trigger.getAttribute("aria-expanded")).toBe("true");
    const menu = screen.getByRole("menu", { name: "Post options" });
    expect(screen.getAllByRole("menuitem").map((i) => i.textContent)).toEqual(["Edit", "Archive", "Delete"]);
    expect(document.activeElement?.textContent).toBe("Edit");
    expect(menu.closest("dialog")).toBeNull();
  });

  it("moves with the arrow keys, skipping disabled items, and wraps", async () => {
    viewport(false);
    setup();
    await openMenu(screen.getByRole("button", { name: "Post options" }));
    const menu = screen.getByRole("menu");
    fireEvent.keyDown(menu, { key: "ArrowDown" });
    expect(document.activeElement?.textContent).toBe("Delete");
    fireEvent.keyDown(menu, { key: "ArrowDown" });
    expect(document.activeElement?.textContent).toBe("Edit");
    fireEvent.keyDown(menu, { key: "End" });
    expect(document.activeElement?.textContent).toBe("Delete");
    fireEvent.keyDown(menu, { key: "Home" });
    expect(document.activeElement?.textContent).toBe("Edit");
  });

  it("closes on Escape and gives focus back to its button", async () => {
    viewport(false);
    const { trigger } = setup();
    await openMenu(trigger);
    fireEvent.keyDown(document.activeElement!, { key: "Escape" });
    expect(screen.queryByRole("menu")).toBeNull();
    expect(document.activeElement).toBe(trigger);
  });

  it("opens with ArrowDown at the first item and with ArrowUp at the last, as menu buttons do", async () => {
    viewport(false);
    const { trigger } = setup();
    fireEvent.keyDown(trigger, { key: "ArrowUp" });
    expect(trigger.getAttribute("aria-expanded")).toBe("true");
    await waitFor(() => expect(document.activeElement?.textContent).toBe("Delete"));
    fireEvent.keyDown(document.activeElement!, { key: "Escape" });
    expect(document.activeElement).toBe(trigger);
    fireEvent.keyDown(trigger, { key: "ArrowDown" });
    await waitFor(() => expect(document.activeElement?.textContent).toBe("Edit"));
  });

  it("closes on a click outside", async () => {
    viewport(false);
    setup();
    await openMenu(screen.getByRole("button", { name: "Post options" }));
    fireEvent.pointerDown(screen.getByRole("button", { name: "Elsewhere" }));
    expect(screen.queryByRole("menu")).toBeNull();
  });

  it("runs the chosen action once and closes", async () => {
    viewport(false);
    const { trigger, onDelete, onEdit } = setup();
    await openMenu(trigger);
    fireEvent.click(screen.getByRole("menuitem", { name: "Delete" }));
    expect(onDelete).toHaveBeenCalledTimes(1);
    expect(onEdit).not.toHaveBeenCalled();
    expect(screen.queryByRole("menu")).toBeNull();
  });
});

describe("the options menu on a phone", () => {
  it("is a bottom sheet dialog with a Cancel button", async () => {
    viewport(true);
    const { trigger } = setup();
    await openMenu(trigger);
    const sheet = screen.getByRole("dialog", { name: "Post options" });
    expect(sheet.getAttribute("open")).not.toBeNull();
    expect(screen.getAllByRole("menuitem")).toHaveLength(3);
    fireEvent.click(screen.getByRole("button", { name: "Cancel" }));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(document.activeElement).toBe(trigger);
  });

  it("opens at the last item with ArrowUp on its button", async () => {
    viewport(true);
    const { trigger } = setup();
    fireEvent.keyDown(trigger, { key: "ArrowUp" });
    expect(await screen.findByRole("dialog", { name: "Post options" })).toBeTruthy();
    await waitFor(() => expect(document.activeElement?.textContent).toBe("Delete"));
  });

  it("closes on Escape", async () => {
    viewport(true);
    setup();
    await openMenu(screen.getByRole("button", { name: "Post options" }));
    act(() => {
      screen.getByRole("dialog").dispatchEvent(new Event("cancel", { cancelable: true }));
    });
    expect(screen.queryByRole("dialog")).toBeNull();
  });
});
