// The custodial wallet's messages (docs/decisions/080), apart from its zod schemas
// (shared/src/schemas/wallet.ts re-exports them): the SPA's generic error text reads the templates
// on its first load, and this file keeps zod out of it (docs/decisions/090).
// Messages are i18n keys' English text.

export const WALLET_MSG = {
  walletNotConfigured: "Wallet is not configured",
  solanaNotConfigured: "Solana is not configured",
  ethereumNotConfigured: "Ethereum is not configured",
  bitcoinNotConfigured: "Bitcoin is not configured",
  pricesNotConfigured: "Prices are not configured",
  /** The chain's source answered badly or not at all. */
  chainUnavailable: "The {{chain}} network is not answering. Try again in a minute.",
  invalidRecipient: "{{value}} is invalid",
  sendToSelf: "You can not send to yourself",
  unsupportedSymbol: "Unsupported crypto symbol",
  unknownCoin: "Unknown coin",
  sendOnlySolana: "Sending is available only for Solana",
  amountRequired: "Amount is required",
  amountNumber: "Must be a number",
  amountPositive: "Amount must be greater than 0",
  amountDecimals: "Use at most {{decimals}} decimals",
  amountMax: "Use an amount less than or equal to your balance: {{balance}} {{symbol}}",
  amountMin: "Amount must be at least {{min}} {{symbol}}",
  /** What the sender would keep is above 0 but below what an account needs to stay open. */
  senderRent: "Leave at least {{min}} {{symbol}} in your wallet, or send all of it with MAX",
  emptyBalance: "Your balance is empty. Deposit some {{symbol}} to your wallet first.",
  idempotencyKey: "idempotency_key must be 8 to 100 letters, digits, '-' or '_'",
  idempotencyKeyReused: "This idempotency_key was already used for another transfer",
  sendFailed: "The transaction was not accepted: {{reason}}",
  recipientRequired: "Recipient is required",
  waitNotice: "Pleae wait a few seconds until your tx is complete",
  depositNotice: "Saved the text to clipboard",
} as const;

/** Fill a message's `{{name}}` placeholders (the server's English detail; the SPAs use their i18n runtime). */
export function walletMessage(message: string, values: Record<string, string | number>): string {
  return message.replace(/\{\{(\w+)\}\}/g, (whole, name: string) =>
    name in values ? String(values[name]) : whole,
  );
}

const TEMPLATES = Object.values(WALLET_MSG)
  .filter((m) => m.includes("{{"))
  .map((template) => {
    const names: string[] = [];
    const source = template
      .split(/(\{\{\w+\}\})/)
      .map((part) => {
        const name = /^\{\{(\w+)\}\}$/.exec(part)?.[1];
        if (!name) return part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
        names.push(name);
        return "(.+?)";
      })
      .join("");
    return { template, names, pattern: new RegExp(`^${source}$`, "s") };
  });

/**
 * The template and values of a filled wallet message ("0.5 SOL" back out of "Amount must be at
 * least {{min}} {{symbol}}"), so the SPA can show a server `detail` in the reader's language.
 */
export function walletDetailTemplate(
  detail: string,
): { template: string; values: Record<string, string> } | null {
  for (const { template, names, pattern } of TEMPLATES) {
    const match = pattern.exec(detail);
    if (match) return { template, values: Object.fromEntries(names.map((n, i) => [n, match[i + 1] ?? ""])) };
  }
  return null;
}
