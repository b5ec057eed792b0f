import type { LiveEvent } from "#shared/schemas/live.ts";
import type { AwayKind, PushPayload } from "#shared/schemas/push.ts";
import type { Deps } from "#worker/deps.ts";
import { scheduleDigest } from "./digest";
import { type AwayWords, awayWords } from "./messages";
import { threadPartners } from "./queries";
import { type PushOptions, pushTo } from "./send";
import { awayFacts } from "./service";

/**
 * The queue message a person's inbox sends when it is told of events while none of their tabs is
 * open (worker/src/features/live/inbox.ts): what happened, to turn into pushes and the e-mail.
 */
export interface AwayJob {
  kind: "away";
  userId: number;
  events: LiveEvent[];
}

/** A day: a push older than that is not worth showing. Chat messages matter for an hour. */
const NOTIFICATION_TTL_S = 24 * 60 * 60;
const CHAT_TTL_S = 60 * 60;

interface Push {
  kind: AwayKind;
  payload: PushPayload;
  options: PushOptions;
}

/** The push an event becomes, or null for events that do not call for one. */
async function pushOf(deps: Deps, userId: number, event: LiveEvent, words: AwayWords): Promise<Push | null> {
  if (event.type === "NOTIFICATION") {
    const n = event.notification;
    const actor = n.actor ? n.actor.profile_name || n.actor.username : words.agora;
    return {
      kind: n.kind,
      payload: {
        title: words.title[n.kind](actor),
        body: n.text ?? "",
        url: n.link ?? "/notifications",
        tag: `notification-${n.id}`,
      },
      options: { ttl: NOTIFICATION_TTL_S, urgency: "normal" },
    };
  }
  // A thread's change with messages the person has not read: someone else wrote.
  if (event.type === "CHAT_THREAD" && event.total_unread_messages > 0 && event.last_message) {
    const partners = await threadPartners(deps, event.public_id, userId);
    // A group is called by its name; a personal thread by the other person's.
    const names =
      partners[0]?.group_name || partners.map((p) => p.profile_name || p.username).join(", ") || words.agora;
    const unread = event.total_unread_messages;
    return {
      kind: "CHAT_MESSAGE",
      payload: {
        title: words.chatTitle(names, unread),
        body: event.last_message.text ?? words.attachment,
        url: `/chat/thread/${event.public_id}`,
        // One notification per thread: a new message replaces the one shown.
        tag: `chat-${event.public_id}`,
      },
      options: { ttl: CHAT_TTL_S, urgency: "high" },
    };
  }
  return null;
}

/** Runs an away job: each event's push where the person wants it, and the e-mail check queued. */
export async function runAwayJob(deps: Deps, job: AwayJob): Promise<void> {
  // The language, the choices and the subscriptions in one round trip: nearly every job has a push
  // to decide.
  const { preferences: choices, language, subscriptions } = await awayFacts(deps, job.userId);
  const words = awayWords(language);
  const pushes = (await Promise.all(job.events.map((e) => pushOf(deps, job.userId, e, words)))).filter(
    (p): p is Push => p !== null,
  );
  if (pushes.length === 0) return;
  const preferences = new Map(choices.map((p) => [p.kind, p]));
  for (const push of pushes) {
    if (preferences.get(push.kind)?.push)
      await pushTo(deps, job.userId, push.payload, push.options, subscriptions);
  }
  if (pushes.some((p) => preferences.get(p.kind)?.email)) await scheduleDigest(deps, job.userId);
}
