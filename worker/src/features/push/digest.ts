import { type AwayKind, isEmailKind } from "#shared/schemas/push.ts";
import type { Deps } from "#worker/deps.ts";
import { renderMjml } from "#worker/lib/mjml.ts";
import { sendEmail } from "#worker/providers/email.ts";
import { emailDelaySeconds } from "./config";
import { type AwayWords, awayWords } from "./messages";
import {
  claimDigestCheck,
  digestState,
  digestTemplate,
  keepTemplateHtml,
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

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

interface Line {
  text: string;
  href: string;
}

function linesOf(
  base: string,
  notes: MissedNotification[],
  threads: MissedThread[],
  words: AwayWords,
): Line[] {
  const lines = notes.map((n) => {
    const who = words.digestLine(n.kind, n.actor);
    return { text: n.text ? `${who}: ${n.text}` : who, href: `${base}${n.link ?? "/notifications"}` };
  });
  for (const t of threads) {
    const count = words.unreadMessages(t.unread);
    lines.push({
      text: t.last_text ? `${count}: ${t.last_text}` : count,
      href: `${base}/chat/thread/${t.public_id}`,
    });
  }
  return lines;
}

interface Filled {
  subject: string;
  text: string;
  html: string;
}

/**
 * The e-mail's subject, text and HTML: the staff's template (migration 0107, edited on the admin
 * site) with its {{placeholders}} filled in the person's language. What people wrote is escaped
 * before it goes in; the template's own words are staff's. Without the template's HTML (the
 * renderer down, the template gone) the same words go out in a plain layout.
 */
async function fill(
  deps: Deps,
  lines: Line[],
  links: { settings: string; unsubscribe: string },
  words: AwayWords,
) {
  const summary = words.subject(lines.length);
  const text = [
    words.heading,
    "",
    ...lines.map((l) => `- ${l.text}\n  ${l.href}`),
    "",
    `${words.settings}: ${links.settings}`,
    `${words.unsubscribe}: ${links.unsubscribe}`,
  ].join("\n");
  const values: Record<string, string> = {
    summary: escapeHtml(summary),
    heading: escapeHtml(words.heading),
    items: `<ul style="padding-left:20px;margin:0">${lines
      .map((l) => `<li style="margin:0 0 8px"><a href="${escapeHtml(l.href)}">${escapeHtml(l.text)}</a></li>`)
      .join("")}</ul>`,
    settings_link: `<a href="${escapeHtml(links.settings)}">${escapeHtml(words.settings)}</a>`,
    unsubscribe_link: `<a href="${escapeHtml(links.unsubscribe)}">${escapeHtml(words.unsubscribe)}</a>`,
  };
  const placeholders = (template: string, value: (name: string) => string) =>
    template.replace(/\{\{\s*([a-z_]+)\s*\}\}/g, (whole, name: string) =>
      name in values ? value(name) : whole,
    );
  const template = await digestTemplate(deps);
  let html = template?.html ?? null;
  if (template && html === null) {
    const rendered = await renderMjml(deps.env, template.mjml_text);
    if (rendered?.ok) {
      html = rendered.html;
      await keepTemplateHtml(deps, template.id, template.mjml_text, html);
    }
  }
  if (!template || html === null) {
    return {
      subject: summary,
      text,
      html: `<!doctype html><html><body style="font-family:system-ui,sans-serif"><h1 style="font-size:18px">${values.heading}</h1>${values.items}<p style="color:#666">${values.settings_link} · ${values.unsubscribe_link}</p></body></html>`,
    } satisfies Filled;
  }
  return {
    // The subject is text: the summary goes in as written, not as HTML.
    subject:
      placeholders(template.subject, (name) => ({ summary, heading: words.heading })[name] ?? "").trim() ||
      summary,
    text,
    html: placeholders(html, (name) => values[name] ?? ""),
  } satisfies Filled;
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
    .filter((p) => p.email && isEmailKind(p.kind))
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
    const words = awayWords(person.language);
    const { subject, text, html } = await fill(
      deps,
      linesOf(base, notes, threads, words),
      { settings: `${base}/settings/notifications`, unsubscribe },
      words,
    );
    await sendEmail(deps, {
      to: person.email,
      subject,
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
