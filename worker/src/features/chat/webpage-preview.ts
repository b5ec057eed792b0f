import { WEBPAGE_PREVIEW_DESCRIPTION_MAX } from "#shared/constants.ts";
import type { WebpagePreview } from "#shared/schemas/chat.ts";
import type { Deps } from "#worker/deps.ts";
import { fail } from "#worker/lib/errors.ts";
import { sha256Hex } from "#worker/lib/ids.ts";
import { sniffImage } from "./image";

// `GET /api/webpage-preview`: the server fetches a page a user pasted, so it must not become a
// way into private networks. Only http(s) on the standard ports, to public host names or public
// addresses, without credentials; every redirect hop is checked the same way; the fetch has a
// timeout and reads at most PREVIEW_MAX_BYTES. (A public name that resolves to a private address
// cannot be caught here — Workers have no DNS lookup — but deployed Workers cannot reach private
// networks at all.) The page's picture is fetched under the same rules and kept in R2, so readers
// load it from this site.

const PREVIEW_TIMEOUT_MS = 5_000;
export const PREVIEW_MAX_BYTES = 512 * 1024;
/** A preview picture larger than this is left out. */
export const PREVIEW_IMAGE_MAX_BYTES = 1024 * 1024;
const MAX_REDIRECTS = 3;

export const PREVIEW_MSG = {
  invalid: "link: Must be a valid link",
  scheme: "Only http and https links can be previewed",
  credentials: "Links with a user name or password can not be previewed",
  port: "Only links on the standard ports can be previewed",
  address: "This address can not be previewed",
  unreachable: "The page could not be reached",
  notHtml: "This link is not a web page",
} as const;

