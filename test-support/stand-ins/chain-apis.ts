import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";

// Stand-ins for the wallet's read-only sources, each in its provider's real wire format, on one
// local server (Node; plain TypeScript that `node --experimental-strip-types` runs too):
//   ETHEREUM_RPC_URL = `${url}/eth`           JSON-RPC: eth_getBalance (hex wei), eth_chainId
//   BITCOIN_API_URL  = `${url}/btc`           Esplora: /address/:a, /address/:a/utxo, /fee-estimates
//   PRICE_API_URL    = `${url}/coingecko`     CoinGecko: /simple/price, /coins/:id/market_chart
// Tests and journeys set balances and prices with `POST /control` (JSON, see `ChainState`), and
// read how many price requests arrived with `GET /control`.

interface ChainState {
  /** wei by lowercase address */
  eth: Record<string, string>;
  /** satoshis by address: one confirmed UTXO each */
  btc: Record<string, number>;
  /** sat/vB by confirmation target, Esplora's /fee-estimates */
  btcFees: Record<string, number>;
  /** USD price and 24 h change in percent by CoinGecko id */
  prices: Record<string, { usd: number; usd_24h_change: number }>;
}

export interface ChainApisStandIn {
  url: string;
  state: ChainState;
  /** Requests the price API received, by path. */
  priceHits: Record<string, number>;
  close(): Promise<void>;
}

const DEFAULT_PRICES: ChainState["prices"] = {
  bitcoin: { usd: 64_250.12, usd_24h_change: 1.25 },
  ethereum: { usd: 3_120.5, usd_24h_change: -0.8 },
  solana: { usd: 150.25, usd_24h_change: 2.4 },
  bnb: { usd: 590.1, usd_24h_change: 0.3 },
  avax: { usd: 35.2, usd_24h_change: -1.9 },
};

/** A day of 5-minute points ending now, drifting from the 24 h change to the price. */
function marketChart(coin: { usd: number; usd_24h_change: number }) {
  const now = Date.now();
  const start = coin.usd / (1 + coin.usd_24h_change / 100);
  const points = 288;
  const prices = Array.from({ length: points + 1 }, (_, i) => {
    const wave = Math.sin(i / 9) * coin.usd * 0.004;
    const price = start + ((coin.usd - start) * i) / points + (i === points ? 0 : wave);
    return [now - (points - i) * 300_000, Number(price.toFixed(6))];
  });
  return { prices, market_caps: prices.map(([t]) => [t, 0]), total_volumes: prices.map(([t]) => [t, 0]) };
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

export async function startChainApis({ port = 0, host = "127.0.0.1" } = {}): Promise<ChainApisStandIn> {
  const state: ChainState = {
    eth: {},
    btc: {},
    btcFees: { "1": 25.3, "2": 20.1, "3": 15.0, "6": 10.2, "144": 1.1 },
    prices: structuredClone(DEFAULT_PRICES),
  };
  const priceHits: Record<string, number> = {};

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://stand-in");
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { "content-type": "application/json" });
      res.end(JSON.stringify(body));
    };
    const path = url.pathname;
    try {
      if (path === "/control") {
        if (req.method === "POST") {
          const patch = JSON.parse(await readBody(req)) as Partial<ChainState>;
          for (const key of ["eth", "btc", "btcFees", "prices"] as const)
            if (patch[key]) Object.assign(state[key], patch[key]);
        }
        return send(200, { state, priceHits });
      }

      if (path === "/eth" && req.method === "POST") {
        const call = JSON.parse(await readBody(req)) as { id: unknown; method: string; params: string[] };
        const answer = (result: unknown) => send(200, { jsonrpc: "2.0", id: call.id, result });
        if (call.method === "eth_chainId") return answer("0x1");
        if (call.method === "eth_blockNumber") return answer("0x1312d00");
        if (call.method === "eth_getBalance") {
          const wei = BigInt(state.eth[String(call.params[0]).toLowerCase()] ?? "0");
          return answer(`0x${wei.toString(16)}`);
        }
        return send(200, {
          jsonrpc: "2.0",
          id: call.id,
          error: { code: -32601, message: "Method not found" },
        });
      }

      if (path === "/btc/fee-estimates") return send(200, state.btcFees);
      const btc = /^\/btc\/address\/([^/]+)(\/utxo)?$/.exec(path);
      if (btc) {
        const address = decodeURIComponent(btc[1] ?? "");
        const sats = state.btc[address] ?? 0;
        if (btc[2])
          return send(
            200,
            sats
              ? [
                  {
                    txid: "f".repeat(64),
                    vout: 0,
                    value: sats,
                    status: { confirmed: true, block_height: 840000 },
                  },
                ]
              : [],
          );
        const stats = (funded: number) => ({
          funded_txo_count: funded ? 1 : 0,
          funded_txo_sum: funded,
          spent_txo_count: 0,
          spent_txo_sum: 0,
          tx_count: funded ? 1 : 0,
        });
        return send(200, { address, chain_stats: stats(sats), mempool_stats: stats(0) });
      }

      if (path.startsWith("/coingecko/")) {
        priceHits[path] = (priceHits[path] ?? 0) + 1;
        if (path === "/coingecko/simple/price") {
          const ids = (url.searchParams.get("ids") ?? "").split(",").filter(Boolean);
          const withChange = url.searchParams.get("include_24hr_change") === "true";
          const body: Record<string, Record<string, number>> = {};
          for (const id of ids) {
            const p = state.prices[id];
            if (p) body[id] = withChange ? { usd: p.usd, usd_24h_change: p.usd_24h_change } : { usd: p.usd };
          }
          return send(200, body);
        }
        const chart = /^\/coingecko\/coins\/([^/]+)\/market_chart$/.exec(path);
        const coin = chart ? state.prices[chart[1] ?? ""] : undefined;
        if (coin) return send(200, marketChart(coin));
        return send(404, { error: "coin not found" });
      }
      send(404, { error: "not found" });
    } catch (error) {
      send(400, { error: String(error) });
    }
  });
  await new Promise<void>((done) => server.listen(port, host, done));
  const { port: bound } = server.address() as AddressInfo;
  return {
    url: `http://${host}:${bound}`,
    state,
    priceHits,
    close: () => new Promise((done) => server.close(() => done())),
  };
}
