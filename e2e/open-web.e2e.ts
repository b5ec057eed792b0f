import { describe, expect, it } from "vitest";
import { quiet, useBrowser } from "./browser";
import { lane } from "./lane";

// The open web in a browser: a public page comes with its first screen (docs/decisions/132), as
// data and as HTML (docs/decisions/192), so the app shows it without asking the API for it again.

interface FeedPage {
  list: Array<{ micropost: { public_id: string; title: string; link: string } }>;
}

async function newestPost() {
  const res = await fetch(`${lane().baseUrl}/api/v1/feed?option=new&skip=0&limit=4`);
  expect(res.status).toBe(200);
  return ((await res.json()) as FeedPage).list[0]!.micropost;
}

describe("the open web", () => {
  const { page } = useBrowser();

  it("a post's page shows the post it came with and does not ask the API for it again", async () => {
    const post = await newestPost();
    const { page: p, errors } = await page();
    const asked: string[] = [];
    p.on("request", (r) => {
      const url = new URL(r.url());
      if (url.pathname.startsWith("/api/")) asked.push(`${url.pathname}${url.search}`);
    });
    const res = await p.goto(post.link);
    expect(res?.status()).toBe(200);
    // The head a link preview reads came with the page.
    const html = await res!.text();
    expect(html).toContain('<meta property="og:type" content="article">');
    expect(html).toContain('id="agora-data"');
    // The page's first screen is written into it as HTML (docs/decisions/192); the app's own page
    // (with its reactions, actions and comments) then takes its place.
    expect(html).toContain('<link rel="expect" href="#agora-data" blocking="render">');
    await p
      .getByTestId("post-detail")
      .getByRole("heading", { name: post.title })
      .waitFor({ state: "visible" });
    await quiet(p);
    // A document's title collapses runs of white space (a tab in a title shows as one space).
    await expect.poll(() => p.title()).toContain(post.title.replace(/\s+/g, " ").trim());
    expect(asked.filter((path) => path.startsWith("/api/v1/micropost?"))).toEqual([]);
    // The comments are not part of the first screen: the page still asks for them.
    expect(asked.some((path) => path.startsWith("/api/v1/micropost/comment/list?"))).toBe(true);
    expect(errors).toEqual([]);
  });

  it("the home page shows the feed it came with and does not ask for it again", async () => {
    const post = await newestPost();
    const { page: p, errors } = await page();
    const asked: string[] = [];
    p.on("request", (r) => {
      const url = new URL(r.url());
      if (url.pathname === "/api/v1/feed") asked.push(url.searchParams.get("cursor") ?? "first page");
    });
    await p.goto("/");
    await p
      .getByTestId("post-card")
      .getByRole("link", { name: post.title })
      .first()
      .waitFor({ state: "visible" });
    await quiet(p);
    // Only later pages, as the reader scrolls (or the first screen has room for more).
    expect(asked).not.toContain("first page");
    expect(errors).toEqual([]);
  });
});
