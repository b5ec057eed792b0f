import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { PAYMENT_METHODS, PAYMENT_STATUSES, PAYMENT_TYPES } from "#shared/schemas/payments.ts";
import { createdAt, updatedAt } from "./columns";
import { users } from "./users";

// The payments ledger (migration 0070, docs/decisions/070).

/**
 * One row per money movement: a membership payment, a tip, a service order, a referral reward or
 * a crypto send. `amount` is an integer of the currency's smallest unit (cents, lamports), never
 * a float. `provider_ref` is the provider's id for it (Checkout session, invoice, PayPal sale,
 * transaction signature), unique per method, so a fact is recorded once.
 */
export const payments = sqliteTable(
  "payments",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    publicId: text("public_id").notNull().unique(),
    paymentMethod: text("payment_method", { enum: PAYMENT_METHODS }).notNull(),
    paymentType: text("payment_type", { enum: PAYMENT_TYPES }).notNull(),
    status: text("status", { enum: PAYMENT_STATUSES }).notNull().default("PENDING"),
    amount: integer("amount").notNull(),
    currency: text("currency").notNull(),
    payerId: integer("payer_id").references(() => users.id, { onDelete: "set null" }),
    receiverId: integer("receiver_id").references(() => users.id, { onDelete: "set null" }),
    providerRef: text("provider_ref"),
    serviceId: integer("service_id"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("payments_provider_ref_idx")
      .on(t.paymentMethod, t.providerRef)
      .where(sql`${t.providerRef} IS NOT NULL`),
    index("payments_payer_idx").on(t.payerId, t.status, t.id),
    index("payments_receiver_idx").on(t.receiverId, t.status, t.id),
  ],
);
