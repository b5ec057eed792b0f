import { inArray } from "drizzle-orm";
import { MEDIA_MAX_BYTES } from "#shared/constants.ts";
import type { MediaKind } from "#shared/enums.ts";
import { POST_MSG } from "#shared/schemas/posts.ts";
import { uploads } from "#worker/db/schema/index.ts";
import type { Deps } from "#worker/deps.ts";
import { fail } from "./errors";
import { publicId } from "./ids";

// Uploaded files: what a file really is, storing it in R2 (and in `uploads`), removing it. Posts,
// communities, profiles and the admin's file list use these.

export interface Sniffed {
  contentType: string;
  kind: MediaKind;
  extension: string;
}

const ascii = (bytes: Uint8Array, from: number, to: number) =>
  String.fromCharCode(...bytes.subarray(from, to));

/**
 * What a file really is, from its first bytes. The name and the type the browser claims are never
 * trusted: a text file called photo.png is not an image. SVG is not accepted (it can carry script).
 */
export function sniffMedia(bytes: Uint8Array): Sniffed | null {
  if (bytes.length < 12) return null;
  if (bytes[0] === 0x89 && ascii(bytes, 1, 8) === "PNG\r\n\x1a\n")
    return { contentType: "image/png", kind: "IMAGE", extension: "png" };
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff)
    return { contentType: "image/jpeg", kind: "IMAGE", extension: "jpg" };
  if (ascii(bytes, 0, 6) === "GIF87a" || ascii(bytes, 0, 6) === "GIF89a")
    return { contentType: "image/gif", kind: "IMAGE", extension: "gif" };
  if (ascii(bytes, 0, 4) === "RIFF" && ascii(bytes, 8, 12) === "WEBP")
    return { contentType: "image/webp", kind: "IMAGE", extension: "webp" };
  if (bytes[0] === 0x1a && bytes[1] === 0x45 && bytes[2] === 0xdf && bytes[3] === 0xa3)
    return { contentType: "video/webm", kind: "VIDEO", extension: "webm" };
  if (ascii(bytes, 4, 8) === "ftyp") {
    const brand = ascii(bytes, 8, 12);
    if (brand === "qt  ") return { contentType: "video/quicktime", kind: "VIDEO", extension: "mov" };
    // Still-image containers share the box format; they are not videos.
    if (/^(avif|avis|heic|heix|heim|heis|mif1|msf1)$/.test(brand)) return null;
    return { contentType: "video/mp4", kind: "VIDEO", extension: "mp4" };
  }
  return null;
}

export interface StoredFile {
  /** The address the file is served at: /media/{key}. */
  url: string;
  key: string;
  kind: MediaKind;
  contentType: string;
}

/**
 * Checks a file by its size and bytes, then stores it in R2 under a random key with its real type.
 * `field` names the form field in the 422 detail.
 */
export async function storeUpload(
  { db, env }: Deps,
  input: {
    file: File;
    ownerId: number;
    field: string;
    accept: "image" | "media";
    folder: string;
    maxBytes?: number;
  },
): Promise<StoredFile> {
  const maxBytes = input.maxBytes ?? MEDIA_MAX_BYTES;
  if (input.file.size === 0) fail(422, "The file is empty", { field: input.field });
  if (input.file.size > maxBytes) fail(422, POST_MSG.fileMax, { field: input.field });
  const bytes = new Uint8Array(await input.file.arrayBuffer());
  const sniffed = sniffMedia(bytes);
  if (!sniffed || (input.accept === "image" && sniffed.kind !== "IMAGE")) {
    fail(
      415,
      input.accept === "image"
        ? `${input.field}: Use a PNG, JPEG, GIF or WebP image`
        : `${input.field}: ${POST_MSG.fileType}`,
    );
  }
  const key = `${input.folder}/${publicId(20)}.${sniffed.extension}`;
  await env.MEDIA.put(key, bytes, {
    httpMetadata: { contentType: sniffed.contentType, cacheControl: "public, max-age=31536000, immutable" },
  });
  await db.orm.insert(uploads).values({
    key,
    ownerId: input.ownerId,
    contentType: sniffed.contentType,
    size: bytes.length,
  });
  return { url: `/media/${key}`, key, kind: sniffed.kind, contentType: sniffed.contentType };
}

/** A `data:image/...;base64,` string (the Create Community form may send its image this way). */
export function fileFromDataUrl(value: string, field: string): File {
  const match = /^data:([\w.+-]+\/[\w.+-]+)?(;base64)?,(.*)$/s.exec(value.trim());
  if (!match?.[2]) fail(422, "Send the image as a file or a base64 data URL", { field });
  // 1 MB of bytes is about 1.37 MB of base64: anything far longer is refused before decoding.
  if (match[3]!.length > Math.ceil((MEDIA_MAX_BYTES * 4) / 3) + 16) fail(422, POST_MSG.fileMax, { field });
  let binary: string;
  try {
    binary = atob(match[3]!);
  } catch {
    fail(422, "The data URL is not valid base64", { field });
  }
  const bytes = Uint8Array.from(binary, (ch) => ch.charCodeAt(0));
  return new File([bytes], "image", { type: match[1] ?? "application/octet-stream" });
}

/** Removes stored files that nothing points at any more (a deleted post's media). Best effort. */
export async function deleteStoredFiles({ env }: Deps, urls: string[]): Promise<void> {
  const keys = urls.filter((u) => u.startsWith("/media/")).map((u) => u.slice("/media/".length));
  if (keys.length) await env.MEDIA.delete(keys).catch(() => undefined);
}

/** Removes stored files nothing shows any more: their uploads rows, then the R2 objects (best effort). */
export async function forgetFiles(deps: Deps, links: string[]): Promise<void> {
  const keys = links.filter((l) => l.startsWith("/media/")).map((l) => l.slice("/media/".length));
  if (keys.length === 0) return;
  await deps.db.orm.delete(uploads).where(inArray(uploads.key, keys));
  await deleteStoredFiles(deps, links);
}
