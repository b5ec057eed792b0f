import { IMAGE_MAX_BYTES } from "#shared/constants.ts";

/**
 * Every picture a person uploads goes through here first, in their browser: a phone photo (4032 ×
 * 3024, 4–5 MB) becomes one that fits the 1 MB limit the API keeps, turned the way the camera held
 * it, and without its metadata (the place it was taken, the camera): drawing it on a canvas and
 * encoding the canvas keeps only the pixels.
 *
 * - A JPEG is always re-encoded (cameras write their EXIF, GPS included, into JPEGs); a PNG or WebP
 *   only when it is too large or carries an EXIF block; a GIF never (it may move, and a canvas
 *   keeps one frame), nor anything that is not a picture.
 * - The long side steps down and the quality with it until the file fits; the first that fits wins.
 * - Pictures that may be transparent (PNG, WebP) become WebP, the rest JPEG; a browser that cannot
 *   write WebP gets JPEG.
 * - Anything the browser cannot decode is handed back unchanged, so the form's own check (type,
 *   size) says what is wrong as before.
 */
export async function shrinkPicture(file: File, maxBytes: number = IMAGE_MAX_BYTES): Promise<File> {
  if (!file.type.startsWith("image/") || file.type === "image/gif" || file.type === "image/svg+xml")
    return file;
  const needsWork = file.size > maxBytes || file.type === "image/jpeg" || (await hasExifBlock(file));
  if (!needsWork) return file;
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: "from-image" });
  } catch {
    return file;
  }
  try {
    const transparent = file.type === "image/png" || file.type === "image/webp";
    const longest = Math.max(bitmap.width, bitmap.height);
    // The first try keeps a small picture's own size; later ones only ever make it smaller.
    const sides = LONG_SIDES.filter((side, i) => i === 0 || side < longest);
    let smallest: Blob | null = null;
    for (const side of sides) {
      for (const quality of QUALITIES) {
        const blob = await encode(bitmap, Math.min(1, side / longest), transparent, quality);
        if (!blob) return file;
        if (blob.size <= maxBytes) return asFile(blob, file.name);
        if (!smallest || blob.size < smallest.size) smallest = blob;
      }
    }
    return smallest ? asFile(smallest, file.name) : file;
  } finally {
    bitmap.close();
  }
}

/** Long sides tried in turn: 2048 keeps a photo sharp on any screen; the rest are for busy pictures. */
const LONG_SIDES = [2048, 1600, 1280, 1024, 800];
/** Qualities tried at each side before a smaller side. */
const QUALITIES = [0.85, 0.72, 0.6];

async function encode(
  bitmap: ImageBitmap,
  scale: number,
  transparent: boolean,
  quality: number,
): Promise<Blob | null> {
  const width = Math.max(1, Math.round(bitmap.width * scale));
  const height = Math.max(1, Math.round(bitmap.height * scale));
  const type = transparent ? "image/webp" : "image/jpeg";
  const blob = await draw(bitmap, width, height, type, quality, !transparent);
  // A browser without a WebP encoder answers PNG: JPEG is smaller and always written.
  if (blob && blob.type !== type) return draw(bitmap, width, height, "image/jpeg", quality, true);
  return blob;
}

async function draw(
  bitmap: ImageBitmap,
  width: number,
  height: number,
  type: string,
  quality: number,
  opaque: boolean,
): Promise<Blob | null> {
  if (typeof OffscreenCanvas !== "undefined") {
    const canvas = new OffscreenCanvas(width, height);
    const context = canvas.getContext("2d");
    if (!context) return null;
    paint(context, bitmap, width, height, opaque);
    return canvas.convertToBlob({ type, quality });
  }
  const canvas = document.createElement("canvas");
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext("2d");
  if (!context) return null;
  paint(context, bitmap, width, height, opaque);
  return new Promise((resolve) => canvas.toBlob(resolve, type, quality));
}

function paint(
  context: OffscreenCanvasRenderingContext2D | CanvasRenderingContext2D,
  bitmap: ImageBitmap,
  width: number,
  height: number,
  opaque: boolean,
) {
  // A JPEG has no transparency: transparent parts would turn black, white reads as intended.
  if (opaque) {
    context.fillStyle = "#fff";
    context.fillRect(0, 0, width, height);
  }
  context.imageSmoothingQuality = "high";
  context.drawImage(bitmap, 0, 0, width, height);
}

function asFile(blob: Blob, name: string): File {
  const extension = blob.type === "image/webp" ? "webp" : "jpg";
  const base = name.replace(/\.[^.]+$/, "") || "picture";
  return new File([blob], `${base}.${extension}`, { type: blob.type, lastModified: Date.now() });
}

/** Whether a PNG or WebP carries an EXIF block (PNG's eXIf chunk, WebP's EXIF chunk) near its start. */
async function hasExifBlock(file: File): Promise<boolean> {
  if (file.type !== "image/png" && file.type !== "image/webp") return false;
  const head = new Uint8Array(await file.slice(0, 256 * 1024).arrayBuffer());
  const marker = file.type === "image/png" ? "eXIf" : "EXIF";
  const codes = [...marker].map((c) => c.charCodeAt(0));
  for (let i = 0; i + 4 <= head.length; i++) {
    if (
      head[i] === codes[0] &&
      head[i + 1] === codes[1] &&
      head[i + 2] === codes[2] &&
      head[i + 3] === codes[3]
    )
      return true;
  }
  return false;
}

/** Shrinks each picture of a list (one after the other: each holds a large bitmap while it works). */
export async function shrinkPictures(files: File[], maxBytes?: number): Promise<File[]> {
  const out: File[] = [];
  for (const file of files) out.push(await shrinkPicture(file, maxBytes));
  return out;
}
