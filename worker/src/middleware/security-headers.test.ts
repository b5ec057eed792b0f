import { exports } from "cloudflare:workers";
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { api } from "#worker-test/api.ts";
import {
  CONTENT_SECURITY_POLICY,
  STRICT_TRANSPORT_SECURITY,
  securityHeaders,
  wantsHsts,
} from "./security-headers";

// Strict-Transport-Security on https answers of a public host; on pages a Content-Security-Policy
// whose pictures and connections are this site's and the named providers', not any host; on answers
// of data (the API's JSON) the policy of nothing.

/** A page answered through the headers middleware, as the admin SPA's index.html is. */
async function page(): Promise<Response> {
  const app = new Hono().use(securityHeaders).get("/admin/", (c) => c.html("<!doctype html><p>Agora</p>"));
  return app.request("/admin/");
}

const at = (url: string) => exports.default.fetch(new Request(url));

/** The sources of one directive of a policy. */
function sources(policy: string, directive: string): string[] {
  const found = policy
    .split(";")
    .map((part) => part.trim().split(/\s+/))
    .find(([name]) => name === directive);
  if (!found) throw new Error(`no ${directive} in ${policy}`);
  return found.slice(1);
}

describe("security headers", () => {
  it("sends Strict-Transport-Security for two years, subdomains included, on https answers", async () => {
    for (const url of ["https://agora.example/api/health", "https://agora.example/api/v1/no/such/path"]) {
      const res = await at(url);
      expect(res.headers.get("strict-transport-security"), url).toBe("max-age=63072000; includeSubDomains");
    }
    expect(STRICT_TRANSPORT_SECURITY).toBe("max-age=63072000; includeSubDomains");
  });

  it("leaves it off plain http and off this machine, so local http runs are never pinned to https", async () => {
    for (const url of [
      "http://localhost:8787/api/health",
      "http://agora.example/api/health",
      "https://localhost:8787/api/health",
      "https://127.0.0.1/api/health",
      "https://[::1]/api/health",
      "https://agora.localhost/api/health",
    ]) {
      expect((await at(url)).headers.get("strict-transport-security"), url).toBeNull();
      expect(wantsHsts(url), url).toBe(false);
    }
  });

  it("gives an answer of data the policy of nothing: it loads nothing and no page frames it", async () => {
    for (const path of ["/api/health", "/api/v1/feed", "/api/v1/no/such/path"]) {
      const res = await api(path);
      expect(res.headers.get("content-type"), path).toMatch(/^application\/json/);
      expect(res.headers.get("content-security-policy"), path).toBe(
        "default-src 'none'; frame-ancestors 'none'",
      );
      expect(res.headers.get("x-content-type-options"), path).toBe("nosniff");
      expect(res.headers.get("x-frame-options"), path).toBe("DENY");
      // A document that runs nothing has no camera to deny.
      expect(res.headers.get("permissions-policy"), path).toBeNull();
    }
  });

  it("gives a page the pages' policy and denies it camera, microphone and location", async () => {
    const res = await page();
    expect(res.headers.get("content-security-policy")).toBe(CONTENT_SECURITY_POLICY);
    expect(res.headers.get("permissions-policy")).toBe("camera=(), microphone=(), geolocation=()");
    expect(res.headers.get("x-frame-options")).toBe("DENY");
  });

  it("lets pictures come only from this site, file previews and Google profile pictures", async () => {
    const policy = (await page()).headers.get("content-security-policy")!;
    expect(policy).toBe(CONTENT_SECURITY_POLICY);
    expect(sources(policy, "img-src")).toEqual([
      "'self'",
      "data:",
      "blob:",
      "https://lh3.googleusercontent.com",
      "https://lh4.googleusercontent.com",
      "https://lh5.googleusercontent.com",
      "https://lh6.googleusercontent.com",
      "https://www.paypalobjects.com",
      "https://www.paypal.com",
      "https://www.sandbox.paypal.com",
    ]);
  });

  it("lets the page connect only to this site (its chat socket included) and the payment APIs", async () => {
    const policy = (await page()).headers.get("content-security-policy")!;
    expect(sources(policy, "connect-src")).toEqual([
      "'self'",
      "https://api.stripe.com",
      "https://www.paypal.com",
      "https://www.sandbox.paypal.com",
    ]);
  });

  it("names hosts, never a whole scheme or any host, in every directive", () => {
    for (const part of CONTENT_SECURITY_POLICY.split(";")) {
      const [directive, ...list] = part.trim().split(/\s+/);
      for (const source of list) {
        expect(["https:", "http:", "ws:", "wss:", "*"], `${directive} ${source}`).not.toContain(source);
        if (source.startsWith("https://"))
          expect(source, directive).toMatch(/^https:\/\/(\*\.)?[a-z0-9.-]+$/);
      }
    }
  });
});
