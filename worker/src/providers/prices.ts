import type { MarketChart } from "#shared/schemas/wallet.ts";
import { z } from "#shared/zod-jitless.ts";
import type { Bindings } from "../env";
import { fetchJson, requireSource, sourceUrl, unavailable } from "./chain-sources";

// Coin prices from a CoinGecko-shaped API (PRICE_API_URL), kept 60 s in the Cache API so a page of
// charts or a busy wallet list costs the price API one request a minute per coin.

const CACHE_SECONDS = 60;
const CHAIN = "price";

const simplePriceSchema = z.record(
  z.string(),
  z.object({ usd: z.number().nonnegative(), usd_24h_change: z.number().nullish() }),
);
const marketChartSchema = z.object({ prices: z.array(z.tuple([z.number(), z.number()])) });

export interface CoinPrice {
  usd: number;
  /** Percent over 24 h, as CoinGecko gives it (2.4 is +2.4 %). */
  usd_24h_change: number | null;
}

/** The answer of `path` on the price API, from the cache when it is younger than a minute. */
async function cachedJson<T>(base: string, path: string, schema: z.ZodType<T>): Promise<T> {
  // A key per source, so two configurations never share answers.
  const key = new Request(`https://price-cache.agora.internal/${encodeURIComponent(base)}${path}`);
  const cache = typeof caches === "undefined" ? null : caches.default;
  const hit = await cache?.match(key);
  if (hit) {
    const parsed = schema.safeParse(await hit.json().catch(() => null));
    if (parsed.success) return parsed.data;
  }
  const parsed = schema.safeParse(await fetchJson<unknown>(CHAIN, `${base}${path}`));
  if (!parsed.success) unavailable(CHAIN);
  await cache?.put(
    key,
    new Response(JSON.stringify(parsed.data), {
      headers: { "content-type": "application/json", "cache-control": `max-age=${CACHE_SECONDS}` },
    }),
  );
  return parsed.data;
}

/** USD prices and 24 h changes by coin id; null when prices are not configured or not answering. */
export async function coinPrices(
  env: Bindings,
  ids: readonly string[],
): Promise<Map<string, CoinPrice> | null> {
  const base = sourceUrl(env, "PRICE_API_URL");
  if (!base) return null;
  const sorted = [...ids].sort().join(",");
  try {
    const data = await cachedJson(
      base,
      `/simple/price?ids=${sorted}&vs_currencies=usd&include_24hr_change=true`,
      simplePriceSchema,
    );
    return new Map(
      Object.entries(data).map(([id, p]) => [id, { usd: p.usd, usd_24h_change: p.usd_24h_change ?? null }]),
    );
  } catch {
    // The wallet still shows balances when the price API is down; only the dollars are missing.
    return null;
  }
}

/** A coin's last day of USD prices ([ms, price] pairs). 503 when not configured or not answering. */
export async function marketChart(env: Bindings, coin: string): Promise<MarketChart> {
  const base = requireSource(env, "PRICE_API_URL");
  const chart = await cachedJson(
    base,
    `/coins/${encodeURIComponent(coin)}/market_chart?vs_currency=usd&days=1`,
    marketChartSchema,
  );
  return { prices: chart.prices };
}
