import { base64 } from "@scure/base";
import { and, eq } from "drizzle-orm";
import { inject } from "vitest";
import app from "#worker/app.ts";
import { walletKeys } from "#worker/db/schema/index.ts";
import type { Bindings } from "#worker/env.ts";
import { deps, env } from "#worker-test/api.ts";

// The wallet's tests talk to the Worker with every chain source pointed at the local stand-ins
// (worker/test/stand-ins-setup.ts): Solana JSON-RPC on litesvm, Ethereum JSON-RPC, Esplora and
// CoinGecko, all in their real wire formats.

const SOLANA_RPC = inject("solanaRpcUrl");
export const CHAIN_APIS = inject("chainApisUrl");

const keyBytes = crypto.getRandomValues(new Uint8Array(32));
export const ENCRYPTION_KEY = base64.encode(keyBytes);

const WALLET_ENV: Bindings = {
  ...env,
  WALLET_ENCRYPTION_KEY: ENCRYPTION_KEY,
  SOLANA_RPC_URL: SOLANA_RPC,
  ETHEREUM_RPC_URL: `${CHAIN_APIS}/eth`,
  BITCOIN_API_URL: `${CHAIN_APIS}/btc`,
  PRICE_API_URL: `${CHAIN_APIS}/coingecko`,
};

/** Every body the Worker answered in this file, to scan for key material. */
export const answered: string[] = [];

/** The Worker with the wallet configured; `over` changes or removes settings. */
export async function walletApi(path: string, init: RequestInit = {}, over: Partial<Bindings> = {}) {
  const res = await app.request(path, init, { ...WALLET_ENV, ...over });
  answered.push(await res.clone().text());
  return res;
}

export const BASE = "/api/v1/private/user/payment/blockchain";

export function post(
  path: string,
  body: unknown,
  auth: Record<string, string>,
  over: Partial<Bindings> = {},
) {
  return walletApi(
    `${BASE}${path}`,
    { method: "POST", headers: { ...auth, "content-type": "application/json" }, body: JSON.stringify(body) },
    over,
  );
}

export function get(path: string, auth: Record<string, string>, over: Partial<Bindings> = {}) {
  return walletApi(`${BASE}${path}`, { headers: auth }, over);
}

// ---- The Solana stand-in, spoken to as any RPC client would ----

export async function rpc<T = unknown>(method: string, params: unknown[] = []): Promise<T> {
  const res = await fetch(SOLANA_RPC, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
  });
  const body = (await res.json()) as { result?: T; error?: { message: string } };
  if (body.error) throw new Error(body.error.message);
  return body.result as T;
}

export async function airdrop(address: string, lamports: bigint): Promise<void> {
  await rpc("requestAirdrop", [address, Number(lamports)]);
}

export async function lamportsOf(address: string): Promise<bigint> {
  return BigInt((await rpc<{ value: number }>("getBalance", [address])).value);
}

/** Sends a base64 transaction to the stand-in; the runtime's refusal comes back as an Error. */
export async function sendRaw(txBase64: string): Promise<string> {
  return rpc<string>("sendTransaction", [txBase64, { encoding: "base64" }]);
}

/** How many times each signature reached sendTransaction. */
export async function sendCounts(): Promise<Record<string, number>> {
  const res = await fetch(`${SOLANA_RPC}/stats`);
  return ((await res.json()) as { sendTransaction: Record<string, number> }).sendTransaction;
}

/** Sets balances and prices on the ETH / BTC / price stand-in. */
export async function setChains(
  patch: Record<string, unknown>,
): Promise<{ priceHits: Record<string, number> }> {
  const res = await fetch(`${CHAIN_APIS}/control`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(patch),
  });
  return (await res.json()) as { priceHits: Record<string, number> };
}

/**
 * The person's Solana seed, opened the way custody opens it: for tests that sign the exact
 * transfer the Worker refused and show the runtime refuses it too, and for scanning answers.
 */
export async function openSolanaSeed(
  userId: number,
): Promise<{ seed: Uint8Array; address: string; sealed: string }> {
  const row = await deps.db.orm
    .select()
    .from(walletKeys)
    .where(and(eq(walletKeys.userId, userId), eq(walletKeys.chain, "SOL")))
    .get();
  if (!row) throw new Error("no SOL key yet");
  const key = await crypto.subtle.importKey("raw", keyBytes, "AES-GCM", false, ["decrypt"]);
  const seed = new Uint8Array(
    await crypto.subtle.decrypt(
      {
        name: "AES-GCM",
        iv: base64.decode(row.iv),
        additionalData: new TextEncoder().encode(`agora-wallet:${userId}:SOL:${row.address}`),
      },
      key,
      base64.decode(row.secret),
    ),
  );
  return { seed, address: row.address, sealed: row.secret };
}

export const LAMPORTS_PER_SOL = 1_000_000_000n;
export const FEE = 5000n;
export const RENT = 890_880n;
