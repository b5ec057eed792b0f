import { act, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { closeImagePreview, ImagePreviewHost, openImagePreview } from "./image-preview";

afterEach(() => act(() => closeImagePreview()));

describe("the image preview", () => {
  it("shows the image full size with a link to the original", async () => {
    render(<ImagePreviewHost />);
    act(() => openImagePreview("/media/a.png", "A sunset"));
    await screen.findByTestId("image-preview");
    const dialog = screen.getByRole("dialog", { name: "A sunset" });
    expect(dialog.querySelector("img")?.getAttribute("src")).toBe("/media/a.png");
    expect(screen.getByRole("link", { name: "Open original" }).getAttribute("href")).toBe("/media/a.png");
  });

  it("closes on Escape", async () => {
    render(<ImagePreviewHost />);
    act(() => openImagePreview("/media/a.png"));
    await screen.findByTestId("image-preview");
    act(() => {
      screen.getByTestId("image-preview").dispatchEvent(new Event("cancel", { cancelable: true }));
    });
    expect(screen.queryByTestId("image-preview")).toBeNull();
  });

  it("closes on a click beside the image but not on the image", async () => {
    render(<ImagePreviewHost />);
    act(() => openImagePreview("/media/a.png", "A sunset"));
    await screen.findByTestId("image-preview");
    fireEvent.click(screen.getByRole("img", { name: "A sunset" }));
    expect(screen.queryByTestId("image-preview")).not.toBeNull();
    fireEvent.click(screen.getByRole("img", { name: "A sunset" }).parentElement!);
    expect(screen.queryByTestId("image-preview")).toBeNull();
  });

  it("closes with its Close button", async () => {
    render(<ImagePreviewHost />);
    act(() => openImagePreview("/media/a.png"));
    await screen.findByTestId("image-preview");
    fireEvent.click(screen.getByRole("button", { name: "Close" }));
    expect(screen.queryByTestId("image-preview")).toBeNull();
  });
});
