import { NOTIFICATION_KINDS } from "../enums";
import { z } from "../zod-jitless";

// Reaching people who are away (docs/decisions/139): Web Push subscriptions and, per kind of event,
// whether it reaches the person by push and by e-mail.

/** Kinds a person chooses for: every notification kind, plus chat messages. */
export const AWAY_KINDS = [...NOTIFICATION_KINDS, "CHAT_MESSAGE"] as const;
export type AwayKind = (typeof AWAY_KINDS)[number];

/** The languages pushes and e-mails are written in: those of the SPAs. */
export const AWAY_LANGUAGES = ["en", "es", "pt"] as const;

/** The kinds the e-mail of what was missed covers; the others never go out by e-mail. */
export const EMAIL_KINDS = ["MENTION", "REPLY", "MODERATION", "CHAT_MESSAGE"] as const satisfies AwayKind[];

/** Whether the e-mail of what was missed carries this kind. */
export const isEmailKind = (kind: string): boolean => EMAIL_KINDS.some((k) => k === kind);

export const PUSH_MSG = {
  notConfigured: "Push is not configured",
  notPushService: "is not a push service's address",
  notSubscribed: "No such subscription",
  emailNotOffered: "E-mail is sent only for mentions, replies, chat messages and moderation notices",
  badUnsubscribeToken: "This unsubscribe link is not valid",
} as const;

/** Longest endpoint accepted; push services' are a few hundred characters. */
export const PUSH_ENDPOINT_MAX = 1024;

const base64url = (min: number, max: number) =>
  z
    .string()
    .min(min, `must be at least ${min} characters`)
    .max(max, `must be at most ${max} characters`)
    .regex(/^[A-Za-z0-9_-]+=*$/, "must be base64url");

/** `POST .../push/subscription`: what `PushSubscription.toJSON()` gives. */
export const pushSubscriptionSchema = z.object({
  endpoint: z.string().url("must be a URL").max(PUSH_ENDPOINT_MAX),
  keys: z.object({
    /** The browser's uncompressed P-256 key: 65 bytes, 87 characters of base64url. */
    p256dh: base64url(86, 90),
    /** 16 bytes: 22 characters. */
    auth: base64url(21, 26),
  }),
});
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionSchema>;

/** `DELETE .../push/subscription`. */
export const pushUnsubscribeSchema = z.object({
  endpoint: z.string().url("must be a URL").max(PUSH_ENDPOINT_MAX),
});

export const pushPublicKeySchema = z.object({
  /** The VAPID public key, base64url of the 65-byte uncompressed P-256 point. */
  public_key: z.string(),
});

export const notificationPreferenceSchema = z.object({
  kind: z.enum(AWAY_KINDS),
  push: z.boolean(),
  email: z.boolean(),
});
export type NotificationPreference = z.infer<typeof notificationPreferenceSchema>;

export const notificationPreferenceListSchema = z.object({
  list: z.array(notificationPreferenceSchema),
  /** Whether this server can send pushes at all (VAPID keys configured). */
  push_configured: z.boolean(),
  /** Whether this server can send e-mail at all. */
  email_configured: z.boolean(),
  /** The language pushes and the e-mail of what was missed are written in. */
  language: z.enum(AWAY_LANGUAGES),
});
export type NotificationPreferenceList = z.infer<typeof notificationPreferenceListSchema>;

/** `PATCH .../notification/preference`: one kind, either switch or both. */
export const notificationPreferenceUpdateSchema = z
  .object({ kind: z.enum(AWAY_KINDS), push: z.boolean().optional(), email: z.boolean().optional() })
  .refine((v) => v.push !== undefined || v.email !== undefined, {
    message: "give push or email",
    path: ["push"],
  });

/** `PUT .../notification/language`: the language of what reaches the person while away. */
export const awayLanguageSchema = z.object({
  language: z.enum(AWAY_LANGUAGES, { error: "must be en, es or pt" }),
});

/** `POST /api/v1/notification/unsubscribe?token=`. */
export const unsubscribeQuerySchema = z.object({ token: z.string().min(1).max(512) });

/** What the service worker is sent in a push: the notification and the page a click opens. */
export const pushPayloadSchema = z.object({
  title: z.string(),
  body: z.string(),
  url: z.string(),
  tag: z.string(),
});
export type PushPayload = z.infer<typeof pushPayloadSchema>;
