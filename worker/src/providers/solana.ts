import type { Bindings } from "../env";
import { jsonRpc, requireSource, unavailable } from "./chain-sources";

// Solana JSON-RPC over fetch (SOLANA_RPC_URL): the few calls the wallet makes, with amounts as
// bigint lamports. No WebSocket: confirmation is polled with getSignatureStatuses (web3.js 1.x's
// confirmTransaction would open a subscription socket).

const CHAIN = "Solana";

/** A whole number from the node, or the chain's 503: a malformed answer is never a 500. */
function whole(value: unknown): bigint {
  if (typeof value !== "number" || !Number.isSafeInteger(value) || value < 0) unavailable(CHAIN);
  return BigInt(value);
}

export interface SignatureStatus {
  err: unknown;
  confirmationStatus?: "processed" | "confirmed" | "finalized" | null;
}

export class SolanaRpc {
  constructor(readonly url: string) {}

  static from(env: Bindings): SolanaRpc {
    return new SolanaRpc(requireSource(env, "SOLANA_RPC_URL"));
  }

  private call<T>(method: string, params: unknown[] = []): Promise<T> {
    return jsonRpc<T>(CHAIN, this.url, method, params);
  }

  async getBalance(address: string): Promise<bigint> {
    const r = await this.call<{ value?: unknown } | null>("getBalance", [
      address,
      { commitment: "confirmed" },
    ]);
    return whole(r?.value);
  }

  /** Whether the address holds an account (a new one must receive the rent-exempt minimum). */
  async accountExists(address: string): Promise<boolean> {
    const r = await this.call<{ value?: unknown } | null>("getAccountInfo", [
      address,
      { encoding: "base64", commitment: "confirmed", dataSlice: { offset: 0, length: 0 } },
    ]);
    if (!r || !("value" in r)) unavailable(CHAIN);
    return r.value !== null;
  }

  async getLatestBlockhash(): Promise<{ blockhash: string; lastValidBlockHeight: number }> {
    const r = await this.call<{ value?: { blockhash?: unknown; lastValidBlockHeight?: unknown } } | null>(
      "getLatestBlockhash",
      [{ commitment: "confirmed" }],
    );
    const { blockhash, lastValidBlockHeight } = r?.value ?? {};
    if (typeof blockhash !== "string" || !/^[1-9A-HJ-NP-Za-km-z]{32,44}$/.test(blockhash)) unavailable(CHAIN);
    return { blockhash, lastValidBlockHeight: Number(whole(lastValidBlockHeight)) };
  }

  /** The fee of this exact message (base64), or null when its blockhash is no longer known. */
  async getFeeForMessage(messageBase64: string): Promise<bigint | null> {
    const r = await this.call<{ value?: unknown } | null>("getFeeForMessage", [
      messageBase64,
      { commitment: "confirmed" },
    ]);
    return r?.value === null ? null : whole(r?.value);
  }

  async getMinimumBalanceForRentExemption(size: number): Promise<bigint> {
    return whole(await this.call<unknown>("getMinimumBalanceForRentExemption", [size]));
  }

  /** Broadcasts a signed transaction (base64); the node's refusal is a JsonRpcError. */
  async sendTransaction(txBase64: string): Promise<string> {
    const signature = await this.call<unknown>("sendTransaction", [
      txBase64,
      { encoding: "base64", preflightCommitment: "confirmed", maxRetries: 5 },
    ]);
    if (typeof signature !== "string") unavailable(CHAIN);
    return signature;
  }

  async getSignatureStatus(signature: string): Promise<SignatureStatus | null> {
    const r = await this.call<{ value?: unknown } | null>("getSignatureStatuses", [
      [signature],
      { searchTransactionHistory: true },
    ]);
    if (!Array.isArray(r?.value)) unavailable(CHAIN);
    const status = r.value[0];
    return status && typeof status === "object" ? (status as SignatureStatus) : null;
  }
}
