import {
  ADMIN_FIELD_MAX,
  ADMIN_FIELD_MIN,
  EMAIL_MAX,
  PASSWORD_MAX,
  PASSWORD_MIN,
  USERNAME_MAX,
  USERNAME_MIN,
  VERIFICATION_CODE_MIN,
} from "../constants";
import { z } from "../zod-jitless";

// Field schemas and their messages. The messages are i18n keys' English text:
// the SPAs translate them with `t(message)`, the API sends them as they are.
export const MSG = {
  required: "Required",
  usernameMin: `Must be ${USERNAME_MIN} characters or more`,
  usernameMax: `Must be ${USERNAME_MAX} characters or less`,
  alphanumeric: "Must be alphanumeric characters",
  email: "Must be a valid email",
  passwordMin: `Must be ${PASSWORD_MIN} characters or more`,
  passwordMax: `Must be ${PASSWORD_MAX} characters or less`,
  codeRequired: "Verification code is required",
  codeMin: `Verification code must be at least ${VERIFICATION_CODE_MIN} characters`,
} as const;

export const usernameSchema = z
  .string({ error: MSG.required })
  .trim()
  .min(1, MSG.required)
  .min(USERNAME_MIN, MSG.usernameMin)
  .max(USERNAME_MAX, MSG.usernameMax)
  .regex(/^[A-Za-z0-9]+$/, MSG.alphanumeric);

export const emailSchema = z
  .string({ error: MSG.required })
  .trim()
  .min(1, MSG.required)
  .max(EMAIL_MAX, MSG.email)
  .pipe(z.email(MSG.email));

export const passwordSchema = z
  .string({ error: MSG.required })
  .min(1, MSG.required)
  .min(PASSWORD_MIN, MSG.passwordMin)
  .max(PASSWORD_MAX, MSG.passwordMax);

export const verificationCodeSchema = z
  .string({ error: MSG.codeRequired })
  .trim()
  .min(1, MSG.codeRequired)
  .min(VERIFICATION_CODE_MIN, MSG.codeMin);

/** Admin login fields: required, bounded (the bounds are ours). */
export const adminFieldSchema = z
  .string({ error: MSG.required })
  .min(1, MSG.required)
  .max(ADMIN_FIELD_MAX, `Must be ${ADMIN_FIELD_MAX} characters or less`);

/** The admin login form: required, bounded both ways. */
export const adminLoginSchema = z.object({
  username: adminFieldSchema.pipe(
    z.string().min(ADMIN_FIELD_MIN, `Must be ${ADMIN_FIELD_MIN} characters or more`),
  ),
  password: adminFieldSchema.pipe(z.string().min(PASSWORD_MIN, MSG.passwordMin)),
});
export type AdminLogin = z.infer<typeof adminLoginSchema>;
