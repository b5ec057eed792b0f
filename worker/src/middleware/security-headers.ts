import type { MiddlewareHandler } from "hono";

/**
 * The pages' policy, both SPAs' (docs/decisions/094; answers of data have their own, below).
 * Everything is this origin's unless named: scripts, frames and calls of the two payment providers
 * for the money screens (Stripe.js from js.stripe.com talks to api.stripe.com and opens its frames
 * there, on hooks.stripe.com and m.stripe.network; the PayPal SDK loads from www.paypal.com, its
 * assets from www.paypalobjects.com, and opens checkout frames on www.paypal.com or the sandbox);
 * pictures are this site's (/media, the built assets), previews of a chosen file (data:, blob:),
 * and Google profile pictures of people who signed in with Google. Pictures from anywhere else are
 * not shown: a post body's or a blog cover's must be an uploaded file, and link previews carry no
 * picture. Inline styles are allowed because the SPAs set element styles from React. The chat
 * socket is this origin's (`connect-src 'self'` covers ws: and wss: to it).
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self' https://js.stripe.com https://*.js.stripe.com https://www.paypal.com https://www.sandbox.paypal.com https://www.paypalobjects.com",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: https://lh3.googleusercontent.com https://lh4.googleusercontent.com https://lh5.googleusercontent.com https://lh6.googleusercontent.com https://www.paypalobjects.com https://www.paypal.com https://www.sandbox.paypal.com",
  "media-src 'self' blob:",
  "font-src 'self' data:",
  "connect-src 'self' https://api.stripe.com https://www.paypal.com https://www.sandbox.paypal.com",
  "frame-src https://js.stripe.com https://*.js.stripe.com https://hooks.stripe.com https://m.stripe.network https://www.paypal.com https://www.sandbox.paypal.com",
  "frame-ancestors 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "object-src 'none'",
].join("; ");

/** Built files whose names carry a hash of their content (the SPAs' /assets/): kept for a year. */
export const IMMUTABLE_CACHE = "public, max-age=31536000, immutable";

/**
 * Two years, this host and every subdomain. Only on answers over https to a public host: a
 * browser ignores it over http anyway, and on https://localhost it would pin every local port to
 * https for two years.
 */
export const STRICT_TRANSPORT_SECURITY = "max-age=63072000; includeSubDomains";

export const SECURITY_HEADERS: Record<string, string> = {
  "Content-Security-Policy": CONTENT_SECURITY_POLICY,
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "strict-origin-when-cross-origin",
  "X-Frame-Options": "DENY",
  "Permissions-Policy": "camera=(), microphone=(), geolocation=()",
};

/**
 * An answer of data (JSON: every API answer with a body) is shown by no page and loads nothing, so
 * it carries the policy of nothing instead of the pages' (docs/decisions/238): a browser that opens
 * one as a document runs nothing in it and no page frames it. About a kilobyte less on each.
 */
const DATA_SECURITY_HEADERS: Record<string, string> = {
  "Content-Security-Policy": "default-src 'none'; frame-ancestors 'none'",
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "strict-origin-when-cross-origin",
  "X-Frame-Options": "DENY",
};

const LOOPBACK = /^(?:localhost|127(?:\.\d{1,3}){3}|\[::1\])$|\.localhost$/i;

/** Whether an answer to this address carries Strict-Transport-Security. */
export function wantsHsts(url: string): boolean {
  // Every answer passes here: an address over http is not parsed at all.
  if (!url.startsWith("https:")) return false;
  return !LOOPBACK.test(new URL(url).hostname);
}

export const securityHeaders: MiddlewareHandler = async (c, next) => {
  await next();
  // A WebSocket upgrade's response cannot take new headers.
  if (c.res.status === 101) return;
  const data = c.res.headers.get("content-type")?.startsWith("application/json") === true;
  for (const [name, value] of Object.entries(data ? DATA_SECURITY_HEADERS : SECURITY_HEADERS)) {
    if (!c.res.headers.has(name)) c.res.headers.set(name, value);
  }
  if (wantsHsts(c.req.url)) c.res.headers.set("Strict-Transport-Security", STRICT_TRANSPORT_SECURITY);
};
