import { type WebpagePreview, webpagePreviewSchema } from "#shared/schemas/chat.ts";
import type { Deps } from "#worker/deps.ts";
import { hitRateLimit } from "#worker/lib/rate-limits.ts";
import { freshPreview, savePreview } from "./queries";
import { checkPreviewTarget, fetchWebpagePreview } from "./webpage-preview";

// A chat message's link preview is the server's, never the sender's: a client could otherwise
// dress a link up with any title, text and picture. The client only says which link it wants
// previewed; the thread's object takes the preview the server fetched for that link (the composer
// asked `GET /api/webpage-preview` for it a moment before, which wrote it here), or fetches it now.

/** How long a fetched preview is used before the page is fetched again. */
const PREVIEW_FRESH_MS = 60 * 60_000;
/** Fetches one person may make the server do in a minute (shared with GET /api/webpage-preview). */
const PREVIEW_FETCHES = { max: 60, windowMs: 60_000 } as const;
const previewLimitKey = (userId: number) => `webpage-preview:${userId}`;

/** Keeps what the server fetched for a link (null: nothing to show), pruning a few stale rows. */
async function rememberPreview(deps: Deps, link: string, preview: WebpagePreview | null): Promise<void> {
  const now = Date.now();
  await savePreview(deps, link, preview ? JSON.stringify(preview) : null, now, now - PREVIEW_FRESH_MS);
}

/**
 * `GET /api/webpage-preview`: the composer's preview of a link, fetched by the server within the
 * person's fetch allowance. A message sent with this link gets this preview, whatever the
 * sender's client says it is.
 */
export async function previewForComposer(deps: Deps, userId: number, link: string): Promise<WebpagePreview> {
  await hitRateLimit(deps.db, previewLimitKey(userId), PREVIEW_FETCHES);
  const found = await fetchWebpagePreview(deps, link);
  await rememberPreview(deps, found.link, found);
  return found;
}

/**
 * The preview of `link` as the server sees it, or null: an address the server may not fetch, a page
 * that cannot be previewed, or a sender past their fetch allowance.
 */
export async function serverPreview(
  deps: Deps,
  userId: number,
  link: string,
): Promise<WebpagePreview | null> {
  let target: URL;
  try {
    target = checkPreviewTarget(link);
  } catch {
    return null;
  }
  const row = await freshPreview(deps, target.href, Date.now() - PREVIEW_FRESH_MS);
  if (row) {
    const cached = row.preview ? webpagePreviewSchema.safeParse(JSON.parse(row.preview)) : null;
    return cached?.success ? cached.data : null;
  }
  try {
    await hitRateLimit(deps.db, previewLimitKey(userId), PREVIEW_FETCHES);
  } catch {
    return null;
  }
  let preview: WebpagePreview | null = null;
  try {
    preview = await fetchWebpagePreview(deps, target.href);
  } catch {
    preview = null;
  }
  await rememberPreview(deps, target.href, preview);
  return preview;
}
