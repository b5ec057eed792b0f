import { describe, expect, it } from "vitest";
import { lane } from "./lane";

// Against the same server `bun run dev` runs: one origin, two SPAs, the API and media.
const get = (path: string) => fetch(`${lane().baseUrl}${path}`, { redirect: "manual" });

describe("one Worker serving the API, the main site and the admin site", () => {
  it("answers /api/health", async () => {
    const res = await get("/api/health");
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: "ok" });
  });

  it("serves different SPAs at / and /admin/, and deep links reach the right one", async () => {
    const main = await (await get("/")).text();
    const admin = await (await get("/admin/")).text();
    // The main site's pages carry their own titles (the open web writes each page's head), so the
    // main SPA is told by its scripts: it loads from /assets/, the admin SPA from /admin/assets/.
    const isMain = (html: string) => html.includes('src="/assets/') && !html.includes("Agora Admin");
    expect(isMain(main)).toBe(true);
    expect(admin).toContain("<title>Agora Admin</title>");
    for (const path of ["/c/agora", "/user/alice/followers", "/settings/profile", "/chat/thread/new"]) {
      const res = await get(path);
      expect(res.status, path).toBe(200);
      expect(isMain(await res.text()), path).toBe(true);
    }
    for (const path of ["/admin/users", "/admin/email/template/new", "/admin/admin"]) {
      const res = await get(path);
      expect(res.status, path).toBe(200);
      expect(await res.text(), path).toContain("<title>Agora Admin</title>");
    }
  });

  it("lets browsers keep the built scripts (their names change with their content) and ask again for the pages", async () => {
    for (const [page, prefix] of [
      ["/", "/assets/"],
      ["/admin/", "/admin/assets/"],
    ] as const) {
      const res = await get(page);
      expect(res.headers.get("cache-control") ?? "", page).not.toContain("immutable");
      const script = (await res.text()).match(/src="([^"]+\.js)"/)?.[1];
      expect(script?.startsWith(prefix), `${page} loads ${script}`).toBe(true);
      const asset = await get(script ?? "");
      expect(asset.status, script).toBe(200);
      expect(asset.headers.get("cache-control"), script).toBe("public, max-age=31536000, immutable");
    }
  });

  it("gives an unknown API path a JSON 404 with detail", async () => {
    const res = await get("/api/v1/unknown");
    expect(res.status).toBe(404);
    expect(await res.json()).toHaveProperty("detail");
  });

  it("serves the OpenAPI document and the reference page", async () => {
    const doc = await (await get("/api/openapi.json")).json();
    expect(doc.paths["/api/health"]).toBeDefined();
    expect((await get("/api/docs")).status).toBe(200);
  });

  it("serves seeded media with its real type", async () => {
    const res = await get("/media/seed/community-agora.svg");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/svg+xml");
  });
});
