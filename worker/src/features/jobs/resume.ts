import { eq } from "drizzle-orm";
import { JOBS_MSG, type Resume } from "#shared/schemas/jobs.ts";
import { resumes, uploads } from "#worker/db/schema/index.ts";
import type { Deps } from "#worker/deps.ts";
import { fail } from "#worker/lib/errors.ts";
import { publicId } from "#worker/lib/ids.ts";
import { deleteStoredFiles } from "#worker/lib/media.ts";
import { hitRateLimit } from "#worker/lib/rate-limits.ts";

// The résumé of the job settings tab: one PDF per person in R2, beside the job title and skills of
// the job profile (features/people). Replacing it removes the old file.

const link = (key: string) => `/media/${key}`;

/** A PDF starts with "%PDF-"; the name and the type the browser claims are not trusted. */
function isPdf(bytes: Uint8Array): boolean {
  return bytes.length >= 5 && String.fromCharCode(...bytes.subarray(0, 5)) === "%PDF-";
}

export async function getResume(deps: Deps, userId: number): Promise<Resume> {
  // Through a batch: the request's token check rides in the same round trip (docs/decisions/156).
  const [[row]] = await deps.db.orm.batch([
    deps.db.orm.select().from(resumes).where(eq(resumes.userId, userId)),
  ]);
  return { link: row ? link(row.key) : null };
}

/** Résumés a person may upload per hour. */
const RESUMES_PER_HOUR = { max: 20, windowMs: 60 * 60_000 };

/** `POST /api/v1/user/resume`: stores the PDF (its size was checked by the schema) and answers its link. */
export async function storeResume(deps: Deps, userId: number, file: File): Promise<{ link: string }> {
  await hitRateLimit(deps.db, `resume:${userId}`, RESUMES_PER_HOUR);
  if (file.size === 0) fail(422, JOBS_MSG.fileEmpty, { field: "file" });
  const bytes = new Uint8Array(await file.arrayBuffer());
  if (!isPdf(bytes)) fail(415, JOBS_MSG.resumeType, { field: "file" });
  const previous = await deps.db.orm.select().from(resumes).where(eq(resumes.userId, userId)).get();
  const key = `resumes/${publicId(20)}.pdf`;
  await deps.env.MEDIA.put(key, bytes, {
    httpMetadata: {
      contentType: "application/pdf",
      contentDisposition: 'attachment; filename="resume.pdf"',
    },
  });
  const now = Date.now();
  await deps.db.orm.batch([
    deps.db.orm
      .insert(uploads)
      .values({ key, ownerId: userId, contentType: "application/pdf", size: bytes.length }),
    deps.db.orm
      .insert(resumes)
      .values({ userId, key, size: bytes.length, createdAt: now })
      .onConflictDoUpdate({ target: resumes.userId, set: { key, size: bytes.length, createdAt: now } }),
    ...(previous ? [deps.db.orm.delete(uploads).where(eq(uploads.key, previous.key))] : []),
  ]);
  if (previous) await deleteStoredFiles(deps, [link(previous.key)]);
  return { link: link(key) };
}

/** `DELETE .../resume`: removes the résumé, if there is one. */
export async function deleteResume(deps: Deps, userId: number): Promise<void> {
  const previous = await deps.db.orm.select().from(resumes).where(eq(resumes.userId, userId)).get();
  if (!previous) return;
  await deps.db.orm.batch([
    deps.db.orm.delete(resumes).where(eq(resumes.userId, userId)),
    deps.db.orm.delete(uploads).where(eq(uploads.key, previous.key)),
  ]);
  await deleteStoredFiles(deps, [link(previous.key)]);
}
