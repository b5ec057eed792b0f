import type { Bindings } from "../env";
import { fetchJson, requireSource, unavailable } from "./chain-sources";

// A Bitcoin Esplora-style REST API (BITCOIN_API_URL): balance, unspent outputs and the fee rate.

const CHAIN = "Bitcoin";

/** Satoshis from the API, or the chain's 503: a malformed answer is never a 500. */
function sats(value: unknown): bigint {
  if (typeof value !== "number" || !Number.isSafeInteger(value) || value < 0) unavailable(CHAIN);
  return BigInt(value);
}

interface TxoStats {
  funded_txo_sum: number;
  spent_txo_sum: number;
}

/** Confirmed plus mempool balance, in satoshis. */
export async function bitcoinBalance(env: Bindings, address: string): Promise<bigint> {
  const base = requireSource(env, "BITCOIN_API_URL");
  const info = await fetchJson<{ chain_stats?: TxoStats; mempool_stats?: TxoStats }>(
    CHAIN,
    `${base}/address/${encodeURIComponent(address)}`,
  );
  if (!info?.chain_stats) unavailable(CHAIN);
  const net = (s?: TxoStats) => (s ? sats(s.funded_txo_sum) - sats(s.spent_txo_sum) : 0n);
  return net(info.chain_stats) + net(info.mempool_stats);
}

/** Unspent outputs' values, in satoshis. */
export async function bitcoinUtxos(env: Bindings, address: string): Promise<bigint[]> {
  const base = requireSource(env, "BITCOIN_API_URL");
  const list = await fetchJson<{ value: number }[]>(
    CHAIN,
    `${base}/address/${encodeURIComponent(address)}/utxo`,
  );
  if (!Array.isArray(list)) unavailable(CHAIN);
  return list.map((u) => sats(u?.value));
}

/** Confirmation target (blocks) the max estimate prices for: about an hour. */
const FEE_TARGET = 6;

/** sat/vB for the target, from /fee-estimates (the nearest target at or above it, else the slowest). */
export async function bitcoinFeeRate(env: Bindings): Promise<number> {
  const base = requireSource(env, "BITCOIN_API_URL");
  const rates = await fetchJson<Record<string, number>>(CHAIN, `${base}/fee-estimates`);
  if (!rates || typeof rates !== "object") unavailable(CHAIN);
  const targets = Object.keys(rates)
    .map(Number)
    .filter((t) => {
      const rate = rates[String(t)];
      return Number.isFinite(t) && typeof rate === "number" && Number.isFinite(rate) && rate >= 0;
    })
    .sort((a, b) => a - b);
  if (!targets.length) unavailable(CHAIN);
  const target = targets.find((t) => t >= FEE_TARGET) ?? targets[targets.length - 1]!;
  return rates[String(target)]!;
}
