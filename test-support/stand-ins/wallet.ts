import { type ChainApisStandIn, startChainApis } from "./chain-apis.ts";
import { type SolanaRpcStandIn, startSolanaRpc } from "./solana-rpc.ts";

// Every wallet source as a local stand-in, and the Worker settings that point at them: for browser
// journeys (`startServer({ vars })` in scripts/server.mjs) and `WALLET_STAND_INS=1 bun run dev`.
//
//   const wallet = await startWalletStandIns();
//   const server = await startServer({ ..., vars: wallet.vars });
//   await wallet.fundSol(address, 2_000_000_000n);      // 2 SOL into someone's custodial wallet
//   ...; wallet.stop();

/** A development-only sealing key (32 bytes). Production sets its own secret. */
const DEV_WALLET_ENCRYPTION_KEY = Buffer.from("agora-dev-only-wallet-sealing-k!").toString("base64");

export interface WalletStandIns {
  solana: SolanaRpcStandIn;
  chains: ChainApisStandIn;
  /** SOLANA_RPC_URL, ETHEREUM_RPC_URL, BITCOIN_API_URL, PRICE_API_URL, WALLET_ENCRYPTION_KEY. */
  vars: Record<string, string>;
  fundSol(address: string, lamports: bigint): Promise<void>;
  stop(): Promise<void>;
}

export async function startWalletStandIns({ solanaPort = 0, chainsPort = 0 } = {}): Promise<WalletStandIns> {
  const solana = await startSolanaRpc({ port: solanaPort });
  const chains = await startChainApis({ port: chainsPort });
  return {
    solana,
    chains,
    vars: {
      SOLANA_RPC_URL: solana.url,
      ETHEREUM_RPC_URL: `${chains.url}/eth`,
      BITCOIN_API_URL: `${chains.url}/btc`,
      PRICE_API_URL: `${chains.url}/coingecko`,
      WALLET_ENCRYPTION_KEY: DEV_WALLET_ENCRYPTION_KEY,
    },
    async fundSol(address, lamports) {
      const res = await fetch(solana.url, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          jsonrpc: "2.0",
          id: 1,
          method: "requestAirdrop",
          params: [address, Number(lamports)],
        }),
      });
      const body = (await res.json()) as { error?: { message: string } };
      if (body.error) throw new Error(body.error.message);
    },
    async stop() {
      await Promise.all([solana.close(), chains.close()]);
    },
  };
}
