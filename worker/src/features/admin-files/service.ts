import { adminFiles } from "#worker/db/schema/index.ts";
import type { Deps } from "#worker/deps.ts";
import { publicId } from "#worker/lib/ids.ts";

/**
 * Puts a checked image in R2 under a fresh public id (cached for good: the name never changes) and
 * records who uploaded it. Answers the stored row.
 */
export async function storeAdminFile(
  { db, env }: Deps,
  adminId: number,
  image: { bytes: Uint8Array; contentType: string; extension: string },
) {
  const filePublicId = publicId(20);
  const key = `admin/${filePublicId}.${image.extension}`;
  await env.MEDIA.put(key, image.bytes, {
    httpMetadata: { contentType: image.contentType, cacheControl: "public, max-age=31536000, immutable" },
  });
  return db.orm
    .insert(adminFiles)
    .values({ file: `/media/${key}`, filePublicId, contentType: image.contentType, adminId })
    .returning()
    .get();
}
