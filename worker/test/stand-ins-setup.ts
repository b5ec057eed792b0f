import type { TestProject } from "vitest/node";
import { startChainApis } from "#stand-ins/chain-apis.ts";
import { startSolanaRpc } from "#stand-ins/solana-rpc.ts";

declare module "vitest" {
  export interface ProvidedContext {
    solanaRpcUrl: string;
    chainApisUrl: string;
  }
}

// Runs in Node before the worker tests: the wallet's chain sources as local servers speaking their
// real wire formats (Solana JSON-RPC backed by litesvm, Ethereum JSON-RPC, Esplora, CoinGecko).
// litesvm is native and cannot load inside workerd, so the Worker reaches it over HTTP.
export default async function setup(project: TestProject) {
  const solana = await startSolanaRpc();
  const chains = await startChainApis();
  project.provide("solanaRpcUrl", solana.url);
  project.provide("chainApisUrl", chains.url);
  return async () => {
    await solana.close();
    await chains.close();
  };
}
