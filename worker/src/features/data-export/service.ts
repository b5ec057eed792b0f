import {
  DATA_EXPORT_MSG,
  type DataExport,
  EXPORT_INTERVAL_MS,
  EXPORT_KEEP_MS,
} from "#shared/schemas/data-export.ts";
import type { Deps } from "#worker/deps.ts";
import { fail, RetryLater } from "#worker/lib/errors.ts";
import { publicId } from "#worker/lib/ids.ts";
import { inboxStub, threadStub } from "#worker/lib/sockets/stubs.ts";
import { iso } from "#worker/lib/time.ts";
import { plainEmail, sendEmail } from "#worker/providers/email.ts";
import {
  ARCHIVE_FILES,
  type ExportRow,
  emailOf,
  expiredExports,
  findExport,
  forgetObject,
  insertExport,
  latestExport,
  markFailed,
  markReady,
  noticeLookups,
  threadsOf,
  uploadsOf,
} from "./queries";
import { type ZipEntry, zip } from "./zip";

// A person's data to take away: asked for once a day, built off the request by the queue into one
// zip in R2, downloadable by its owner alone for EXPORT_KEEP_MS, then removed.

/** The queue's message that builds one archive. */
export interface DataExportJob {
  kind: "data-export";
  exportId: number;
}

/** Media past this many bytes in total is listed in the archive instead of copied (a Worker's memory). */
const MEDIA_MAX_BYTES = 64 * 1024 * 1024;
/** Messages read per Durable Object call, and at most this many per thread. */
const MESSAGE_PAGE = 100;
const MESSAGES_PER_THREAD_MAX = 10_000;
/** Expired archives removed per daily run. */
const CLEANUP_BATCH = 200;

const downloadLink = (id: number) => `/api/v1/private/user/export/download?id=${id}`;

function toDataExport(row: ExportRow, now: number): DataExport {
  const live = row.status === "READY" && row.expiresAt !== null && row.expiresAt > now;
  return {
    id: row.id,
    status: row.status,
    link: live ? downloadLink(row.id) : null,
    expires_at: row.expiresAt === null ? null : iso(row.expiresAt),
    created_at: iso(row.createdAt),
  };
}

/** `GET .../export`: the newest archive, or null before any was asked for. */
export async function exportStatus({ db }: Deps, userId: number): Promise<DataExport | null> {
  const row = await latestExport(db, userId);
  return row ? toDataExport(row, Date.now()) : null;
}

/**
 * `POST .../export`: 409 while one is being made, 429 (with Retry-After) within a day of the last
 * one; otherwise a PENDING archive and a queue message to build it.
 */
export async function requestExport(deps: Deps, userId: number): Promise<{ id: number }> {
  const { db, env } = deps;
  const now = Date.now();
  const since = now - EXPORT_INTERVAL_MS;
  const refuse = (last: ExportRow | null) => {
    if (last?.status === "PENDING") fail(409, DATA_EXPORT_MSG.exportPending);
    if (last && last.status !== "FAILED" && last.createdAt > since)
      throw new RetryLater(Math.ceil((last.createdAt - since) / 1000), DATA_EXPORT_MSG.exportTooSoon);
  };
  refuse(await latestExport(db, userId));
  const id = await insertExport(db, userId, now, since);
  if (id === null) {
    refuse(await latestExport(db, userId));
    fail(409, DATA_EXPORT_MSG.exportPending);
  }
  const job: DataExportJob = { kind: "data-export", exportId: id };
  await env.JOBS.send(job);
  return { id };
}

/** `GET .../export/download`: the zip, for its owner only (404 for anyone else), until it expires (410). */
export async function openExport({ db, env }: Deps, userId: number, id: number): Promise<R2ObjectBody> {
  const row = await findExport(db, id);
  if (!row || row.userId !== userId || row.status !== "READY") fail(404, DATA_EXPORT_MSG.exportNotFound);
  if (row.expiresAt === null || row.expiresAt <= Date.now() || row.objectKey === null)
    fail(410, DATA_EXPORT_MSG.exportExpired);
  const object = await env.MEDIA.get(row.objectKey);
  if (!object) fail(410, DATA_EXPORT_MSG.exportExpired);
  return object;
}

const jsonFile = (name: string, value: unknown): ZipEntry => ({
  name,
  data: new TextEncoder().encode(JSON.stringify(value, null, 2)),
});

/** Every message of every thread the person is in, read page by page from each thread's object. */
async function chatMessages(deps: Deps, userId: number) {
  const threads = await threadsOf(deps.db, userId);
  const out = [];
  for (const thread of threads) {
    const ref = { threadId: thread.id, publicId: thread.public_id, createdAt: thread.created_at };
    const stub = threadStub(deps, thread.public_id);
    const messages = [];
    for (let skip = 0; skip < MESSAGES_PER_THREAD_MAX; skip += MESSAGE_PAGE) {
      const page = await stub.listMessages(ref, skip, MESSAGE_PAGE);
      messages.push(
        ...page.list.map((m) => ({
          sender: m.message_sender.username,
          type: m.message_type,
          text: m.text,
          media: m.media,
          created_at: m.created_at,
        })),
      );
      if (skip + MESSAGE_PAGE >= page.total) break;
    }
    out.push({ thread: thread.public_id, messages });
  }
  return out;
}

