import { createRoute } from "@hono/zod-openapi";
import {
  confirmSendSchema,
  marketChartQuerySchema,
  marketChartSchema,
  maxEstimateSchema,
  type SolanaConfirmInput,
  type SolanaEstimateInput,
  sendEstimateSchema,
  solanaConfirmSchema,
  solanaEstimateSchema,
  solanaMaxQuerySchema,
  type ValidateToInput,
  validateToResultSchema,
  validateToSchema,
  walletCoinQuerySchema,
  walletItemSchema,
  walletListSchema,
} from "#shared/schemas/wallet.ts";
import { createRouter, errorResponses, json, jsonOrForm, readBody, security } from "#worker/lib/router.ts";
import { requireFreshFactor } from "#worker/lib/step-up.ts";
import { marketChart } from "#worker/providers/prices.ts";
import {
  bitcoinMax,
  listWallets,
  solanaConfirm,
  solanaEstimate,
  solanaMax,
  validateTo,
  walletCoin,
} from "./service";

// The custodial wallet's API (docs/decisions/080). Every path but the
// market chart needs a user token and only ever reaches the caller's own wallet.

const tags = ["Wallet"];
const BLOCKCHAIN = "/api/v1/private/user/payment/blockchain";
const AMOUNTS = "Amounts are decimal strings of the coin (SOL has 9 decimals).";

const list = createRoute({
  method: "get",
  path: `${BLOCKCHAIN}/wallet/list`,
  tags,
  summary: "My wallets: BTC, ETH and SOL, with balance, dollars, price and 24 h change",
  description:
    "Keys are made on first use. 503 when the wallet or a chain's source is not configured or not answering.",
  security,
  responses: { 200: json(walletListSchema, "One row per chain"), ...errorResponses(401, 503) },
});

const coin = createRoute({
  method: "get",
  path: `${BLOCKCHAIN}/wallet/coin`,
  tags,
  summary: "One of my wallets, by abbreviation (sol, eth, btc), symbol or coin id",
  security,
  request: { query: walletCoinQuerySchema },
  responses: { 200: json(walletItemSchema, "The wallet"), ...errorResponses(401, 404, 422, 503) },
});

const validate = createRoute({
  method: "post",
  path: `${BLOCKCHAIN}/validate/to`,
  tags,
  summary: "Check a recipient: an address of the chain or an Agora username",
  description:
    "is_valid false with a detail ('{value} is invalid', or sending to oneself). For SOL, is_new_account says whether the address holds no account yet (it must then receive the rent-exempt minimum).",
  security,
  request: { body: jsonOrForm(validateToSchema) },
  responses: { 200: json(validateToResultSchema, "The verdict"), ...errorResponses(401, 415, 422, 429, 503) },
});

const solMax = createRoute({
  method: "get",
  path: `${BLOCKCHAIN}/solana/estimate/send/coin/max`,
  tags,
  summary: "The most SOL I can send",
  description: `The balance less the fee (the wallet may end at 0). With \`to\`, a new account's rent-exempt minimum counts too. ${AMOUNTS}`,
  security,
  request: { query: solanaMaxQuerySchema },
  responses: { 200: json(maxEstimateSchema, "The max"), ...errorResponses(401, 422, 503) },
});

const solEstimate = createRoute({
  method: "post",
  path: `${BLOCKCHAIN}/solana/estimate/send/coin`,
  tags,
  summary: "The fee and total of a SOL send (getFeeForMessage on the exact message)",
  description: `422 with a message naming the limit when the amount is below the minimum (or a new account's rent-exempt minimum), above the balance, or would leave the wallet below the rent-exempt minimum. ${AMOUNTS}`,
  security,
  request: { body: jsonOrForm(solanaEstimateSchema) },
  responses: { 200: json(sendEstimateSchema, "The estimate"), ...errorResponses(401, 415, 422, 503) },
});

const solConfirm = createRoute({
  method: "post",
  path: `${BLOCKCHAIN}/solana/confirm/send/coin`,
  tags,
  summary: "Send SOL: signed and stored before it is broadcast, once per idempotency_key",
  description:
    "A retry, a second click or a concurrent call with the same idempotency_key answers the same {tx, link} and sends nothing more; the same key with another recipient or amount is a 409. Waits for confirmation (polling) before answering. 403 with code step_up_required when the person has a second factor and has not proved it in the last 5 minutes (POST /api/v1/private/user/auth/step-up).",
  security,
  request: { body: jsonOrForm(solanaConfirmSchema) },
  responses: {
    200: json(confirmSendSchema, "The transaction"),
    ...errorResponses(401, 403, 409, 415, 422, 429, 503),
  },
});

const btcMax = createRoute({
  method: "get",
  path: `${BLOCKCHAIN}/bitcoin/estimate/send/coin/max`,
  tags,
  summary: "The most BTC I could send, after the fee at the API's fee rate",
  description: "slippage is what the fee keeps back. Sending BTC is not offered (Solana only).",
  security,
  responses: { 200: json(maxEstimateSchema, "The max"), ...errorResponses(401, 503) },
});

const chart = createRoute({
  method: "get",
  path: "/api/v1/coin/market-chart",
  tags,
  summary: "A coin's last day of USD prices (bitcoin, ethereum, solana, bnb, avax), cached 60 s",
  request: { query: marketChartQuerySchema },
  responses: { 200: json(marketChartSchema, "[ms, price] pairs"), ...errorResponses(422, 503) },
});

export const walletRoutes = createRouter()
  .openapi(list, async (c) => c.json(await listWallets(c.var.deps, c.get("user").id), 200))
  .openapi(coin, async (c) =>
    c.json(await walletCoin(c.var.deps, c.get("user").id, c.req.valid("query").abbreviation), 200),
  )
  .openapi(validate, async (c) =>
    c.json(await validateTo(c.var.deps, c.get("user"), readBody<ValidateToInput>(c)), 200),
  )
  .openapi(solMax, async (c) =>
    c.json(await solanaMax(c.var.deps, c.get("user"), c.req.valid("query").to), 200),
  )
  .openapi(solEstimate, async (c) =>
    c.json(await solanaEstimate(c.var.deps, c.get("user"), readBody<SolanaEstimateInput>(c)), 200),
  )
  .openapi(solConfirm, async (c) => {
    const body = readBody<SolanaConfirmInput>(c);
    const user = c.get("user");
    // Money leaves the site: a person with a second factor proves it again (in the last 5 minutes).
    await requireFreshFactor(c.var.deps, { kind: "user", id: user.id }, user.factorAt);
    return c.json(await solanaConfirm(c.var.deps, user, body), 200);
  })
  .openapi(btcMax, async (c) => c.json(await bitcoinMax(c.var.deps, c.get("user").id), 200))
  .openapi(chart, async (c) => {
    const chart = await marketChart(c.env, c.req.valid("query").coin);
    c.header("cache-control", "public, max-age=60");
    return c.json(chart, 200);
  });
