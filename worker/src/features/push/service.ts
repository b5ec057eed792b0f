import {
  AWAY_KINDS,
  type AwayKind,
  isEmailKind,
  type NotificationPreference,
  type NotificationPreferenceList,
  PUSH_MSG,
  type PushSubscriptionInput,
} from "#shared/schemas/push.ts";
import type { Deps } from "#worker/deps.ts";
import { fail } from "#worker/lib/errors.ts";
import { type EmailLanguage, isLanguage } from "#worker/lib/language.ts";
import { signClaims, verifyClaims } from "#worker/lib/tokens.ts";
import { canSendEmail } from "#worker/providers/email.ts";
import { isPushEndpoint, vapidConfig } from "./config";
import {
  awayFactsOf,
  deleteSubscription,
  preferenceRows,
  preferenceRowsWithLanguage,
  recipientOf,
  savePreference,
  saveSubscription,
  setLanguage,
} from "./queries";

// Subscriptions and the per-kind choices of how an event reaches a person who is away.

/** `GET /api/v1/push/public-key`: the key browsers subscribe with; 503 when push is off here. */
export function publicKey(deps: Deps): { public_key: string } {
  const config = vapidConfig(deps.env);
  if (!config) fail(503, PUSH_MSG.notConfigured);
  return { public_key: config.publicKey };
}

export async function subscribe(deps: Deps, userId: number, input: PushSubscriptionInput): Promise<void> {
  if (!vapidConfig(deps.env)) fail(503, PUSH_MSG.notConfigured);
  if (!isPushEndpoint(deps.env, input.endpoint)) fail(422, PUSH_MSG.notPushService, { field: "endpoint" });
  await saveSubscription(deps, userId, { endpoint: input.endpoint, ...input.keys });
}

export async function unsubscribe(deps: Deps, userId: number, endpoint: string): Promise<void> {
  if (!(await deleteSubscription(deps, userId, endpoint))) fail(404, PUSH_MSG.notSubscribed);
}

/** With no row: push on for every kind, e-mail on for the kinds the e-mail covers. */
function defaults(kind: AwayKind): NotificationPreference {
  return { kind, push: true, email: isEmailKind(kind) };
}

/** Every kind's choice, a stored one or the default. */
export async function preferencesOf(deps: Deps, userId: number): Promise<NotificationPreference[]> {
  return choicesOf(await preferenceRows(deps, userId));
}

function choicesOf(rows: Array<{ kind: string; push: boolean; email: boolean }>): NotificationPreference[] {
  const stored = new Map(rows.map((r) => [r.kind, r]));
  return AWAY_KINDS.map((kind) => {
    const row = stored.get(kind);
    return row ? { kind, push: row.push, email: row.email && isEmailKind(kind) } : defaults(kind);
  });
}

/** One kind's choice. */
async function preferenceOf(deps: Deps, userId: number, kind: AwayKind): Promise<NotificationPreference> {
  return (await preferencesOf(deps, userId)).find((p) => p.kind === kind) ?? defaults(kind);
}

/** Every kind's choice, the language the person is written to in and their subscriptions, in one round trip. */
export async function awayFacts(deps: Deps, userId: number) {
  const { rows, language, subscriptions } = await awayFactsOf(deps, userId);
  return { preferences: choicesOf(rows), language, subscriptions };
}

export async function listPreferences(deps: Deps, userId: number): Promise<NotificationPreferenceList> {
  const { rows, language } = await preferenceRowsWithLanguage(deps, userId);
  return {
    list: choicesOf(rows),
    push_configured: vapidConfig(deps.env) !== null,
    email_configured: canSendEmail(deps.env),
    language: isLanguage(language) ? language : "en",
  };
}

/** `PUT .../notification/language`: what pushes and the e-mail of what was missed are written in. */
export async function chooseLanguage(
  deps: Deps,
  userId: number,
  language: EmailLanguage,
): Promise<{ language: EmailLanguage }> {
  await setLanguage(deps, userId, language);
  return { language };
}

export async function updatePreference(
  deps: Deps,
  userId: number,
  input: { kind: AwayKind; push?: boolean; email?: boolean },
): Promise<NotificationPreference> {
  if (input.email === true && !isEmailKind(input.kind))
    fail(422, PUSH_MSG.emailNotOffered, { field: "email" });
  const current = await preferenceOf(deps, userId, input.kind);
  const next = { kind: input.kind, push: input.push ?? current.push, email: input.email ?? current.email };
  await savePreference(deps, userId, next);
  return next;
}

// One-click unsubscribe (RFC 8058): a link in the e-mail, signed for the person and the kinds that
// e-mail carried, that works without signing in. It never expires: an old e-mail's link still
// turns those e-mails off.

export function unsubscribeToken(deps: Deps, userId: number, kinds: AwayKind[]): Promise<string> {
  return signClaims({ kind: "unsubscribe", sub: String(userId), k: kinds }, deps.env.JWT_SECRET);
}

/** `POST /api/v1/notification/unsubscribe?token=`: the e-mail of the token's kinds goes off. */
export async function unsubscribeByToken(
  deps: Deps,
  token: string,
): Promise<{ list: NotificationPreference[] }> {
  let claims: Record<string, unknown>;
  try {
    claims = await verifyClaims(token, deps.env.JWT_SECRET);
  } catch {
    fail(422, PUSH_MSG.badUnsubscribeToken, { field: "token" });
  }
  const userId = Number(claims.sub);
  const named = Array.isArray(claims.k) ? claims.k : [];
  const kinds = AWAY_KINDS.filter((k) => named.includes(k));
  if (claims.kind !== "unsubscribe" || !Number.isSafeInteger(userId) || kinds.length === 0)
    fail(422, PUSH_MSG.badUnsubscribeToken, { field: "token" });
  if (!(await recipientOf(deps, userId))) fail(422, PUSH_MSG.badUnsubscribeToken, { field: "token" });
  const list: NotificationPreference[] = [];
  for (const kind of kinds) list.push(await updatePreference(deps, userId, { kind, email: false }));
  return { list };
}
