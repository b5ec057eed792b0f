import { CRYPTO_SYMBOLS, type CryptoSymbol, PRICE_HISTORY_COINS } from "../enums";
import type { DomainCode } from "../error-codes";
import { WALLET_MSG } from "../wallet-messages";
import { z } from "../zod-jitless";

// The custodial wallet (docs/decisions/080).
// Amounts travel as decimal strings in the coin ("0.25" SOL) and are integers of the smallest unit
// (lamports, satoshis, wei) on the server; never floats. Messages are i18n keys' English text.

// The messages and their templates live apart from the schemas, without zod, so the SPA's generic
// error text can read them without bringing zod into its first load (docs/decisions/090).
export { WALLET_MSG, walletDetailTemplate, walletMessage } from "../wallet-messages";

export const walletSymbolSchema = z
  .string()
  .trim()
  .toUpperCase()
  .pipe(z.enum(CRYPTO_SYMBOLS, { error: WALLET_MSG.unsupportedSymbol }));
export type WalletSymbol = CryptoSymbol;

/** A chain as the wallet shows it. `coin_id` is the price API's id (and the chart's `coin`). */
export interface ChainInfo {
  name: string;
  symbol: WalletSymbol;
  /** Lowercase, used in the page's address: `/wallet/{abbreviation}`. */
  abbreviation: string;
  coin_id: (typeof PRICE_HISTORY_COINS)[number];
  logo: string;
  website_link: string;
  /** Decimals of the smallest unit: SOL 9 (lamports), BTC 8 (satoshis), ETH 18 (wei). */
  decimals: number;
  /** Smallest amount the wallet lets one send, as a decimal string of the coin. */
  minimum_coin_transfer_amount: string;
  can_send: boolean;
}

export const CHAINS: Record<WalletSymbol, ChainInfo> = {
  BTC: {
    name: "Bitcoin",
    symbol: "BTC",
    abbreviation: "btc",
    coin_id: "bitcoin",
    logo: "/chains/bitcoin.svg",
    website_link: "https://bitcoin.org",
    decimals: 8,
    minimum_coin_transfer_amount: "0.00001",
    can_send: false,
  },
  ETH: {
    name: "Ethereum",
    symbol: "ETH",
    abbreviation: "eth",
    coin_id: "ethereum",
    logo: "/chains/ethereum.svg",
    website_link: "https://ethereum.org",
    decimals: 18,
    minimum_coin_transfer_amount: "0.0001",
    can_send: false,
  },
  SOL: {
    name: "Solana",
    symbol: "SOL",
    abbreviation: "sol",
    coin_id: "solana",
    logo: "/chains/solana.svg",
    website_link: "https://solana.com",
    decimals: 9,
    minimum_coin_transfer_amount: "0.0001",
    can_send: true,
  },
};

/** The chain a page address or a query names: its abbreviation, symbol or coin id, any case. */
export function chainFrom(value: string): ChainInfo | undefined {
  const v = value.trim().toLowerCase();
  return Object.values(CHAINS).find(
    (c) => c.abbreviation === v || c.symbol.toLowerCase() === v || c.coin_id === v,
  );
}

const DECIMAL = /^\d+(\.\d+)?$/;

/** A plain decimal string from a string or a JSON number (1e-7 becomes "0.0000001"). */
function toPlainDecimal(v: unknown): unknown {
  if (typeof v === "number") {
    if (!Number.isFinite(v)) return v;
    const s = String(v);
    const m = /^(\d+)(?:\.(\d+))?e([+-]\d+)$/i.exec(s);
    if (!m) return s;
    const [, int = "", frac = "", expText = "0"] = m;
    const exp = Number(expText);
    const digits = int + frac;
    const point = int.length + exp;
    if (point <= 0) return `0.${"0".repeat(-point)}${digits}`;
    if (point >= digits.length) return digits + "0".repeat(point - digits.length);
    return `${digits.slice(0, point)}.${digits.slice(point)}`;
  }
  return typeof v === "string" ? v.trim() : v;
}

/** An amount in the coin: a decimal string greater than 0 (a JSON number is accepted too). */
export const coinAmountSchema = z.preprocess(
  toPlainDecimal,
  z
    .string({
      error: (issue) => (issue.input === undefined ? WALLET_MSG.amountRequired : WALLET_MSG.amountNumber),
    })
    .min(1, WALLET_MSG.amountRequired)
    .max(40, WALLET_MSG.amountNumber)
    .regex(DECIMAL, WALLET_MSG.amountNumber)
    .refine((s) => /[1-9]/.test(s), WALLET_MSG.amountPositive),
);

export const recipientSchema = z.string().trim().min(1, WALLET_MSG.recipientRequired).max(120);

export const idempotencyKeySchema = z
  .string()
  .trim()
  .regex(/^[\w-]{8,100}$/, WALLET_MSG.idempotencyKey);

// ---- Requests ----

/** GET .../payment/blockchain/wallet/coin */
export const walletCoinQuerySchema = z.object({ abbreviation: z.string().trim().min(1).max(20) });

/** POST .../payment/blockchain/validate/to */
export const validateToSchema = z.object({ to: recipientSchema, symbol: walletSymbolSchema });
export type ValidateToInput = z.infer<typeof validateToSchema>;

/** GET .../payment/blockchain/solana/estimate/send/coin/max: with `to`, a new account's rent counts. */
export const solanaMaxQuerySchema = z.object({ to: recipientSchema.optional() });

