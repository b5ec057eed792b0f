import { WALLET_MSG, walletMessage } from "#shared/schemas/wallet.ts";
import { type Bindings, isDevelopment } from "../env";
import { fail } from "../lib/errors";

// Where the wallet reads chains and prices (docs/decisions/080).
// Each is a base URL in configuration. In production an unset one falls back to the public
// service; in development (worker tests included) it means "not configured" (503), so they never
// reach the internet by accident.

type Source = "SOLANA_RPC_URL" | "ETHEREUM_RPC_URL" | "BITCOIN_API_URL" | "PRICE_API_URL";

const PUBLIC_DEFAULTS: Record<Source, string> = {
  SOLANA_RPC_URL: "https://api.mainnet-beta.solana.com",
  ETHEREUM_RPC_URL: "https://cloudflare-eth.com",
  BITCOIN_API_URL: "https://blockstream.info/api",
  PRICE_API_URL: "https://api.coingecko.com/api/v3",
};

const NOT_CONFIGURED: Record<Source, string> = {
  SOLANA_RPC_URL: WALLET_MSG.solanaNotConfigured,
  ETHEREUM_RPC_URL: WALLET_MSG.ethereumNotConfigured,
  BITCOIN_API_URL: WALLET_MSG.bitcoinNotConfigured,
  PRICE_API_URL: WALLET_MSG.pricesNotConfigured,
};

/** The source's base URL without a trailing slash, or null when it is not configured. */
export function sourceUrl(env: Bindings, source: Source): string | null {
  const set = env[source]?.trim();
  const url = set || (isDevelopment(env) ? "" : PUBLIC_DEFAULTS[source]);
  return url ? url.replace(/\/+$/, "") : null;
}

/** The source's base URL, or 503 "<Chain> is not configured". */
export function requireSource(env: Bindings, source: Source): string {
  return sourceUrl(env, source) ?? fail(503, NOT_CONFIGURED[source]);
}

/** 503 when a chain's source does not answer, or answers something that is not its format. */
export function unavailable(chain: string): never {
  fail(503, walletMessage(WALLET_MSG.chainUnavailable, { chain }), { code: "unavailable" });
}

const TIMEOUT_MS = 10_000;

/** GET or POST JSON with a timeout; any failure is the chain's 503. */
export async function fetchJson<T>(chain: string, url: string, init: RequestInit = {}): Promise<T> {
  let res: Response;
  try {
    res = await fetch(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
  } catch {
    unavailable(chain);
  }
  if (!res.ok) unavailable(chain);
  try {
    return (await res.json()) as T;
  } catch {
    unavailable(chain);
  }
}

/** A JSON-RPC 2.0 error the node answered (as opposed to the node not answering). */
export class JsonRpcError extends Error {
  override name = "JsonRpcError";
  readonly code: number;
  readonly data: unknown;
  constructor(code: number, message: string, data: unknown) {
    super(message);
    this.code = code;
    this.data = data;
  }
}

let rpcId = 0;

/** One JSON-RPC 2.0 call. */
export async function jsonRpc<T>(chain: string, url: string, method: string, params: unknown[]): Promise<T> {
  const answer = await fetchJson<{ result?: T; error?: { code: number; message: string; data?: unknown } }>(
    chain,
    url,
    {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ jsonrpc: "2.0", id: ++rpcId, method, params }),
    },
  );
  if (answer.error) throw new JsonRpcError(answer.error.code, answer.error.message, answer.error.data);
  if (!("result" in answer)) unavailable(chain);
  return answer.result as T;
}
