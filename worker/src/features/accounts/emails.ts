import { type Email, plainEmail } from "#worker/providers/email.ts";

// The texts of the account e-mails. The first line of the code and password e-mails is fixed
// wording (`Your verification code: CODE`, `Your new password: PASSWORD`, `Your code to confirm
// this email: 123456`) that tests and users look for.

export function verificationEmail(to: string, code: string): Email {
  return plainEmail(
    to,
    "Your Agora verification code",
    `Your verification code: ${code}\nEnter it on Agora to finish creating your account. It expires in 30 minutes.\nIf you did not sign up, ignore this e-mail.`,
  );
}

export function newPasswordEmail(to: string, password: string, username: string): Email {
  return plainEmail(
    to,
    "Your new Agora password",
    `Your new password: ${password}\nLog in as @${username} with it within 24 hours, then change it in Settings.\nIf you did not ask for it, ignore this e-mail: your current password keeps working.`,
  );
}

/**
 * To an address that already has an account, when someone registers with it: the same answer
 * goes to the registrant either way, and only the owner of the address learns more.
 */
export function addressInUseEmail(to: string): Email {
  return plainEmail(
    to,
    "Someone tried to sign up to Agora with your email",
    "Someone, maybe you, tried to create an Agora account with this email address, which already has an account.\nIf it was you, log in, or use Forgot password on the login screen to get a new password.\nIf it was not you, ignore this e-mail: nothing changed.",
  );
}

export function emailChangeCodeEmail(to: string, code: string): Email {
  return plainEmail(
    to,
    "Confirm your new Agora email",
    `Your code to confirm this email: ${code}\nEnter it on Agora, in the browser where you asked for the change, within 10 minutes. Until then your account keeps its old email.\nIf you did not ask for this, ignore this e-mail: nothing changes.`,
  );
}

export function emailChangedEmail(to: string, newEmail: string): Email {
  return plainEmail(
    to,
    "Your Agora e-mail was changed",
    `The e-mail of your Agora account was changed to ${newEmail}.\nIf you did not do this, reply to this e-mail at once.`,
  );
}

const removedPasskeys = (names: string[]) =>
  names.length ? `\nThe passkeys added in the last 24 hours were removed: ${names.join(", ")}.` : "";
const review = (publicUrl: string) =>
  `\nReview your sign-in methods: ${new URL("/settings/account", publicUrl).href}`;

export function passwordChangedEmail(to: string, removed: string[], publicUrl: string): Email {
  return plainEmail(
    to,
    "Your Agora password was changed",
    `The password of your Agora account was changed and every session was signed out.${removedPasskeys(removed)}${review(publicUrl)}\nIf you did not do this, use Forgot password to get a new one.`,
  );
}

export function signedOutEverywhereEmail(to: string, removed: string[], publicUrl: string): Email {
  return plainEmail(
    to,
    "You were signed out of Agora everywhere",
    `Every session of your Agora account was signed out, as you asked.${removedPasskeys(removed)}${review(publicUrl)}\nIf you did not do this, change your password now.`,
  );
}

export function accountDeletedEmail(to: string, username: string): Email {
  return plainEmail(
    to,
    "Your Agora account was deleted",
    `The Agora account @${username} was deleted as you asked. Your e-mail address is free to use again.`,
  );
}
