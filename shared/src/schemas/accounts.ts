import { queryBoolean } from "../api";
import { EMAIL_CHANGE_CODE_LENGTH } from "../constants";
import { ADMIN_BOOLEAN_SETTINGS, USER_BOOLEAN_SETTINGS } from "../enums";
import { z } from "../zod-jitless";
import { emailSchema, passwordSchema, usernameSchema, verificationCodeSchema } from "./fields";
import { newPasswordSchema } from "./passwords";

// Accounts: sign-up, verification, login, password and e-mail changes (docs/decisions/010). The
// API and the SPA forms parse with the same schemas, so a rule and its message live here once.

/**
 * Messages of the account flows: the notices the SPAs show and the API's details. They are
 * i18n keys: the SPAs show them with `t(message)`.
 */
export const ACCOUNTS_MSG = {
  codeSent: "The verification code will be sent to your email",
  verified: "Your account was verified with the email",
  codeResent: "An email with a new verification code will be sent",
  newPasswordSent: "Email with a new password was sent. Please login with it.",
  accountDeleted: "Your account will be deleted",
  usernameForResend: "Username is required to resend verification email",
  loginFailed: "Login failed.",
  wrongCredentials: "Incorrect username or password.",
  unverified: "Please verify your email first: enter the code we sent you.",
  suspended: "This account is suspended.",
  usernameTaken: "This username is taken.",
  emailTaken: "This email is already registered.",
  codeInvalid: "This verification code is not valid.",
  codeExpired: "This verification code has expired. Ask for a new one.",
  alreadyVerified: "This account is already verified. Please log in.",
  noSuchUsername: "No account has this username.",
  wrongPassword: "The password is incorrect.",
  usernameMismatch: "The username does not match your account.",
  sameEmail: "This is already your email.",
  samePassword: "The new password must be different from the old one.",
  emailUpdated: "Your email was updated. Please log in again.",
  passwordUpdated: "Your password was updated. Please log in again.",
  temporaryPasswordExpired: "This sign-in took too long. Please log in with the e-mailed password again.",
  chooseNewPassword: "You signed in with a temporary password. Choose a new password to continue.",
  signedOutEverywhere: "You were signed out everywhere. Please log in again.",
  resetRequested: "If an account uses this email, a new password is on its way.",
  googleNotConfigured: "Google sign-in is not configured",
  emailChangeCodeSent: "We sent a 6-digit code to your new email. Enter it to finish the change.",
  emailChangeCodeDigits: "Enter the 6 digits we e-mailed you.",
  emailChangeNothingWaiting: "No email change is waiting in this browser. Ask for it again.",
  emailChangeTooManyTries: "Too many wrong codes. Ask for the email change again.",
  googleLinkInvalid: "This sign-in link has expired or was already used. Please sign in again.",
} as const;

/**
 * Why a Google sign-in came back without a session: the callback redirects to `/signin?error=CODE`
 * and the SPA shows the message of a known code, and only that (any other code: "Login failed.").
 */
export const GOOGLE_ERROR_MESSAGES = {
  cancelled: "Google sign-in was cancelled.",
  email_not_verified: "Google has not verified this email address.",
  account_suspended: ACCOUNTS_MSG.suspended,
  login_failed: ACCOUNTS_MSG.loginFailed,
} as const;
export type GoogleErrorCode = keyof typeof GOOGLE_ERROR_MESSAGES;

/** The message to show for an `?error=` code from the address bar: known codes only. */
export function googleErrorMessage(code: string): string {
  return Object.hasOwn(GOOGLE_ERROR_MESSAGES, code)
    ? GOOGLE_ERROR_MESSAGES[code as GoogleErrorCode]
    : ACCOUNTS_MSG.loginFailed;
}

const username = usernameSchema.toLowerCase();
const email = emailSchema.pipe(z.string().toLowerCase());

// Usernames and e-mail addresses are stored lowercase: "Bruno" and "bruno" are one account, and
// the chat's username search lowercases what it is given (docs/decisions/010).
export const registerSchema = z.object({
  email,
  username,
  password: newPasswordSchema,
  /** Who invited them; an empty value means nobody. */
  ref_username: z.union([z.literal(""), username]).optional(),
});
export type RegisterInput = z.input<typeof registerSchema>;

