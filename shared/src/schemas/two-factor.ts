import { z } from "../zod-jitless";
import { passwordSchema } from "./fields";

// Two-factor sign-in: an authenticator app's codes (TOTP), recovery codes and passkeys
// (docs/decisions/110). The messages are i18n keys: the SPAs show them with `t(message)`.

export const MFA_MSG = {
  codeDigits: "Enter the 6-digit code from your authenticator app.",
  codeWrong: "This code is not right, or it was already used. Wait for the next one.",
  recoveryWrong: "This recovery code is not right, or it was already used.",
  codeOrRecovery: "Enter a code from your app or a recovery code.",
  mfaTokenExpired: "This sign-in took too long. Please enter your password again.",
  noSetup: "Start the set-up first: scan the QR code, then enter a code.",
  alreadyOn: "Two-factor sign-in is already on.",
  notOn: "Two-factor sign-in is not on.",
  stepUpRequired: "Confirm it is you: enter a code from your authenticator app or use a passkey.",
  enrollRequired: "Staff must turn on two-factor sign-in before doing anything else.",
  passkeyFailed: "This passkey could not be checked. Try again.",
  passkeyUnknown: "This passkey is not registered here.",
  passkeyNotFound: "No such passkey.",
  passkeyChallengeExpired: "This passkey request expired. Try again.",
  turnedOff: "Two-factor sign-in is off.",
  passkeyRemoved: "The passkey was removed.",
  reauthRequired: "Confirm it is you: enter your password again.",
  useYourFactor: "Your account has two-factor sign-in: confirm with a code from your app or a passkey.",
  recoveryCodesRenewed: "New recovery codes were made. The old ones no longer work.",
} as const;

/** How long a code, a passkey or a sign-in counts as fresh for sending money or turning a factor off. */
export const STEP_UP_TTL_S = 5 * 60;
/** How long the second step of a sign-in may wait after the password. */
export const MFA_TOKEN_TTL_S = 5 * 60;
export const RECOVERY_CODE_COUNT = 10;

export const totpCodeSchema = z
  .string({ error: MFA_MSG.codeDigits })
  .trim()
  .regex(/^\d{6}$/, MFA_MSG.codeDigits);

/** Ten letters and digits, shown as `xxxxx-xxxxx`; the dash and case do not matter. */
export const recoveryCodeSchema = z
  .string({ error: MFA_MSG.codeOrRecovery })
  .trim()
  .transform((v) => v.replace(/[\s-]/g, "").toLowerCase())
  .pipe(z.string().regex(/^[a-z0-9]{10}$/, MFA_MSG.recoveryWrong));

export const totpSetupSchema = z.object({ secret: z.string(), otpauth_uri: z.string() });
export type TotpSetup = z.infer<typeof totpSetupSchema>;

export const totpEnableSchema = z.object({ code: totpCodeSchema });
export const recoveryCodesSchema = z.object({ recovery_codes: z.array(z.string()) });

export const totpDisableSchema = z.object({ password: passwordSchema, code: totpCodeSchema });

/** The first step's answer when a second factor is on (instead of an access token). */
export const mfaRequiredSchema = z.object({ mfa_required: z.literal(true), mfa_token: z.string() });
export type MfaRequired = z.infer<typeof mfaRequiredSchema>;

export const mfaLoginSchema = z
  .object({
    mfa_token: z.string({ error: MFA_MSG.mfaTokenExpired }).min(1, MFA_MSG.mfaTokenExpired).max(2000),
    code: totpCodeSchema.optional(),
    recovery_code: recoveryCodeSchema.optional(),
  })
  .refine((v) => (v.code === undefined) !== (v.recovery_code === undefined), {
    message: MFA_MSG.codeOrRecovery,
    path: ["code"],
  });
export type MfaLoginInput = z.input<typeof mfaLoginSchema>;

/** Whether the caller's factors are on: for Settings → Account. */
export const mfaStatusSchema = z.object({
  totp_enabled: z.boolean(),
  recovery_codes_left: z.number().int(),
  passkeys: z.number().int(),
});
export type MfaStatus = z.infer<typeof mfaStatusSchema>;

/** WebAuthn JSON from @simplewebauthn/browser: checked in depth by @simplewebauthn/server. */
const webauthnResponse = z
  .object({
    id: z.string().min(1).max(1024),
    rawId: z.string().min(1).max(1024),
    type: z.literal("public-key"),
    response: z.record(z.string(), z.unknown()),
    clientExtensionResults: z.record(z.string(), z.unknown()).optional().default({}),
    authenticatorAttachment: z.string().optional(),
  })
  .passthrough();

export const webauthnOptionsSchema = z.object({
  options: z.record(z.string(), z.unknown()),
});

export const passkeyRegisterSchema = z.object({
  response: webauthnResponse,
  name: z.string().trim().max(64).optional(),
});

export const passkeyLoginSchema = z.object({ response: webauthnResponse });

/**
 * A fresh proof: a code or a passkey when the account has a factor; the password when it has none
 * (the password alone never passes for an account with a factor).
 */
export const stepUpSchema = z
  .object({
    code: totpCodeSchema.optional(),
    passkey: webauthnResponse.optional(),
    password: z.string().min(1, MFA_MSG.reauthRequired).max(200).optional(),
  })
  .refine((v) => [v.code, v.passkey, v.password].filter((x) => x !== undefined).length === 1, {
    message: MFA_MSG.codeOrRecovery,
    path: ["code"],
  });

export const passkeyItemSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
  /** Where it was added from: the browser and system, and the country, as far as they are known. */
  created_from: z.string(),
  /** Added in the last 24 hours: a password change or "sign out everywhere" offers to remove it. */
  recent: z.boolean(),
});
export type PasskeyItem = z.infer<typeof passkeyItemSchema>;
export const passkeyListSchema = z.object({ passkeys: z.array(passkeyItemSchema) });

export const passkeyRemoveQuerySchema = z.object({ id: z.coerce.number().int().positive() });
