// 32 letters, so a byte maps onto it without bias.
const ALPHABET = "abcdefghijkmnpqrstuvwxyz23456789";

/** A random, URL-safe public id (16 characters, 80 bits). */
export function publicId(length = 16): string {
  const bytes = crypto.getRandomValues(new Uint8Array(length));
  let id = "";
  for (const b of bytes) id += ALPHABET[b % 32];
  return id;
}

/** A URL slug of a title: lowercase words joined by dashes. */
export function slugify(text: string, max = 60): string {
  const slug = text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, max)
    .replace(/-+$/g, "");
  return slug || "post";
}

export async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/**
 * A slug for a job or a service: its title slugified plus six random characters, so two jobs of one
 * owner with the same title still get different addresses (the unique index backs this up).
 */
export function makeSlug(title: string, kind: "job" | "service"): string {
  const base = /[a-z0-9]/i.test(title.normalize("NFKD")) ? slugify(title, 50) : kind;
  return `${base}-${publicId(6)}`;
}
