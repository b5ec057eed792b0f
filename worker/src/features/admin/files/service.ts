import { count, desc, eq } from "drizzle-orm";
import { type Page, toPage } from "#shared/api.ts";
import { IMAGE_MAX_BYTES } from "#shared/constants.ts";
import { ADMIN_MSG, type AdminFile } from "#shared/schemas/admin.ts";
import { adminFiles } from "#worker/db/schema/index.ts";
import type { Deps } from "#worker/deps.ts";
import type { AuthAdmin } from "#worker/env.ts";
import { fail } from "#worker/lib/errors.ts";
import { publicId } from "#worker/lib/ids.ts";
import { sniffMedia } from "#worker/lib/media.ts";
import { iso } from "#worker/lib/time.ts";
import { auditStatement } from "../audit/service";
import { deleteFileStatement, insertFileStatement } from "./queries";

type FileRow = typeof adminFiles.$inferSelect;

function toAdminFile(row: FileRow): AdminFile {
  return {
    id: row.id,
    file: row.file,
    file_public_id: row.filePublicId,
    created_at: iso(row.createdAt),
  };
}

const MEDIA_PREFIX = "/media/";

/** `POST .../file/upload`: an image of at most IMAGE_MAX_BYTES, its kind read from its bytes. */
export async function uploadAdminFile(deps: Deps, admin: AuthAdmin, file: File): Promise<AdminFile> {
  if (file.size === 0) fail(422, "The file is empty", { field: "file" });
  if (file.size > IMAGE_MAX_BYTES) fail(413, "File size should not exceed 1MB", { field: "file" });
  const bytes = new Uint8Array(await file.arrayBuffer());
  // The bytes decide what the file is, never its name or the browser's word.
  const sniffed = sniffMedia(bytes);
  if (sniffed?.kind !== "IMAGE") fail(415, "Use a PNG, JPEG, GIF or WebP image", { field: "file" });
  return storeAdminFile(deps, admin, { ...sniffed, bytes });
}

/**
 * Puts a checked image in R2 under a fresh public id (cached for good: the name never changes) and
 * records who uploaded it, with its audit row in the same batch. Answers the stored row.
 */
export async function storeAdminFile(
  { db, env }: Deps,
  admin: AuthAdmin,
  image: { bytes: Uint8Array; contentType: string; extension: string },
): Promise<AdminFile> {
  const filePublicId = publicId(20);
  const key = `admin/${filePublicId}.${image.extension}`;
  await env.MEDIA.put(key, image.bytes, {
    httpMetadata: { contentType: image.contentType, cacheControl: "public, max-age=31536000, immutable" },
  });
  const [inserted] = await db.write([
    insertFileStatement(db, {
      file: `${MEDIA_PREFIX}${key}`,
      filePublicId,
      contentType: image.contentType,
      adminId: admin.id,
      now: Date.now(),
    }),
    auditStatement(db, admin, { action: "FILE_UPLOAD", target: `file:${filePublicId}`, detail: key }),
  ]);
  const row = inserted!.results[0] as {
    id: number;
    file: string;
    file_public_id: string;
    created_at: number;
  };
  return {
    id: row.id,
    file: row.file,
    file_public_id: row.file_public_id,
    created_at: iso(row.created_at),
  };
}

/** `GET .../file/list`: newest first. */
export async function listAdminFiles(
  { db }: Deps,
  input: { skip: number; limit: number },
): Promise<Page<AdminFile>> {
  const [rows, total] = await db.orm.batch([
    db.orm
      .select()
      .from(adminFiles)
      .orderBy(desc(adminFiles.createdAt), desc(adminFiles.id))
      .limit(input.limit)
      .offset(input.skip),
    db.orm.select({ n: count() }).from(adminFiles),
  ]);
  return toPage(rows.map(toAdminFile), total[0]?.n ?? 0, input.limit);
}

/** `DELETE .../file`: the row and its audit row together, then the object in R2. */
export async function deleteAdminFile({ db, env }: Deps, admin: AuthAdmin, id: number): Promise<void> {
  const row = await db.orm.select().from(adminFiles).where(eq(adminFiles.id, id)).get();
  if (!row) fail(404, ADMIN_MSG.fileNotFound);
  const [deleted] = await db.write([
    deleteFileStatement(db, row.id),
    auditStatement(
      db,
      admin,
      { action: "FILE_DELETE", target: `file:${row.filePublicId}`, detail: row.file },
      "changed",
    ),
  ]);
  if (!deleted?.meta.changes) fail(404, ADMIN_MSG.fileNotFound);
  if (row.file.startsWith(MEDIA_PREFIX)) await env.MEDIA.delete(row.file.slice(MEDIA_PREFIX.length));
}