export const registerConfirmQuerySchema = z.object({
  // Codes are shown in capitals; typed in any case.
  code: verificationCodeSchema.max(64, "Verification code is too long").toUpperCase(),
});

export const registerResendQuerySchema = z.object({ username });

export const loginSchema = z.object({ username, password: passwordSchema });
export type LoginInput = z.input<typeof loginSchema>;

export const resetPasswordQuerySchema = z.object({ email });

export const updateEmailSchema = z.object({ new_email: email, password: passwordSchema });

/** The code e-mailed to the new address: `POST /api/v1/user/auth/email/confirm?code=`. */
export const emailChangeConfirmQuerySchema = z.object({
  code: verificationCodeSchema.pipe(
    z.string().regex(new RegExp(`^\\d{${EMAIL_CHANGE_CODE_LENGTH}}$`), ACCOUNTS_MSG.emailChangeCodeDigits),
  ),
});

export const updatePasswordSchema = z.object({
  old_password: passwordSchema,
  new_password: newPasswordSchema,
});

/** A person's password change may also remove the passkeys added in the last 24 hours. */
export const userPasswordChangeSchema = updatePasswordSchema.extend({
  remove_recent_passkeys: queryBoolean.optional(),
});

/** A sign-in with an e-mailed temporary password: choose a new one with this token next. */
export const passwordChangeRequiredSchema = z.object({
  password_change_required: z.literal(true),
  password_token: z.string(),
  detail: z.string(),
});
export type PasswordChangeRequired = z.infer<typeof passwordChangeRequiredSchema>;

/** "Sign out everywhere": every session ends, this one too. */
export const signOutEverywhereSchema = z.object({ remove_recent_passkeys: queryBoolean.optional() });

/** The second step of a sign-in with an e-mailed temporary password: the new password. */
export const temporaryPasswordSchema = z.object({
  password_token: z.string().min(1, ACCOUNTS_MSG.temporaryPasswordExpired).max(2000),
  new_password: newPasswordSchema,
});

/** The one-use code of `/signin?code=` after Google, traded for a token by the browser that started. */
export const googleExchangeSchema = z.object({
  code: z
    .string({ error: ACCOUNTS_MSG.googleLinkInvalid })
    .trim()
    .min(1, ACCOUNTS_MSG.googleLinkInvalid)
    .max(128),
});
export const deleteAccountSchema = z.object({ username, password: passwordSchema });

export const userBooleanSettingQuerySchema = z.object({
  user_boolean_setting: z.enum(USER_BOOLEAN_SETTINGS),
});
export const adminBooleanSettingQuerySchema = z.object({
  admin_boolean_setting: z.enum(ADMIN_BOOLEAN_SETTINGS),
});

/** Login, registration confirm and Google sign-in answer a token. */
export const accessTokenSchema = z.object({
  access_token: z.string(),
  token_type: z.literal("bearer"),
});
export type AccessToken = z.infer<typeof accessTokenSchema>;

export const registeredSchema = z.object({
  username: z.string(),
  email: z.string(),
  message: z.string(),
});
export type Registered = z.infer<typeof registeredSchema>;

/** A 200 whose only news is a notice (`{detail}`), e.g. a confirmed e-mail change. */
export const noticeSchema = z.object({ detail: z.string() });

/** A 202: accepted, with the notice to show. */
export const acceptedSchema = z.object({ message: z.string() });

/** `setting/boolean` flips a flag and answers its new value. */
export const settingResultSchema = z.object({ result: z.boolean() });

/** The signed-in admin (`GET /api/admin/private/auth/me`). */
export const adminSchema = z.object({
  username: z.string(),
  email: z.string().nullable(),
  profile_image: z.string().nullable(),
  use_night_mode: z.boolean(),
  role: z.literal("ADMIN"),
  created_at: z.string(),
});
export type Admin = z.infer<typeof adminSchema>;
