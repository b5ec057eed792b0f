import { describe, expect, it } from "vitest";
import { api, json } from "#worker-test/api.ts";

describe("the foundation", () => {
  it("answers /api/health", async () => {
    const res = await api("/api/health");
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: "ok" });
    expect(res.headers.get("x-request-id")).toBeTruthy();
  });

  it("sends security headers on API answers", async () => {
    const res = await api("/api/health");
    expect(res.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
  });

  it("gives an unknown /api path a JSON 404 with detail", async () => {
    const res = await api("/api/v1/no/such/thing");
    expect(res.status).toBe(404);
    expect(res.headers.get("content-type")).toContain("application/json");
    const body = await json<{ detail: string }>(res);
    expect(body.detail).toContain("/api/v1/no/such/thing");
  });

  it("serves the OpenAPI document generated from the routes", async () => {
    const res = await api("/api/openapi.json");
    expect(res.status).toBe(200);
    const doc = await json<{ openapi: string; paths: Record<string, unknown> }>(res);
    expect(doc.openapi).toBe("3.1.0");
    expect(doc.paths["/api/health"]).toBeDefined();
    expect(doc.paths["/api/dev/outbox"]).toBeDefined();
  });

  it("serves the API reference page from the Worker, with its script from the same origin", async () => {
    const page = await api("/api/docs");
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('<script src="/api/docs/reference.js"');
    expect(html).not.toMatch(/https?:\/\/(cdn|unpkg|jsdelivr)/);
    const script = await api("/api/docs/reference.js");
    expect(script.headers.get("content-type")).toContain("javascript");
  });

  it("refuses private paths without a token, and admin paths with none", async () => {
    expect((await api("/api/v1/private/user/auth/me")).status).toBe(401);
    const admin = await api("/api/admin/private/auth/me");
    expect(admin.status).toBe(401);
    expect((await json<{ detail: string }>(admin)).detail).toBeTruthy();
  });

  it("answers 404 for a missing media file", async () => {
    const res = await api("/media/nothing/here.png");
    expect(res.status).toBe(404);
  });
});

describe("the admin SPA's files", () => {
  it("answers a missing admin asset with a JSON 404, not the page", async () => {
    const res = await api("/admin/assets/missing-file.js");
    expect(res.status).toBe(404);
    expect(res.headers.get("content-type")).toContain("application/json");
  });
});
