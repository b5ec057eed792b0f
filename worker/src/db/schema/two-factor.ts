import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt } from "./columns";

// Second factors (docs/decisions/110). People and staff live in different tables, so each row
// names its owner by kind ("user" or "admin") and id; deleting the owner deletes its factors in the
// owner's own code path.

export const MFA_OWNER_KINDS = ["user", "admin"] as const;

/**
 * One authenticator app per owner. `secret` is the TOTP key sealed with AES-GCM (worker/src/lib/sealing.ts),
 * with `iv`; `enabled_at` is null while set-up waits for its first code. `last_step` is the last
 * 30-second step a code was accepted for: a code of that step or an earlier one is refused.
 */
export const totpFactors = sqliteTable(
  "totp_factors",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    ownerKind: text("owner_kind", { enum: MFA_OWNER_KINDS }).notNull(),
    ownerId: integer("owner_id").notNull(),
    secret: text("secret").notNull(),
    iv: text("iv").notNull(),
    enabledAt: integer("enabled_at"),
    lastStep: integer("last_step").notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("totp_factors_owner_idx").on(t.ownerKind, t.ownerId)],
);

/** Ten per enabled TOTP, SHA-256 of the code; `used_at` set on the one use allowed. */
export const recoveryCodes = sqliteTable(
  "recovery_codes",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    ownerKind: text("owner_kind", { enum: MFA_OWNER_KINDS }).notNull(),
    ownerId: integer("owner_id").notNull(),
    codeHash: text("code_hash").notNull(),
    usedAt: integer("used_at"),
    createdAt: createdAt(),
  },
  (t) => [index("recovery_codes_owner_idx").on(t.ownerKind, t.ownerId)],
);

/** WebAuthn credentials (passkeys). The public key only: nothing here opens an account alone. */
export const passkeys = sqliteTable(
  "passkeys",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    ownerKind: text("owner_kind", { enum: MFA_OWNER_KINDS }).notNull(),
    ownerId: integer("owner_id").notNull(),
    /** base64url, as the authenticator names it. */
    credentialId: text("credential_id").notNull(),
    /** COSE public key, base64url. */
    publicKey: text("public_key").notNull(),
    counter: integer("counter").notNull().default(0),
    /** JSON array of transports the browser reported. */
    transports: text("transports").notNull().default("[]"),
    name: text("name").notNull(),
    /** Where it was added from (browser and system, address, country), for the owner's list. */
    createdFrom: text("created_from").notNull().default(""),
    lastUsedAt: integer("last_used_at"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("passkeys_credential_idx").on(t.credentialId),
    index("passkeys_owner_idx").on(t.ownerKind, t.ownerId),
  ],
);

/** WebAuthn challenges handed out and not used yet: each works once, until `expires_at`. */
export const webauthnChallenges = sqliteTable("webauthn_challenges", {
  challenge: text("challenge").primaryKey(),
  purpose: text("purpose", { enum: ["register", "login", "step-up"] }).notNull(),
  ownerKind: text("owner_kind", { enum: MFA_OWNER_KINDS }),
  ownerId: integer("owner_id"),
  expiresAt: integer("expires_at").notNull(),
});
