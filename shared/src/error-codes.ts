// Every `code` an error answer may carry (`{detail, code, fields?}`), for clients that branch on it.
// Kept free of zod: the SPAs' first screen reads codes through `#client/http.ts`.

/** One code per status, for a refusal that says nothing more particular. */
export const STATUS_CODES = [
  "bad_request",
  "unauthenticated",
  "forbidden",
  "not_found",
  "conflict",
  "gone",
  "too_large",
  "unsupported_media_type",
  "validation_failed",
  "upgrade_required",
  "rate_limited",
  "internal",
  "bad_gateway",
  "not_configured",
] as const;

/** Refusals a client acts on beyond showing the detail: each names what happened. */
export const DOMAIN_CODES = [
  /** 403: the action needs a second factor proved in the last minutes (a code or a passkey). */
  "step_up_required",
  /** 403: the change needs the password typed again lately (the owner has no second factor). */
  "reauth_required",
  /** 403: staff without a second factor may only set one up. */
  "mfa_setup_required",
  /** 403: the account's e-mail is not verified yet; the code form comes next. */
  "email_unverified",
  /** 403: the account may hold no session (suspended or inactive); the answer may carry `suspension`. */
  "suspended",
  /** 409: the account is verified already; the login comes next. */
  "already_verified",
  /** 400: the code's time ran out; a new one must be asked for. */
  "code_expired",
  /** 400: this browser has no e-mail change waiting; it must be asked for again. */
  "nothing_pending",
  /** 400: too many wrong codes for this change; it must be asked for again. */
  "attempts_exhausted",
  /** 422: a wallet send to the sender's own address. */
  "send_to_self",
  /** 422: a wallet recipient that is neither an address of the chain nor a person. */
  "invalid_recipient",
  /** 503: a provider that is configured did not answer (try again later), unlike `not_configured`. */
  "unavailable",
] as const;

export const ERROR_CODES = [...STATUS_CODES, ...DOMAIN_CODES] as const;
export type StatusCode = (typeof STATUS_CODES)[number];
export type DomainCode = (typeof DOMAIN_CODES)[number];
export type ErrorCode = (typeof ERROR_CODES)[number];
