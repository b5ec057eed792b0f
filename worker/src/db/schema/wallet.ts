import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { CRYPTO_SYMBOLS } from "#shared/enums.ts";
import { createdAt, updatedAt } from "./columns";
import { users } from "./users";

// The custodial wallet (migration 0080, docs/decisions/080).

/**
 * One key per person and chain, made on first use. `secret` is the private key (the ed25519 seed
 * for SOL, the secp256k1 scalar for ETH and BTC) sealed with AES-GCM under WALLET_ENCRYPTION_KEY,
 * with `iv` and the row's person, chain and address as additional data; it never leaves
 * worker/src/features/wallet/custody.ts in the clear.
 */
export const walletKeys = sqliteTable(
  "wallet_keys",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    chain: text("chain", { enum: CRYPTO_SYMBOLS }).notNull(),
    address: text("address").notNull(),
    secret: text("secret").notNull(),
    iv: text("iv").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("wallet_keys_user_chain_idx").on(t.userId, t.chain),
    uniqueIndex("wallet_keys_chain_address_idx").on(t.chain, t.address),
  ],
);

export const WALLET_SEND_STATUSES = ["SENDING", "CONFIRMED", "FAILED"] as const;
export type WalletSendStatus = (typeof WALLET_SEND_STATUSES)[number];

/**
 * One row per confirmed send, written with its signed transaction and signature **before** the
 * transaction is broadcast, under the person's idempotency key: a retry, a second click or a
 * concurrent confirm with the same key finds this row and never signs or sends another.
 * Amounts are integers of the smallest unit (lamports).
 */
export const walletSends = sqliteTable(
  "wallet_sends",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    idempotencyKey: text("idempotency_key").notNull(),
    chain: text("chain", { enum: CRYPTO_SYMBOLS }).notNull(),
    fromAddress: text("from_address").notNull(),
    toAddress: text("to_address").notNull(),
    receiverId: integer("receiver_id").references(() => users.id, { onDelete: "set null" }),
    amount: integer("amount").notNull(),
    fee: integer("fee").notNull(),
    signedTx: text("signed_tx").notNull(),
    signature: text("signature").notNull(),
    status: text("status", { enum: WALLET_SEND_STATUSES }).notNull().default("SENDING"),
    error: text("error"),
    /** When a request last broadcast it: a stale SENDING row may be broadcast again (same bytes). */
    sentAt: integer("sent_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("wallet_sends_key_idx").on(t.userId, t.idempotencyKey),
    uniqueIndex("wallet_sends_signature_idx").on(t.signature),
    index("wallet_sends_status_idx").on(t.userId, t.status),
  ],
);