/** The link as a URL the server may fetch, or a 4xx naming what is wrong with it. */
export function checkPreviewTarget(raw: string): URL {
  const withScheme = /^[a-z][a-z\d+.-]*:/i.test(raw) ? raw : `https://${raw}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    fail(422, PREVIEW_MSG.invalid);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") fail(400, PREVIEW_MSG.scheme);
  if (url.username || url.password) fail(400, PREVIEW_MSG.credentials);
  if (url.port && url.port !== "80" && url.port !== "443") fail(400, PREVIEW_MSG.port);
  if (!isPublicHost(url.hostname)) fail(400, PREVIEW_MSG.address);
  url.hash = "";
  return url;
}

/**
 * Whether a URL host (as the WHATWG parser leaves it: lowercase, IPv4 in dotted form whatever
 * way it was written, IPv6 in brackets) names a public place.
 */
export function isPublicHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, "");
  if (host.startsWith("[")) return isPublicIpv6(host.slice(1, -1));
  const v4 = parseIpv4(host);
  if (v4) return isPublicIpv4(v4);
  if (!host.includes(".")) return false;
  const blockedSuffixes = [
    ".localhost",
    ".local",
    ".internal",
    ".lan",
    ".home.arpa",
    ".localdomain",
    ".intranet",
  ];
  if (host === "localhost" || blockedSuffixes.some((s) => host.endsWith(s))) return false;
  const tld = host.slice(host.lastIndexOf(".") + 1);
  return /^(?:[a-z]{2,63}|xn--[a-z\d-]{1,59})$/.test(tld);
}

function parseIpv4(host: string): number[] | null {
  const parts = host.split(".");
  if (parts.length !== 4 || !parts.every((p) => /^\d{1,3}$/.test(p))) return null;
  const bytes = parts.map(Number);
  return bytes.every((b) => b <= 255) ? bytes : null;
}

function isPublicIpv4([a, b, c]: number[]): boolean {
  if (a === undefined || b === undefined || c === undefined) return false;
  if (a === 0 || a === 10 || a === 127 || a >= 224) return false; // this network, private, loopback, multicast, reserved
  if (a === 100 && b >= 64 && b <= 127) return false; // carrier-grade NAT
  if (a === 169 && b === 254) return false; // link-local (cloud metadata lives here)
  if (a === 172 && b >= 16 && b <= 31) return false;
  if (a === 192 && b === 168) return false;
  if (a === 192 && b === 0 && (c === 0 || c === 2)) return false; // protocol assignments, documentation
  if (a === 198 && (b === 18 || b === 19)) return false; // benchmarking
  if (a === 198 && b === 51 && c === 100) return false;
  if (a === 203 && b === 0 && c === 113) return false;
  return true;
}

function parseIpv6(text: string): number[] | null {
  let source = text;
  // An embedded IPv4 tail (::ffff:1.2.3.4) becomes two groups.
  const v4 = /(\d+\.\d+\.\d+\.\d+)$/.exec(source);
  if (v4) {
    const bytes = parseIpv4(v4[1]!);
    if (!bytes) return null;
    source = `${source.slice(0, -v4[1]!.length)}${((bytes[0]! << 8) | bytes[1]!).toString(16)}:${((bytes[2]! << 8) | bytes[3]!).toString(16)}`;
  }
  const halves = source.split("::");
  if (halves.length > 2) return null;
  const head = halves[0] ? halves[0].split(":") : [];
  const tail = halves.length === 2 && halves[1] ? halves[1].split(":") : [];
  const missing = 8 - head.length - tail.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return null;
  const groups = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill("0"), ...tail];
  if (!groups.every((g) => /^[\da-f]{1,4}$/.test(g))) return null;
  return groups.map((g) => Number.parseInt(g, 16));
}

function isPublicIpv6(text: string): boolean {
  const g = parseIpv6(text.toLowerCase());
  if (!g) return false;
  const [g0 = 0, g1 = 0] = g;
  // Only global unicast (2000::/3) is public; within it, documentation, 6to4 and Teredo can
  // wrap a private IPv4 address, so they are refused too.
  if ((g0 & 0xe000) !== 0x2000) return false;
  if (g0 === 0x2001 && (g1 === 0x0db8 || g1 === 0)) return false;
  if (g0 === 0x2002) return false;
  return true;
}

/**
 * Fetches a public address, checking every redirect hop like the first; answers the final response
 * (its body unread) and where it came from. Any failure is a 4xx from PREVIEW_MSG.
 */
async function fetchPublic(start: URL, accept: string): Promise<{ response: Response; url: URL }> {
  let current = start;
  for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
    let res: Response;
    try {
      res = await fetch(current.href, {
        redirect: "manual",
        signal: AbortSignal.timeout(PREVIEW_TIMEOUT_MS),
        headers: { accept, "user-agent": "AgoraBot/1.0 (link preview)" },
      });
    } catch {
      fail(422, PREVIEW_MSG.unreachable);
    }
    const location = res.headers.get("location");
    if (res.status >= 300 && res.status < 400 && location) {
      await res.body?.cancel();
      current = checkPreviewTarget(new URL(location, current).href);
      continue;
    }
    if (!res.ok) {
      await res.body?.cancel();
      fail(422, PREVIEW_MSG.unreachable);
    }
    return { response: res, url: current };
  }
  fail(422, PREVIEW_MSG.unreachable);
}

/**
 * Reads a page's title, site name, description (cut at 160) and image. The image is copied into
 * this site's storage (`/media/previews/…`): pages only ever load pictures from their own origin, so
 * a reader's browser never calls the previewed site.
 */
export async function fetchWebpagePreview(deps: Deps, link: string): Promise<WebpagePreview> {
  const requested = checkPreviewTarget(link);
  const { response, url } = await fetchPublic(requested, "text/html,application/xhtml+xml");
  const type = response.headers.get("content-type") ?? "";
  if (!/text\/html|application\/xhtml\+xml/i.test(type)) {
    await response.body?.cancel();
    fail(422, PREVIEW_MSG.notHtml);
  }
  const html = await readCapped(response, PREVIEW_MAX_BYTES);
  const { imageUrl, ...text } = await parsePreview(html, url);
  const image = imageUrl ? await copyPreviewImage(deps, imageUrl) : null;
  return { ...text, image, link: requested.href };
}

/**
 * The preview picture at `address`, kept in R2 under a name derived from the address: PNG, JPEG,
 * GIF or WebP by its bytes, at most PREVIEW_IMAGE_MAX_BYTES, fetched with the page's rules. Answers
 * its /media link, or null when it cannot be had (the preview then has no picture).
 */
async function copyPreviewImage({ env }: Deps, address: string): Promise<string | null> {
  try {
    const key = `previews/${(await sha256Hex(address)).slice(0, 40)}`;
    if (await env.MEDIA.head(key)) return `/media/${key}`;
    const { response } = await fetchPublic(checkPreviewTarget(address), "image/*");
    const bytes = await readCapped(response, PREVIEW_IMAGE_MAX_BYTES + 1);
    if (bytes.byteLength > PREVIEW_IMAGE_MAX_BYTES) return null;
    const kind = sniffImage(bytes);
    if (!kind) return null;
    await env.MEDIA.put(key, bytes, {
      httpMetadata: { contentType: kind.type, cacheControl: "public, max-age=31536000, immutable" },
    });
    return `/media/${key}`;
  } catch {
    return null;
  }
}

/** The first `max` bytes of the body; the rest is never downloaded. */
async function readCapped(response: Response, max: number): Promise<Uint8Array> {
  const reader = response.body?.getReader();
  if (!reader) return new Uint8Array();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    while (size < max) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      size += value.byteLength;
    }
  } catch {
    fail(422, PREVIEW_MSG.unreachable);
  } finally {
    await reader.cancel().catch(() => {});
  }
  const out = new Uint8Array(Math.min(size, max));
  let offset = 0;
  for (const chunk of chunks) {
    const part = chunk.subarray(0, out.length - offset);
    out.set(part, offset);
    offset += part.length;
    if (offset >= out.length) break;
  }
  return out;
}

async function parsePreview(
  html: Uint8Array,
  base: URL,
): Promise<Omit<WebpagePreview, "link" | "image"> & { imageUrl: string | null }> {
  const meta = new Map<string, string>();
  let title = "";
  let titleState: "before" | "inside" | "after" = "before";
  const rewriter = new HTMLRewriter()
    .on("meta", {
      element(el) {
        const key = (el.getAttribute("property") ?? el.getAttribute("name") ?? "").trim().toLowerCase();
        const content = el.getAttribute("content");
        if (key && content && !meta.has(key)) meta.set(key, content);
      },
    })
    .on("title", {
      element(el) {
        if (titleState !== "before") return;
        titleState = "inside";
        el.onEndTag(() => {
          titleState = "after";
        });
      },
      text(chunk) {
        if (titleState === "inside") title += chunk.text;
      },
    });
  await rewriter.transform(new Response(html, { headers: { "content-type": "text/html" } })).arrayBuffer();

  const pick = (...keys: string[]) => {
    for (const key of keys) {
      const value = clean(meta.get(key) ?? "");
      if (value) return value;
    }
    return null;
  };
  const description = pick("og:description", "twitter:description", "description");
  const imageRaw = pick(
    "og:image",
    "og:image:url",
    "og:image:secure_url",
    "twitter:image",
    "twitter:image:src",
  );
  return {
    title: truncate(pick("og:title", "twitter:title") ?? (clean(title) || null), 300),
    site_name: truncate(pick("og:site_name", "application-name") ?? base.hostname.replace(/^www\./, ""), 200),
    description: truncate(description, WEBPAGE_PREVIEW_DESCRIPTION_MAX),
    imageUrl: absoluteHttpUrl(imageRaw, base),
  };
}

function absoluteHttpUrl(value: string | null, base: URL): string | null {
  if (!value) return null;
  try {
    const url = new URL(value, base);
    if ((url.protocol !== "http:" && url.protocol !== "https:") || url.username || url.password) return null;
    return url.href.length <= 2048 ? url.href : null;
  } catch {
    return null;
  }
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " " };

/** Text as a reader sees it: entities decoded, whitespace collapsed. */
function clean(text: string): string {
  return text
    .replace(/&(#x[\da-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
      if (name[0] === "#") {
        const code =
          name[1] === "x" || name[1] === "X" ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
        return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
      }
      return ENTITIES[name.toLowerCase()] ?? whole;
    })
    .replace(/\s+/g, " ")
    .trim();
}

/** At most `max` characters; cut text ends with an ellipsis inside the limit. */
function truncate(text: string | null, max: number): string | null {
  if (!text) return null;
  if (text.length <= max) return text;
  let cut = text.slice(0, max - 1);
  // Never leave half of a surrogate pair (an emoji) at the end.
  if (/[\uD800-\uDBFF]$/.test(cut)) cut = cut.slice(0, -1);
  return `${cut.trimEnd()}…`;
}
