import { isCommonPassword } from "../common-passwords";
import { z } from "../zod-jitless";
import { passwordSchema } from "./fields";

// A password being chosen (sign-up, a change, an admin's) must also not be one of the 1,000 most
// common. Typing one to sign in or to confirm an action is only checked for length: demo and older
// accounts keep the passwords they have. The list is large, so only the forms that set a password
// load this module.

export const PASSWORD_MSG = {
  common: "This password is too common. Choose one that is harder to guess.",
} as const;

export const newPasswordSchema = passwordSchema.pipe(
  z.string().refine((p) => !isCommonPassword(p), PASSWORD_MSG.common),
);
