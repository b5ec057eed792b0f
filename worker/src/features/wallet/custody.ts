import { base64 } from "@scure/base";
import { and, eq } from "drizzle-orm";
import { CRYPTO_SYMBOLS } from "#shared/enums.ts";
import { WALLET_MSG, type WalletSymbol } from "#shared/schemas/wallet.ts";
import { users, walletKeys } from "#worker/db/schema/index.ts";
import type { Deps } from "#worker/deps.ts";
import { fail } from "#worker/lib/errors.ts";
import { newKey } from "./addresses";

// Custodial keys (docs/decisions/080): one per person and chain, made on first use,
// sealed with AES-GCM under WALLET_ENCRYPTION_KEY. The clear secret exists only inside
// `withSolanaSecret`'s callback; nothing here logs, returns or puts it in an error.

/** The sealing key from configuration; 503 "Wallet is not configured" when it is absent or not 32 bytes. */
async function sealingKey(deps: Deps): Promise<CryptoKey> {
  const configured = deps.env.WALLET_ENCRYPTION_KEY?.trim();
  let raw: Uint8Array | null = null;
  try {
    raw = configured ? base64.decode(configured) : null;
  } catch {
    raw = null;
  }
  if (raw?.length !== 32) fail(503, WALLET_MSG.walletNotConfigured);
  return crypto.subtle.importKey("raw", raw, "AES-GCM", false, ["encrypt", "decrypt"]);
}

/** 503 unless the wallet can seal keys: for calls that need custody before anything else. */
export async function requireCustody(deps: Deps): Promise<void> {
  await sealingKey(deps);
}

// The row's owner, chain and address are sealed with the secret, so a ciphertext copied onto
// another row does not open.
const additionalData = (userId: number, chain: WalletSymbol, address: string) =>
  new TextEncoder().encode(`agora-wallet:${userId}:${chain}:${address}`);

/** The person's address on the chain, making and sealing the key on first use. */
export async function walletAddress(deps: Deps, userId: number, chain: WalletSymbol): Promise<string> {
  const key = await sealingKey(deps);
  const existing = await deps.db.orm
    .select({ address: walletKeys.address })
    .from(walletKeys)
    .where(and(eq(walletKeys.userId, userId), eq(walletKeys.chain, chain)))
    .get();
  if (existing) return existing.address;

  const { secret, address } = await newKey(chain);
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const sealed = new Uint8Array(
    await crypto.subtle.encrypt(
      { name: "AES-GCM", iv, additionalData: additionalData(userId, chain, address) },
      key,
      secret,
    ),
  );
  secret.fill(0);
  // Two first uses at once: one insert wins and both answer its address.
  await deps.db.orm
    .insert(walletKeys)
    .values({ userId, chain, address, secret: base64.encode(sealed), iv: base64.encode(iv) })
    .onConflictDoNothing()
    .run();
  const row = await deps.db.orm
    .select({ address: walletKeys.address })
    .from(walletKeys)
    .where(and(eq(walletKeys.userId, userId), eq(walletKeys.chain, chain)))
    .get();
  return row?.address ?? fail(503, WALLET_MSG.walletNotConfigured);
}

/** All three addresses of the person, made on first use. */
export async function walletAddresses(deps: Deps, userId: number): Promise<Record<WalletSymbol, string>> {
  const entries = await Promise.all(
    CRYPTO_SYMBOLS.map(async (chain) => [chain, await walletAddress(deps, userId, chain)] as const),
  );
  return Object.fromEntries(entries) as Record<WalletSymbol, string>;
}

/** Whose custodial wallet an address is, if anyone's. */
export async function addressOwner(
  deps: Deps,
  chain: WalletSymbol,
  address: string,
): Promise<{ id: number; username: string } | null> {
  const row = await deps.db.orm
    .select({ id: users.id, username: users.username })
    .from(walletKeys)
    .innerJoin(users, eq(users.id, walletKeys.userId))
    .where(and(eq(walletKeys.chain, chain), eq(walletKeys.address, address)))
    .get();
  return row ?? null;
}

/**
 * Runs `use` with the person's Solana seed (32 bytes) opened, and wipes it afterwards. The only
 * way to reach a clear secret.
 */
export async function withSolanaSecret<T>(
  deps: Deps,
  userId: number,
  use: (seed: Uint8Array, address: string) => Promise<T>,
): Promise<T> {
  const key = await sealingKey(deps);
  const address = await walletAddress(deps, userId, "SOL");
  const row = await deps.db.orm
    .select({ secret: walletKeys.secret, iv: walletKeys.iv })
    .from(walletKeys)
    .where(and(eq(walletKeys.userId, userId), eq(walletKeys.chain, "SOL")))
    .get();
  if (!row) fail(503, WALLET_MSG.walletNotConfigured);
  let seed: Uint8Array;
  try {
    seed = new Uint8Array(
      await crypto.subtle.decrypt(
        {
          name: "AES-GCM",
          iv: base64.decode(row.iv),
          additionalData: additionalData(userId, "SOL", address),
        },
        key,
        base64.decode(row.secret),
      ),
    );
  } catch {
    // A different WALLET_ENCRYPTION_KEY than the one that sealed it: say so without details.
    fail(503, WALLET_MSG.walletNotConfigured);
  }
  try {
    return await use(seed, address);
  } finally {
    seed.fill(0);
  }
}