/** A notification as the archive lists it. */
interface NotificationEntry {
  kind: string;
  actor: string | null;
  link: string | null;
  text: string | null;
  is_read: number;
  created_at: number;
}

/**
 * The notices the person's inbox keeps (docs/decisions/210), as D1's notifications are listed:
 * the actor's username, and none that leads to a post nobody may see now.
 */
async function inboxNotices(deps: Deps, userId: number): Promise<NotificationEntry[]> {
  const notices = await inboxStub(deps, userId).exportNotices(userId);
  if (notices.length === 0) return [];
  const { usernames, hidden } = await noticeLookups(
    deps.db,
    [...new Set(notices.flatMap((n) => (n.actorId === null ? [] : [n.actorId])))],
    [...new Set(notices.flatMap((n) => (n.link === null ? [] : [n.link])))],
  );
  return notices
    .filter((n) => !(n.link && hidden.has(n.link)))
    .map((n) => ({
      kind: n.kind,
      actor: n.actorId === null ? null : (usernames.get(n.actorId) ?? null),
      link: n.link,
      text: n.text,
      is_read: n.isRead ? 1 : 0,
      created_at: n.createdAt,
    }));
}

/** The archive's entries: one JSON file per kind of data, then the person's uploaded files. */
async function archiveEntries(deps: Deps, userId: number): Promise<ZipEntry[]> {
  const names = Object.keys(ARCHIVE_FILES);
  const results = await deps.db.batch<unknown[]>(
    names.map((name) => ({ ...ARCHIVE_FILES[name]!, binds: [userId] })),
  );
  const entries = names.map((name, i) => {
    const rows = results[i] as unknown[];
    return jsonFile(name, name === "profile.json" || name === "settings.json" ? (rows[0] ?? null) : rows);
  });
  const at = names.indexOf("notifications.json");
  entries[at] = jsonFile("notifications.json", [
    ...(results[at] as NotificationEntry[]),
    ...(await inboxNotices(deps, userId)),
  ]);
  entries.push(jsonFile("chat-messages.json", await chatMessages(deps, userId)));

  const skipped: string[] = [];
  let bytes = 0;
  for (const upload of await uploadsOf(deps.db, userId)) {
    const object = bytes + upload.size <= MEDIA_MAX_BYTES ? await deps.env.MEDIA.get(upload.key) : null;
    if (!object) {
      skipped.push(upload.key);
      continue;
    }
    bytes += upload.size;
    entries.push({ name: `media/${upload.key}`, data: new Uint8Array(await object.arrayBuffer()) });
  }
  if (skipped.length) entries.push(jsonFile("media-not-included.json", skipped));
  return entries;
}

/** The queue's job: builds the zip, stores it, then tells the person (a notification and an e-mail). */
export async function buildExport(deps: Deps, job: DataExportJob): Promise<void> {
  const { db, env } = deps;
  const row = await findExport(db, job.exportId);
  if (row?.status === "READY") return tellReady(deps, row);
  if (row?.status !== "PENDING") return;
  let key: string;
  try {
    key = `exports/${row.userId}/${publicId(24)}.zip`;
    const archive = zip(await archiveEntries(deps, row.userId));
    await env.MEDIA.put(key, archive, { httpMetadata: { contentType: "application/zip" } });
  } catch (error) {
    console.error("data export failed", error);
    await markFailed(db, row.id);
    return;
  }
  // A second delivery of the same message finds it READY: its notice goes again (the inbox keeps
  // it once, in case the first stopped before telling) and the e-mail does not.
  if (!(await markReady(db, row.id, key, Date.now(), EXPORT_KEEP_MS))) {
    await env.MEDIA.delete(key);
    return;
  }
  await tellReady(deps, row);
  const person = await emailOf(db, row.userId);
  if (person)
    await sendEmail(
      deps,
      plainEmail(
        person.email,
        "Your Agora data archive is ready",
        `Your data archive is ready, @${person.username}.\nDownload it from Settings → Account on Agora within 7 days; after that it is deleted.\nIf you did not ask for it, change your password.`,
      ),
      { idempotencyKey: `data-export-${row.id}` },
    );
}

/** The owner's inbox keeps the notice that their archive is ready (once, by the archive's id). */
function tellReady(deps: Deps, row: ExportRow): Promise<void> {
  return deps.events.archiveReady({
    userId: row.userId,
    exportId: row.id,
    link: "/settings/account",
    now: row.readyAt ?? Date.now(),
  });
}

/** The daily run: archives past their seven days leave R2. */
export async function removeExpiredExports(deps: Deps, now: number): Promise<void> {
  for (const row of await expiredExports(deps.db, now, CLEANUP_BATCH)) {
    await deps.env.MEDIA.delete(row.object_key);
    await forgetObject(deps.db, row.id);
  }
}
