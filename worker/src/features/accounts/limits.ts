import type { RateRule } from "#worker/middleware/rate-limit.ts";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

// Every account flow is limited per address AND per account (username or e-mail). Password and
// code checks count failures only, so a person who types correctly is never slowed down; the
// others count every request, since each one sends an e-mail.
export const LIMITS = {
  loginFailuresPerAddress: { max: 30, windowMs: 15 * MINUTE },
  loginFailuresPerAccount: { max: 10, windowMs: 15 * MINUTE },
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
} satisfies Record<string, RateRule>;

export const limitKey = {
  loginAddress: (address: string) => `login:addr:${address}`,
  loginAccount: (username: string) => `login:user:${username}`,
  adminLoginAddress: (address: string) => `admin-login:addr:${address}`,
  adminLoginAccount: (username: string) => `admin-login:user:${username}`,
  registerAddress: (address: string) => `register:addr:${address}`,
  registerEmail: (email: string) => `register:email:${email}`,
  confirmAddress: (address: string) => `confirm:addr:${address}`,
  confirmAccount: (userId: number) => `confirm:user:${userId}`,
  resendAddress: (address: string) => `resend:addr:${address}`,
  resendAccount: (username: string) => `resend:user:${username}`,
  resetAddress: (address: string) => `reset:addr:${address}`,
  resetEmail: (email: string) => `reset:email:${email}`,
  passwordAccount: (userId: number) => `password:user:${userId}`,
  adminPasswordAccount: (adminId: number) => `password:admin:${adminId}`,
};
