import { eq } from "drizzle-orm";
import type { NotificationKind } from "#shared/enums.ts";
import type { LiveEvent } from "#shared/schemas/live.ts";
import { users } from "#worker/db/schema/index.ts";
import type { Deps, LiveUpdates } from "#worker/deps.ts";
import { moderationNotices } from "#worker/lib/moderation-notices.ts";
import type { NotificationRow } from "#worker/lib/notification-row.ts";
import { type OwnerRow, ownerColumns, toOwner } from "#worker/lib/owners.ts";
import { inboxStub, watchersStub } from "#worker/lib/sockets/stubs.ts";
import { iso } from "#worker/lib/time.ts";
import type { CarriedUnread, DeliverOptions } from "./inbox";

// What the rest of the Worker calls, through `deps.live` (worker/src/deps.ts), when something a
// person's open tabs show has changed. Every call runs after the answer (the request's waitUntil),
// never in the person's critical path, and never throws: live updates are a courtesy on top of
// what the pages fetch.

/** The live updates of one set of dependencies: `createDeps` puts them on `deps.live`. */
export function liveUpdates(deps: Deps): LiveUpdates {
  return {
    notification: (row, known) => liveNotification(deps, row, known),
    unread: (userId) => liveUnread(deps, userId),
    postActivity: (postPublicId, actorId) => livePostActivity(deps, postPublicId, actorId),
    presenceSetting: (userId) => livePresenceSetting(deps, userId),
    partnersParted: (userId, otherId) => livePartnersParted(deps, userId, otherId),
    postsRead: (userId, publicIds) => tellInbox(deps, userId, [{ type: "READ", public_ids: publicIds }]),
  };
}

/** Runs `work` after the answer when the caller has a waitUntil; otherwise waits for it. */
async function later(deps: Deps, what: string, work: () => Promise<unknown>): Promise<void> {
  const run = work().catch((error) => console.error(`live: ${what} failed`, error));
  if (deps.background) deps.background(run);
  else await run;
}

/** Tells one person's inbox some events (and, with `unread`, their new unread counts). */
function tellInbox(deps: Deps, userId: number, events: LiveEvent[], options: DeliverOptions = {}) {
  return later(deps, "inbox", () => inboxStub(deps, userId).deliver(userId, events, options));
}

/**
 * A notification row was just written for `userId`: the list item and the new counts. `known`
 * carries what the writing batch already read (the actor as others see them, the unread counts
 * taken with the row), so neither this nor the inbox reads D1 again; without it both are read.
 */
function liveNotification(
  deps: Deps,
  row: NotificationRow & { moderationId?: number | null },
  known: { actor?: OwnerRow | null; unread?: CarriedUnread | null } = {},
) {
  return later(deps, "notification", async () => {
    const actor =
      row.actorId === null
        ? undefined
        : known.actor !== undefined
          ? known.actor
          : await deps.db.orm.select(ownerColumns).from(users).where(eq(users.id, row.actorId)).get();
    const moderationId = row.moderationId ?? null;
    const notice =
      moderationId === null ? null : (await moderationNotices(deps, [moderationId])).get(moderationId);
    const event: LiveEvent = {
      type: "NOTIFICATION",
      // Counts carried from the writing batch mean the person mutes no phrase (see notificationWritten):
      // their lists leave nothing out, so the frame's copy is what the list would show.
      listed: known.unread != null,
      notification: {
        id: row.id,
        kind: row.kind as NotificationKind,
        actor: actor ? toOwner(actor) : null,
        link: row.link,
        text: row.text,
        is_read: false,
        created_at: iso(row.createdAt),
        moderation: notice ?? null,
      },
    };
    await inboxStub(deps, row.userId).deliver(row.userId, [event], { unread: known.unread ?? true });
  });
}

/** The person's unread counts changed (they read something): their other tabs follow. */
function liveUnread(deps: Deps, userId: number) {
  return tellInbox(deps, userId, [], { unread: true });
}

/** A post's comments or votes changed: the tabs showing it get its counts from its object. */
function livePostActivity(deps: Deps, postPublicId: string, actorId: number | null) {
  return later(deps, "post activity", () => watchersStub(deps, postPublicId).activity(postPublicId, actorId));
}

/** The person switched "Show when I'm online": their chat partners' tabs follow. */
function livePresenceSetting(deps: Deps, userId: number) {
  return later(deps, "presence setting", () => inboxStub(deps, userId).presenceSettingChanged(userId));
}

/** One person blocked another: neither one's tabs show the other online any more. */
function livePartnersParted(deps: Deps, userId: number, otherId: number) {
  return later(deps, "presence after a block", () =>
    Promise.all([
      inboxStub(deps, userId).part(userId, otherId),
      inboxStub(deps, otherId).part(otherId, userId),
    ]),
  );
}
