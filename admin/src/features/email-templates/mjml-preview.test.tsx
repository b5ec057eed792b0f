import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { MjmlPreview } from "./mjml-preview";

// The live preview renders with the real mjml-browser, as the admin site does.
describe("the MJML live preview", () => {
  it("shows the rendered e-mail in a frame that may run nothing", async () => {
    const { getByRole } = render(
      <MjmlPreview text="<mjml><mj-body><mj-section><mj-column><mj-text>Hello readers</mj-text></mj-column></mj-section></mj-body></mjml>" />,
    );
    expect(getByRole("status").textContent).toBe("Rendering the preview…");
    const frame = await screen.findByTitle("Preview", {}, { timeout: 10_000 });
    expect(frame.getAttribute("sandbox")).toBe("");
    expect(frame.getAttribute("srcdoc")).toContain("Hello readers");
  });

  it('says "Failed to render MJML" for an unknown tag and for text that is no MJML', async () => {
    const { unmount } = render(
      <MjmlPreview text="<mjml><mj-body><mj-nonsense>x</mj-nonsense></mj-body></mjml>" />,
    );
    expect((await screen.findByRole("alert", {}, { timeout: 10_000 })).textContent).toContain(
      "Failed to render MJML",
    );
    expect(screen.queryByTitle("Preview")).toBeNull();
    unmount();
    render(<MjmlPreview text="just some words" />);
    expect((await screen.findByRole("alert", {}, { timeout: 10_000 })).textContent).toContain(
      "Failed to render MJML",
    );
  });

  it("fails, rather than showing a blank page, for MJML that parses but renders nothing (an unclosed tag)", async () => {
    render(
      <MjmlPreview text="<mjml><mj-body><mj-section><mj-column><mj-text>Hi</mj-column></mj-section></mj-body></mjml>" />,
    );
    const alert = await screen.findByRole("alert", {}, { timeout: 10_000 });
    expect(alert.textContent).toContain("Failed to render MJML");
    expect(alert.textContent).toContain("check that every tag is closed");
    expect(screen.queryByTitle("Preview")).toBeNull();
  });
});
