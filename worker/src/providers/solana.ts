import type { Bindings } from "../env";
import { jsonRpc, requireSource } from "./chain-sources";

// Solana JSON-RPC over fetch (SOLANA_RPC_URL): the few calls the wallet makes, with amounts as
// bigint lamports. No WebSocket: confirmation is polled with getSignatureStatuses (web3.js 1.x's
// confirmTransaction would open a subscription socket).

const CHAIN = "Solana";

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
    const r = await this.call<{ value: number }>("getBalance", [address, { commitment: "confirmed" }]);
    return BigInt(r.value);
  }

  /** Whether the address holds an account (a new one must receive the rent-exempt minimum). */
  async accountExists(address: string): Promise<boolean> {
    const r = await this.call<{ value: unknown }>("getAccountInfo", [
      address,
      { encoding: "base64", commitment: "confirmed", dataSlice: { offset: 0, length: 0 } },
    ]);
    return r.value !== null;
  }

  async getLatestBlockhash(): Promise<{ blockhash: string; lastValidBlockHeight: number }> {
    const r = await this.call<{ value: { blockhash: string; lastValidBlockHeight: number } }>(
      "getLatestBlockhash",
      [{ commitment: "confirmed" }],
    );
    return r.value;
  }

  /** The fee of this exact message (base64), or null when its blockhash is no longer known. */
  async getFeeForMessage(messageBase64: string): Promise<bigint | null> {
    const r = await this.call<{ value: number | null }>("getFeeForMessage", [
      messageBase64,
      { commitment: "confirmed" },
    ]);
    return r.value === null ? null : BigInt(r.value);
  }

  async getMinimumBalanceForRentExemption(size: number): Promise<bigint> {
    return BigInt(await this.call<number>("getMinimumBalanceForRentExemption", [size]));
  }

  /** Broadcasts a signed transaction (base64); the node's refusal is a JsonRpcError. */
  sendTransaction(txBase64: string): Promise<string> {
    return this.call<string>("sendTransaction", [
      txBase64,
      { encoding: "base64", preflightCommitment: "confirmed", maxRetries: 5 },
    ]);
  }

  async getSignatureStatus(signature: string): Promise<SignatureStatus | null> {
    const r = await this.call<{ value: (SignatureStatus | null)[] }>("getSignatureStatuses", [
      [signature],
      { searchTransactionHistory: true },
    ]);
    return r.value[0] ?? null;
  }
}
