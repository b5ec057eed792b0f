// The kinds of picture a chat accepts, recognised from their first bytes: the type a browser
// claims for an upload is never trusted.
const SIGNATURES: Array<{ type: string; ext: string; test: (b: Uint8Array) => boolean }> = [
  { type: "image/png", ext: "png", test: (b) => starts(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) },
  { type: "image/jpeg", ext: "jpg", test: (b) => starts(b, [0xff, 0xd8, 0xff]) },
  { type: "image/gif", ext: "gif", test: (b) => ascii(b, 0, "GIF87a") || ascii(b, 0, "GIF89a") },
  { type: "image/webp", ext: "webp", test: (b) => ascii(b, 0, "RIFF") && ascii(b, 8, "WEBP") },
];

function starts(bytes: Uint8Array, prefix: number[]): boolean {
  return prefix.every((v, i) => bytes[i] === v);
}
function ascii(bytes: Uint8Array, at: number, text: string): boolean {
  return [...text].every((ch, i) => bytes[at + i] === ch.charCodeAt(0));
}

/** The image's real type and extension, or null when the bytes are not a picture we show. */
export function sniffImage(bytes: Uint8Array): { type: string; ext: string } | null {
  const hit = SIGNATURES.find((s) => s.test(bytes));
  return hit ? { type: hit.type, ext: hit.ext } : null;
}

/** "1.4" for 1.4 MB, as the file-size message shows it. */
export function megabytes(size: number): string {
  return (size / (1024 * 1024)).toFixed(1).replace(/\.0$/, "");
}
