import { type AwayKind, EMAIL_KINDS } from "#shared/schemas/push.ts";
import type { Deps } from "#worker/deps.ts";
import { sendEmail } from "#worker/providers/email.ts";
import { emailDelaySeconds } from "./config";
import {
  claimDigestCheck,
  digestState,
  type MissedNotification,
  type MissedThread,
  missedNotifications,
  missedThreads,
  recipientOf,
  recordDigestSent,
  setDigestDue,
} from "./queries";
import { preferencesOf, unsubscribeToken } from "./service";

// The e-mail of what a person missed (docs/decisions/139): mentions, replies, chat messages and
// moderation notices still unseen NOTIFY_EMAIL_DELAY_S after they happened, gathered into one
// e-mail, at most one an hour. A burst of events queues one check (`due_at`), not one each.

/** The queue message of a digest check. */
export interface DigestJob {
  kind: "notify-digest";
  userId: number;
}

const HOUR_MS = 60 * 60 * 1000;

/** Queues a check of what the person missed, unless one is queued already. */
export async function scheduleDigest(deps: Deps, userId: number, delayMs?: number): Promise<void> {
  const now = Date.now();
  const delay = delayMs ?? emailDelaySeconds(deps.env) * 1000;
  if (!(await claimDigestCheck(deps, userId, now + delay, now))) return;
  await deps.env.JOBS.send({ kind: "notify-digest", userId }, { delaySeconds: Math.ceil(delay / 1000) });
}

const LABELS: Record<string, string> = {
  MENTION: "mentioned you",
  REPLY: "replied to you",
  MODERATION: "A moderation decision about you",
  CHAT_MESSAGE: "Unread chat",
};

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

interface Line {
  text: string;
  href: string;
}

function linesOf(base: string, notes: MissedNotification[], threads: MissedThread[]): Line[] {
  const lines = notes.map((n) => {
    const who = n.actor ? `${n.actor} ${LABELS[n.kind] ?? ""}` : (LABELS[n.kind] ?? n.kind);
    return { text: n.text ? `${who}: ${n.text}` : who, href: `${base}${n.link ?? "/notifications"}` };
  });
  for (const t of threads) {
    const count = t.unread === 1 ? "1 unread message" : `${t.unread} unread messages`;
    lines.push({
      text: t.last_text ? `${count}: ${t.last_text}` : count,
      href: `${base}/chat/thread/${t.public_id}`,
    });
  }
  return lines;
}

/** The e-mail's text and HTML: one line per missed thing, each a link, and how to stop them. */
function render(lines: Line[], settings: string, unsubscribe: string) {
  const text = [
    "While you were away on Agora:",
    "",
    ...lines.map((l) => `- ${l.text}\n  ${l.href}`),
    "",
    `Choose what reaches you: ${settings}`,
    `Stop these e-mails: ${unsubscribe}`,
  ].join("\n");
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif">
<h1 style="font-size:18px">While you were away on Agora</h1>
<ul>${lines.map((l) => `<li><a href="${escapeHtml(l.href)}">${escapeHtml(l.text)}</a></li>`).join("")}</ul>
<p style="color:#666"><a href="${escapeHtml(settings)}">Choose what reaches you</a> ·
<a href="${escapeHtml(unsubscribe)}">Stop these e-mails</a></p></body></html>`;
  return { text, html };
}

/** Runs a digest check: sends the e-mail if something is due and the hour allows, else waits. */
export async function runDigestJob(deps: Deps, job: DigestJob): Promise<void> {
  const now = Date.now();
  const state = await digestState(deps, job.userId);
  if (!state) return;
  const delayMs = emailDelaySeconds(deps.env) * 1000;
  // At most one e-mail an hour: come back when the hour is over.
  if (state.last_sent_at + HOUR_MS > now) {
    const next = state.last_sent_at + HOUR_MS;
    await setDigestDue(deps, job.userId, next);
    await deps.env.JOBS.send(job, { delaySeconds: Math.ceil((next - now) / 1000) });
    return;
  }
  await setDigestDue(deps, job.userId, 0);
  const wanted = (await preferencesOf(deps, job.userId))
    .filter((p) => p.email && (EMAIL_KINDS as readonly string[]).includes(p.kind))
    .map((p) => p.kind);
  const cutoff = now - delayMs;
  const noteKinds = wanted.filter((k) => k !== "CHAT_MESSAGE");
  const [notes, threads, person] = await Promise.all([
    missedNotifications(deps, job.userId, noteKinds, state.covered_until, cutoff),
    wanted.includes("CHAT_MESSAGE") ? missedThreads(deps, job.userId, state.covered_until, cutoff) : [],
    recipientOf(deps, job.userId),
  ]);
  if (person && (notes.length || threads.length)) {
    const kinds = [
      ...new Set<AwayKind>([
        ...notes.map((n) => n.kind as AwayKind),
        ...(threads.length ? ["CHAT_MESSAGE" as const] : []),
      ]),
    ];
    const base = deps.env.PUBLIC_URL.replace(/\/$/, "");
    const token = await unsubscribeToken(deps, job.userId, kinds);
    const unsubscribe = `${base}/api/v1/notification/unsubscribe?token=${encodeURIComponent(token)}`;
    const { text, html } = render(
      linesOf(base, notes, threads),
      `${base}/settings/notifications`,
      unsubscribe,
    );
    const count = notes.length + threads.length;
    await sendEmail(deps, {
      to: person.email,
      subject: count === 1 ? "You missed 1 thing on Agora" : `You missed ${count} things on Agora`,
      text,
      html,
      headers: {
        "List-Unsubscribe": `<${unsubscribe}>`,
        "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
      },
    });
    await recordDigestSent(deps, job.userId, now, cutoff);
  }
  // Events too recent for this e-mail get a check of their own.
  const [later, laterThreads] = await Promise.all([
    missedNotifications(deps, job.userId, noteKinds, cutoff, now),
    wanted.includes("CHAT_MESSAGE") ? missedThreads(deps, job.userId, cutoff, now) : [],
  ]);
  if (later.length || laterThreads.length) await scheduleDigest(deps, job.userId);
}
