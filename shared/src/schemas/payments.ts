import { z } from "zod";

// The payments ledger's enumerations (spec part 2 §3 and §9; DESIGN.md "Payments (decided)").

export const PAYMENT_METHODS = ["STRIPE", "PAYPAL", "CRYPTO"] as const;
export const paymentMethodSchema = z.enum(PAYMENT_METHODS);
export type PaymentMethod = z.infer<typeof paymentMethodSchema>;

export const PAYMENT_TYPES = [
  "VERIFIED_USER_SUBSCRIPTION",
  "SERVICE_PAYMENT",
  "SERVICE_SUBSCRIPTION",
  "FIAT_TRANSFER",
  "CRYPTO_TRANSFER",
  "REFERRAL_REWARD",
] as const;
export const paymentTypeSchema = z.enum(PAYMENT_TYPES);
export type PaymentType = z.infer<typeof paymentTypeSchema>;

/** PENDING until the provider confirms; only SUCCEEDED rows show in the history. */
export const PAYMENT_STATUSES = ["PENDING", "SUCCEEDED", "FAILED", "REFUNDED"] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** Currencies of the ledger and the decimals of their smallest unit (cents, lamports). */
export const CURRENCY_DECIMALS = { USD: 2, SOL: 9, BTC: 8, ETH: 18 } as const;
export type Currency = keyof typeof CURRENCY_DECIMALS;
