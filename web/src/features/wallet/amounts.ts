import { FEE_DECIMALS, FIAT_DECIMALS } from "#shared/constants.ts";
import { i18n } from "#web/i18n/i18n.ts";

// Coin amounts stay decimal strings from the API to the screen; comparisons go through integers
// of the smallest unit (toUnits of #shared/schemas/wallet.ts), never floats, as the server counts.

function locale(language = i18n.language): string {
  return language.startsWith("pt") ? "pt-BR" : language.startsWith("es") ? "es" : "en-US";
}

/**
 * US dollars with 2 decimals in the reader's language. The wallet's prices and balances are
 * quoted in USD by the price API, so the currency stays USD in every language (no conversion).
 */
export function formatUsd(amount: string | number, language?: string): string {
  return new Intl.NumberFormat(locale(language), {
    style: "currency",
    currency: "USD",
    minimumFractionDigits: FIAT_DECIMALS,
    maximumFractionDigits: FIAT_DECIMALS,
  }).format(Number(amount));
}

/** A coin amount as the API gave it, grouped for the reader ("1,234.5"), every decimal kept. */
export function formatCoin(amount: string, language?: string): string {
  const [whole = "0", fraction] = amount.split(".");
  const grouped = new Intl.NumberFormat(locale(language), { useGrouping: true }).format(BigInt(whole));
  if (!fraction) return grouped;
  const point = new Intl.NumberFormat(locale(language)).formatToParts(0.5).find((p) => p.type === "decimal");
  return `${grouped}${point?.value ?? "."}${fraction}`;
}

/** A fee with 6 decimals ("0.000005"). */
export function formatFee(fee: string, language?: string): string {
  return new Intl.NumberFormat(locale(language), {
    minimumFractionDigits: FEE_DECIMALS,
    maximumFractionDigits: FEE_DECIMALS,
  }).format(Number(fee));
}

/**
 * The 24 h change, which the API gives as a fraction (-0.0235): the percent style multiplies it
 * by 100 and signs it, "+2.35%" or "-2.35%".
 */
export function formatChange(fraction: number, language?: string): string {
  return new Intl.NumberFormat(locale(language), {
    style: "percent",
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
    signDisplay: "exceptZero",
  }).format(fraction);
}
