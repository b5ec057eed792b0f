import { describe, expect, it } from "vitest";
import { isSiteImage } from "#client/site-image.ts";
import { applyLinkPolicy, fitHeadings } from "./safe-html";

const outline = (root: HTMLElement) =>
  [...root.querySelectorAll("h1, h2, h3, h4, h5, h6")].map(
    (h) => `${h.tagName.toLowerCase()} ${h.textContent}`,
  );

function body(html: string) {
  const root = document.createElement("div");
  root.innerHTML = html;
  return root;
}

describe("a body's headings in the page's outline", () => {
  it("never gives a post page a second h1, and keeps the body's order of levels", () => {
    const root = body('<h1 id="a">Intro</h1><p>x</p><h3>Detail</h3><h1>Next</h1>');
    fitHeadings(root, 1);
    expect(outline(root)).toEqual(["h2 Intro", "h3 Detail", "h2 Next"]);
    expect(root.querySelector("h2")?.id).toBe("a");
  });

  it("goes one level below a card's h2 title, without skipping", () => {
    const root = body("<h4><strong>Deep</strong> title</h4><p>text</p>");
    fitHeadings(root, 2);
    expect(outline(root)).toEqual(["h3 Deep title"]);
    expect(root.querySelector("h3 strong")?.textContent).toBe("Deep");
  });

  it("leaves a body that already fits alone", () => {
    const root = body("<h2>A</h2><h3>B</h3>");
    fitHeadings(root, 1);
    expect(outline(root)).toEqual(["h2 A", "h3 B"]);
  });
});

describe("pictures in a body", () => {
  it("keeps this site's files and drops other sites' pictures (the CSP would refuse them)", () => {
    const root = body(
      '<img src="/media/posts/a.png" alt="ours"><img src="https://tracker.example/p.gif" alt="theirs"><img src="//cdn.example/x.png" alt="proto"><a href="https://example.com">out</a>',
    );
    applyLinkPolicy(root);
    const srcs = [...root.querySelectorAll("img")].map((img) => img.getAttribute("src"));
    expect(srcs).toEqual(["/media/posts/a.png", null, null]);
    expect(root.querySelector("a")?.getAttribute("href")).toBe("https://example.com");
  });

  it("names what is this site's picture", () => {
    expect(isSiteImage("/media/a.png")).toBe(true);
    for (const src of ["https://x.example/a.png", "//x.example/a.png", "/\\x.example", "", null, undefined])
      expect(isSiteImage(src), String(src)).toBe(false);
  });
});
