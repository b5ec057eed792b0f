import type { ReportCause } from "#shared/enums.ts";
import { walletDetailTemplate } from "#shared/wallet-messages.ts";
import { ApiError } from "./http";
import { i18n, msg } from "./i18n";
import type { TFunction } from "./i18n-runtime";
import { CAUSE_LABEL } from "./report-labels";

const TOO_MANY = /^Too many attempts\. Try again in (\d+) seconds\.$/;
const WAIT_FOR_CODE = /^Wait (\d+) seconds before asking for a new code\.$/;

/**
 * The words of the generic error handler (the server's detail, else the error's message,
 * else "Something went wrong"), translated, keeping the waiting time of a 429 in the sentence.
 */
export function apiErrorText(error: unknown, t: TFunction): string {
  const limited = error instanceof ApiError ? trustLimitText(error.data, t) : null;
  if (limited) return limited;
  const suspended = error instanceof ApiError ? suspensionText(error.data, t) : null;
  if (suspended) return suspended;
  // An ApiError without detail carries only a stand-in message ("Request failed with status
  // 500"), which tells a reader nothing: that counts as no message.
  if (error instanceof ApiError && !error.detail) return t("Something went wrong");
  const detail = error instanceof ApiError ? error.detail : null;
  if (detail) {
    const tooMany = TOO_MANY.exec(detail);
    if (tooMany) return t("Too many attempts. Try again in {{seconds}} seconds.", { seconds: tooMany[1] });
    const wait = WAIT_FOR_CODE.exec(detail);
    if (wait) return t("Wait {{seconds}} seconds before asking for a new code.", { seconds: wait[1] });
    // The wallet's details carry amounts and addresses: translate the template, keep the values.
    const wallet = walletDetailTemplate(detail);
    if (wallet) return t(wallet.template, wallet.values);
    return t(detail);
  }
  if (error instanceof Error && error.message) return t(error.message);
  return t("Something went wrong");
}

// A trust-level limit (429 with `limit`): who is limited, to how many a day (edits: an hour), and
// from when more.
const LIMIT_WHO: Record<string, string> = {
  AGE: msg("New accounts"),
  CONTRIBUTIONS: msg("Accounts with fewer than 3 posts and comments"),
  REPORT: msg("Accounts with a recent upheld report"),
  MEMBER: msg("Members"),
  REGULAR: msg("Regulars"),
};
const LIMIT_DOING: Record<string, string> = {
  post: msg("publish {{max}} posts"),
  comment: msg("write {{max}} comments"),
  conversation: msg("start {{max}} conversations"),
  community: msg("create {{max}} communities"),
  upload: msg("upload {{max}} files"),
  report: msg("send {{max}} reports"),
  job: msg("post {{max}} jobs"),
  service: msg("offer {{max}} services"),
  follow: msg("follow or block {{max}} times"),
  edit: msg("edit posts and comments {{max}} times"),
  reaction: msg("react {{max}} times"),
};

const pick = (data: unknown, key: string): Record<string, unknown> | null => {
  const value = data && typeof data === "object" ? (data as Record<string, unknown>)[key] : null;
  return value && typeof value === "object" ? (value as Record<string, unknown>) : null;
};

/** A day in the reader's language: "viernes, 28 de noviembre". */
function dayInLanguage(iso: string): string {
  return new Date(iso).toLocaleDateString(i18n.language, { weekday: "long", day: "numeric", month: "long" });
}

/** A time of day in the reader's language and zone: "18:40", "6:40 PM". */
function timeInLanguage(iso: string): string {
  return new Date(iso).toLocaleTimeString(i18n.language, { hour: "numeric", minute: "2-digit" });
}

/** A moment in the reader's language: "Sunday 2:05 PM", "domingo, 14:05". */
function momentInLanguage(iso: string): string {
  return new Date(iso).toLocaleString(i18n.language, { weekday: "long", hour: "numeric", minute: "2-digit" });
}

// When a daily allowance grows, by why the person is limited (said apart from when they may act again).
const LIMIT_GROWS: Record<string, string> = {
  CONTRIBUTIONS: msg("Your daily allowance grows once you have written 3 posts and comments."),
  REPORT: msg("Your daily allowance grows 30 days after the upheld report."),
  MEMBER: msg("Regulars (30 days and 50 posts and comments) have no daily allowance."),
};

function trustLimitText(data: unknown, t: TFunction): string | null {
  const limit = pick(data, "limit");
  if (!limit || !LIMIT_WHO[String(limit.reason)] || !LIMIT_DOING[String(limit.action)]) return null;
  const who = t(LIMIT_WHO[String(limit.reason)]!);
  const doing = t(LIMIT_DOING[String(limit.action)]!, { max: String(limit.max) });
  if (limit.per === "hour")
    return t("{{who}} can {{doing}} an hour; more from {{time}}.", {
      who,
      doing,
      time: timeInLanguage(String(limit.until)),
    });
  if (typeof limit.retry_at !== "string")
    return t("{{who}} can {{doing}} a day; more from {{date}}.", {
      who,
      doing,
      date: dayInLanguage(String(limit.until)),
    });
  // When the person may act again is one fact; when their allowance grows is another.
  const parts = [
    t("{{who}} can {{doing}} a day.", { who, doing }),
    t("You can try again on {{time}}.", { time: momentInLanguage(limit.retry_at) }),
  ];
  if (limit.reason === "AGE")
    parts.push(t("Your daily allowance grows on {{date}}.", { date: dayInLanguage(String(limit.until)) }));
  else if (LIMIT_GROWS[String(limit.reason)]) parts.push(t(LIMIT_GROWS[String(limit.reason)]!));
  return parts.join(" ");
}

/** A suspended person's sign-in: the reason staff gave and the end, if any. */
function suspensionText(data: unknown, t: TFunction): string | null {
  const suspension = pick(data, "suspension");
  if (!suspension) return null;
  const cause = typeof suspension.cause === "string" ? CAUSE_LABEL[suspension.cause as ReportCause] : null;
  const parts = [t("This account is suspended.")];
  if (cause) parts.push(t("Reason: {{cause}}.", { cause: t(cause) }));
  if (typeof suspension.note === "string" && suspension.note)
    parts.push(t("Staff note: {{note}}", { note: suspension.note }));
  parts.push(
    typeof suspension.ends_at === "string"
      ? t("It ends on {{date}}.", { date: dayInLanguage(suspension.ends_at) })
      : t("It has no end date."),
  );
  return parts.join(" ");
}
