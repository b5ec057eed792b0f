import type { RateRule } from "#worker/lib/rate-limits.ts";
import { DAY, HOUR, MINUTE } from "#worker/lib/time.ts";

// Every account flow is limited per address AND per account (username or e-mail). Password and
// code checks count failures only, so a person who types correctly is never slowed down; the
// others count every request, since each one sends an e-mail.
//
// Wrong passwords at login are counted per (username, address) and per address, never per
// username alone: a count per username would let anyone lock anyone out by typing wrong passwords
// for their name.
export const LIMITS = {
  loginFailuresPerPair: { max: 10, windowMs: 15 * MINUTE },
  loginFailuresPerAddress: { max: 50, windowMs: 15 * MINUTE },
  registerPerAddress: { max: 20, windowMs: HOUR },
  registerPerEmail: { max: 5, windowMs: HOUR },
  confirmFailuresPerAddress: { max: 10, windowMs: 15 * MINUTE },
  confirmPerAccount: { max: 10, windowMs: 15 * MINUTE },
  resendPerAddress: { max: 10, windowMs: HOUR },
  resendPerAccount: { max: 5, windowMs: HOUR },
  resetPerAddress: { max: 10, windowMs: HOUR },
  resetPerEmail: { max: 3, windowMs: HOUR },
  /** Wrong passwords on e-mail change, password change and deletion (a stolen session guessing). */
  passwordFailuresPerAccount: { max: 10, windowMs: 15 * MINUTE },
  /** E-mail change codes asked for: each sends an e-mail, and each gives EMAIL_CHANGE_MAX_TRIES guesses. */
  emailChangePerAccount: { max: 5, windowMs: HOUR },
  /** ...and per new address, however many accounts ask, which bounds the guesses at one address. */
  emailChangePerNewEmail: { max: 10, windowMs: DAY },
  emailConfirmFailuresPerAddress: { max: 10, windowMs: 15 * MINUTE },
  googleExchangeFailuresPerAddress: { max: 10, windowMs: 15 * MINUTE },
} satisfies Record<string, RateRule>;

/**
 * The part of a client address that names one client: an IPv4 address whole, an IPv6 address by
 * its /64 (one home or server is given a whole /64, so its other addresses are the same client).
 */
export function addressBucket(address: string): string {
  if (!address.includes(":")) return address;
  const [head = "", tail] = address.toLowerCase().split("::");
  const left = head ? head.split(":") : [];
  const right = tail === undefined ? [] : tail ? tail.split(":") : [];
  const groups =
    tail === undefined
      ? left
      : [...left, ...Array(Math.max(0, 8 - left.length - right.length)).fill("0"), ...right];
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ""))
    .join(":")}::/64`;
}

export const limitKey = {
  loginPair: (username: string, address: string) => `login:pair:${addressBucket(address)}:${username}`,
  loginAddress: (address: string) => `login:addr:${addressBucket(address)}`,
  adminLoginPair: (username: string, address: string) =>
    `admin-login:pair:${addressBucket(address)}:${username}`,
  adminLoginAddress: (address: string) => `admin-login:addr:${addressBucket(address)}`,
  registerAddress: (address: string) => `register:addr:${addressBucket(address)}`,
  registerEmail: (email: string) => `register:email:${email}`,
  confirmAddress: (address: string) => `confirm:addr:${addressBucket(address)}`,
  confirmAccount: (userId: number) => `confirm:user:${userId}`,
  resendAddress: (address: string) => `resend:addr:${addressBucket(address)}`,
  resendAccount: (username: string) => `resend:user:${username}`,
  resetAddress: (address: string) => `reset:addr:${addressBucket(address)}`,
  resetEmail: (email: string) => `reset:email:${email}`,
  passwordAccount: (userId: number) => `password:user:${userId}`,
  adminPasswordAccount: (adminId: number) => `password:admin:${adminId}`,
  emailChangeAccount: (userId: number) => `email-change:user:${userId}`,
  emailChangeNewEmail: (email: string) => `email-change:email:${email}`,
  emailConfirmAddress: (address: string) => `email-confirm:addr:${addressBucket(address)}`,
  googleExchangeAddress: (address: string) => `google-exchange:addr:${addressBucket(address)}`,
};