/** POST .../payment/blockchain/solana/estimate/send/coin */
export const solanaEstimateSchema = z.object({ to: recipientSchema, amount: coinAmountSchema });
export type SolanaEstimateInput = z.infer<typeof solanaEstimateSchema>;

/** POST .../payment/blockchain/solana/confirm/send/coin: the same key never sends twice. */
export const solanaConfirmSchema = solanaEstimateSchema.extend({ idempotency_key: idempotencyKeySchema });
export type SolanaConfirmInput = z.infer<typeof solanaConfirmSchema>;

/** GET /api/v1/coin/market-chart (CoinGecko's query names; only usd and 1 day are served). */
export const marketChartQuerySchema = z.object({
  coin: z.enum(PRICE_HISTORY_COINS, { error: WALLET_MSG.unknownCoin }),
  vs_currency: z.literal("usd").default("usd"),
  // Documented as the one value it takes, not as any integer.
  days: z.coerce
    .number()
    .int()
    .pipe(z.literal(1))
    .meta({ enum: [1] } as Record<string, unknown>)
    .default(1),
});
export type MarketChartQuery = z.infer<typeof marketChartQuerySchema>;

// ---- Responses ----

const decimalString = z.string().describe("A decimal string");

export const walletItemSchema = z.object({
  website_link: z.string(),
  blockchain: z.object({
    name: z.string(),
    symbol: z.enum(CRYPTO_SYMBOLS),
    abbreviation: z.string(),
    logo: z.string(),
    coin_id: z.string(),
    decimals: z.number().int(),
    can_send: z.boolean(),
  }),
  wallet: z.object({
    address: z.string(),
    balance_in_coin: decimalString,
    /** USD with 2 decimals; null when the price is unknown. */
    balance_in_dollar: decimalString.nullable(),
    scanner_link: z.string(),
  }),
  /** USD per coin; null when the price API is not configured or not answering. */
  coin_price: decimalString.nullable(),
  /** 24 h change as a fraction (-0.0235 is -2.35 %): the SPA multiplies by 100. */
  price_change_24h: z.number().nullable(),
  minimum_coin_transfer_amount: decimalString,
});
export type WalletItem = z.infer<typeof walletItemSchema>;

export const walletListSchema = z.object({ list: z.array(walletItemSchema) });
export type WalletList = z.infer<typeof walletListSchema>;

export const validateToResultSchema = z.object({
  is_valid: z.boolean(),
  /** Why not, when not valid: "{value} is invalid" or "You can not send to yourself". */
  detail: z.string().nullable(),
  /** The same, for code to branch on (the codes of a refused send, shared/src/error-codes.ts). */
  code: z.enum(["invalid_recipient", "send_to_self"] satisfies DomainCode[]).nullable(),
  /** The chain address the recipient resolves to (a username becomes their custodial address). */
  address: z.string().nullable(),
  /** Set when `to` was an Agora username, or the address is someone's custodial wallet. */
  username: z.string().nullable(),
  /** SOL only: the address holds no account yet, so it must receive the rent-exempt minimum. */
  is_new_account: z.boolean().nullable(),
});
export type ValidateToResult = z.infer<typeof validateToResultSchema>;

export const sendEstimateSchema = z.object({
  /** What leaves the wallet: amount + fee. */
  total_amount: decimalString,
  /** What the recipient receives: the amount asked. */
  transferable: decimalString,
  fee: decimalString,
  fee_in_dollar: decimalString.nullable(),
  to_address: z.string(),
  is_new_account: z.boolean(),
});
export type SendEstimate = z.infer<typeof sendEstimateSchema>;

export const maxEstimateSchema = z.object({
  max_transferable_amount: decimalString,
  /** What the balance keeps back beyond the max: the fee (and for BTC its estimate's margin). */
  slippage: decimalString,
  fee: decimalString,
  balance: decimalString,
});
export type MaxEstimate = z.infer<typeof maxEstimateSchema>;

export const confirmSendSchema = z.object({
  /** The transaction's signature. */
  tx: z.string(),
  /** The transaction on the chain's explorer. */
  link: z.string(),
});
export type ConfirmSend = z.infer<typeof confirmSendSchema>;

/** CoinGecko's market chart: `[timestamp_ms, price]` pairs, oldest first. */
export const marketChartSchema = z.object({ prices: z.array(z.tuple([z.number(), z.number()])) });
export type MarketChart = z.infer<typeof marketChartSchema>;

// ---- Amounts: decimal strings <-> integers of the smallest unit (no floats) ----

/** "1.5" SOL with 9 decimals is 1_500_000_000n; null when it has more decimals than the coin. */
export function toUnits(amount: string, decimals: number): bigint | null {
  const match = DECIMAL.exec(amount.trim());
  if (!match) return null;
  const [whole = "0", fraction = ""] = amount.trim().split(".");
  const cut = fraction.replace(/0+$/, "");
  if (cut.length > decimals) return null;
  return BigInt(whole) * 10n ** BigInt(decimals) + BigInt(cut.padEnd(decimals, "0") || "0");
}

/** 1_500_000_000n with 9 decimals is "1.5"; "0" for nothing; no trailing zeros. */
export function fromUnits(units: bigint, decimals: number): string {
  const negative = units < 0n;
  const abs = negative ? -units : units;
  const base = 10n ** BigInt(decimals);
  const whole = abs / base;
  const fraction = decimals ? (abs % base).toString().padStart(decimals, "0").replace(/0+$/, "") : "";
  return `${negative ? "-" : ""}${whole}${fraction ? `.${fraction}` : ""}`;
}
