import { afterEach, describe, expect, it, vi } from "vitest";
import { api, json } from "#worker-test/api.ts";
import { createUser } from "#worker-test/people.ts";
import { isPublicHost, PREVIEW_MAX_BYTES, PREVIEW_MSG } from "./webpage-preview";

const preview = async (link: string, auth?: Record<string, string>) =>
  api(`/api/webpage-preview?link=${encodeURIComponent(link)}`, {
    headers: auth ?? (await createUser()).auth,
  });

afterEach(() => {
  vi.restoreAllMocks();
});

function serve(handler: (url: string) => Response) {
  const seen: string[] = [];
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input) => {
    const url = input instanceof Request ? input.url : String(input);
    seen.push(url);
    return handler(url);
  });
  return seen;
}

const html = (body: string) =>
  new Response(body, { headers: { "content-type": "text/html; charset=utf-8" } });

describe("GET /api/webpage-preview", () => {
  it("reads title, site name and description (cut at 160), and leaves the page's image out", async () => {
    const long = "Word ".repeat(60);
    const seen = serve(() =>
      html(`<!doctype html><html><head>
        <title>Fallback title</title>
        <meta property="og:title" content="Tom &amp; Jerry&#39;s page">
        <meta property="og:site_name" content="Example Site">
        <meta name="description" content="${long}">
        <meta property="og:image" content="/images/cover.png">
      </head><body><svg><title>not this</title></svg></body></html>`),
    );
    const res = await preview("https://example.com/page?x=1#frag");
    expect(res.status).toBe(200);
    const body = await json<Record<string, string | null>>(res);
    expect(body).toMatchObject({
      title: "Tom & Jerry's page",
      site_name: "Example Site",
      link: "https://example.com/page?x=1",
      image: null,
    });
    expect(body.description!.length).toBe(160);
    expect(body.description!.endsWith("…")).toBe(true);
    expect(seen).toEqual(["https://example.com/page?x=1"]);
  });

  it("falls back to <title> and the host, and accepts a link without its scheme", async () => {
    serve(() => html("<html><head><title>  Just\n a   title </title></head></html>"));
    const body = await json<Record<string, string | null>>(await preview("www.example.org/a"));
    expect(body).toEqual({
      title: "Just a title",
      site_name: "example.org",
      description: null,
      image: null,
      link: "https://www.example.org/a",
    });
  });

  it("refuses a link-local address (cloud metadata) without fetching it", async () => {
    const seen = serve(() => html("<title>secret</title>"));
    const res = await preview("http://169.254.169.254/latest/meta-data/");
    expect(res.status).toBe(400);
    expect((await json<{ detail: string }>(res)).detail).toBe(PREVIEW_MSG.address);
    expect(seen).toEqual([]);
  });

  it("refuses private, loopback and odd addresses, credentials, other schemes and ports", async () => {
    const seen = serve(() => html("<title>x</title>"));
    const refused = [
      "http://127.0.0.1/",
      "http://localhost:8787/api/health",
      "http://2130706433/",
      "http://0x7f.1/",
      "http://10.1.2.3/",
      "http://172.20.0.1/",
      "http://192.168.1.1/",
      "http://100.64.0.1/",
      "http://0.0.0.0/",
      "http://[::1]/",
      "http://[fe80::1]/",
      "http://[fd00::1]/",
      "http://[::ffff:169.254.169.254]/",
      "http://[::ffff:127.0.0.1]/",
      "http://printer.local/",
      "http://intranet/",
      "http://user:pass@example.com/",
      "https://example.com:8443/",
      "ftp://example.com/file",
      "file:///etc/passwd",
      "javascript:alert(1)",
    ];
    for (const link of refused) {
      const res = await preview(link);
      expect(res.status, link).toBeGreaterThanOrEqual(400);
      expect(res.status, link).toBeLessThan(500);
    }
    expect(seen).toEqual([]);
  });

  it("checks every redirect hop", async () => {
    const seen = serve((url) =>
      url.startsWith("https://short.example/")
        ? new Response(null, { status: 302, headers: { location: "http://169.254.169.254/" } })
        : html("<title>x</title>"),
    );
    const res = await preview("https://short.example/abc");
    expect(res.status).toBe(400);
    expect(seen).toEqual(["https://short.example/abc"]);
  });

  it("follows a redirect to a public page", async () => {
    serve((url) =>
      url === "https://short.example/abc"
        ? new Response(null, { status: 301, headers: { location: "/final" } })
        : html('<meta property="og:title" content="Final page">'),
    );
    const body = await json<{ title: string; link: string }>(await preview("https://short.example/abc"));
    expect(body).toMatchObject({ title: "Final page", link: "https://short.example/abc" });
  });

  it("answers 4xx for pages that are not HTML or cannot be reached", async () => {
    serve(() => new Response("{}", { headers: { "content-type": "application/json" } }));
    const notHtml = await preview("https://api.example.com/data");
    expect(notHtml.status).toBe(422);
    expect((await json<{ detail: string }>(notHtml)).detail).toBe(PREVIEW_MSG.notHtml);
    vi.restoreAllMocks();
    vi.spyOn(globalThis, "fetch").mockRejectedValue(new Error("timed out"));
    const down = await preview("https://down.example.com/");
    expect(down.status).toBe(422);
    vi.restoreAllMocks();
    serve(() => new Response("gone", { status: 404, headers: { "content-type": "text/html" } }));
    expect((await preview("https://example.com/missing")).status).toBe(422);
  });

  it("reads no more than the size cap of a huge page", async () => {
    let pulled = 0;
    const chunk = new TextEncoder().encode(`<p>${"x".repeat(64 * 1024)}</p>`);
    serve(
      () =>
        new Response(
          new ReadableStream({
            start(controller) {
              controller.enqueue(new TextEncoder().encode('<meta property="og:title" content="Big">'));
            },
            pull(controller) {
              pulled += chunk.byteLength;
              controller.enqueue(chunk);
            },
          }),
          { headers: { "content-type": "text/html" } },
        ),
    );
    const body = await json<{ title: string }>(await preview("https://big.example.com/"));
    expect(body.title).toBe("Big");
    expect(pulled).toBeLessThan(PREVIEW_MAX_BYTES + 3 * chunk.byteLength);
  });

  it("needs a session and a link", async () => {
    expect((await api("/api/webpage-preview?link=https://example.com")).status).toBe(401);
    const me = await createUser();
    const res = await api("/api/webpage-preview", { headers: me.auth });
    expect(res.status).toBe(422);
    expect((await json<{ detail: string }>(res)).detail).toMatch(/^link: /);
  });
});

describe("isPublicHost", () => {
  it("accepts public names and addresses", () => {
    for (const host of [
      "example.com",
      "www.agora.example",
      "8.8.8.8",
      "[2606:4700::1111]",
      "xn--bcher-kva.de",
    ])
      expect(isPublicHost(host), host).toBe(true);
  });
  it("refuses the rest", () => {
    for (const host of [
      "localhost",
      "a.localhost",
      "169.254.1.1",
      "[::]",
      "[2001:db8::1]",
      "[2002:a00::1]",
      "host",
    ])
      expect(isPublicHost(host), host).toBe(false);
  });
});
