import { and, eq } from "drizzle-orm";
import { CRYPTO_SYMBOLS } from "#shared/enums.ts";
import {
  CHAINS,
  type ChainInfo,
  type ConfirmSend,
  chainFrom,
  fromUnits,
  type MaxEstimate,
  type SendEstimate,
  type SolanaConfirmInput,
  type SolanaEstimateInput,
  toUnits,
  type ValidateToInput,
  type ValidateToResult,
  WALLET_MSG,
  type WalletItem,
  type WalletList,
  type WalletSymbol,
  walletMessage,
} from "#shared/schemas/wallet.ts";
import { users, walletSends } from "#worker/db/schema/index.ts";
import type { Deps } from "#worker/deps.ts";
import type { AuthUser } from "#worker/env.ts";
import { fail } from "#worker/lib/errors.ts";
import { publicId } from "#worker/lib/ids.ts";
import { hitRateLimit } from "#worker/lib/rate-limits.ts";
import { bitcoinBalance, bitcoinFeeRate, bitcoinUtxos } from "#worker/providers/bitcoin.ts";
import { JsonRpcError, sourceUrl, unavailable } from "#worker/providers/chain-sources.ts";
import { ethereumBalance } from "#worker/providers/ethereum.ts";
import { type CoinPrice, coinPrices } from "#worker/providers/prices.ts";
import { SolanaRpc } from "#worker/providers/solana.ts";
import { isValidAddress } from "./addresses";
import { addressOwner, requireCustody, walletAddress, walletAddresses, withSolanaSecret } from "./custody";
import { claimStaleSend, markSendFailed, sendConfirmedStatements, sendsUnderWay } from "./queries";
import { signTransfer, transferMessage } from "./solana-tx";

// The wallet's rules (docs/decisions/080). Amounts are bigint
// smallest units here and decimal strings at the edges.

const SOL = CHAINS.SOL;
/** Sends a person may start per window (a retry with the same idempotency key is not a new send). */
const SEND_LIMIT = { max: 10, windowMs: 10 * 60_000 };
/** Recipient checks a person may make per minute (each may ask the chain and make someone's key). */
const VALIDATE_LIMIT = { max: 120, windowMs: 60_000 };
/** How long a confirm waits for the network to confirm before answering with the signature anyway. */
const CONFIRM_POLLS = 30;
const POLL_MS = 500;
/** A SENDING row nobody touched for this long may be broadcast again (the same signed bytes). */
const STALE_SEND_MS = 30_000;

// ---- Links and money ----

function scannerLink(chain: WalletSymbol, address: string): string {
  if (chain === "SOL") return `https://explorer.solana.com/address/${address}`;
  if (chain === "ETH") return `https://etherscan.io/address/${address}`;
  return `https://mempool.space/address/${address}`;
}

function solanaTxLink(signature: string): string {
  return `https://explorer.solana.com/tx/${signature}`;
}

/** A float price from the price API as an integer of 1e-8 dollars: the only float, kept at the edge. */
const PRICE_DECIMALS = 8;
function priceUnits(price: number): bigint {
  return BigInt(Math.round(price * 10 ** PRICE_DECIMALS));
}

/** units of a coin at a price, in dollars with `places` decimals (rounded half up). */
function inDollars(units: bigint, chain: ChainInfo, price: number, places: number): string {
  const scale = 10n ** BigInt(chain.decimals + PRICE_DECIMALS - places);
  const scaled = (units * priceUnits(price) + scale / 2n) / scale;
  const text = fromUnits(scaled, places);
  if (places === 2) {
    const [whole, fraction = ""] = text.split(".");
    return `${whole}.${fraction.padEnd(2, "0")}`;
  }
  return text;
}

function walletItem(chain: ChainInfo, address: string, balance: bigint, price: CoinPrice | null): WalletItem {
  return {
    website_link: chain.website_link,
    blockchain: {
      name: chain.name,
      symbol: chain.symbol,
      abbreviation: chain.abbreviation,
      logo: chain.logo,
      coin_id: chain.coin_id,
      decimals: chain.decimals,
      can_send: chain.can_send,
    },
    wallet: {
      address,
      balance_in_coin: fromUnits(balance, chain.decimals),
      balance_in_dollar: price ? inDollars(balance, chain, price.usd, 2) : null,
      scanner_link: scannerLink(chain.symbol, address),
    },
    coin_price: price ? fromUnits(priceUnits(price.usd), PRICE_DECIMALS) : null,
    price_change_24h: price?.usd_24h_change == null ? null : Number((price.usd_24h_change / 100).toFixed(6)),
    minimum_coin_transfer_amount: chain.minimum_coin_transfer_amount,
  };
}

async function balanceOf(deps: Deps, chain: WalletSymbol, address: string): Promise<bigint> {
  if (chain === "SOL") return SolanaRpc.from(deps.env).getBalance(address).catch(rpcDown);
  if (chain === "ETH") return ethereumBalance(deps.env, address);
  return bitcoinBalance(deps.env, address);
}

/** A node's JSON-RPC error where we expected an answer: the chain is not usable right now. */
function rpcDown(error: unknown): never {
  if (error instanceof JsonRpcError) unavailable("Solana");
  throw error;
}

// ---- Wallets ----

export async function listWallets(deps: Deps, userId: number): Promise<WalletList> {
  const addresses = await walletAddresses(deps, userId);
  await settlePendingSends(deps, userId);
  const [balances, prices] = await Promise.all([
    Promise.all(CRYPTO_SYMBOLS.map((chain) => balanceOf(deps, chain, addresses[chain]))),
    coinPrices(
      deps.env,
      CRYPTO_SYMBOLS.map((c) => CHAINS[c].coin_id),
    ),
  ]);
  return {
    list: CRYPTO_SYMBOLS.map((symbol, i) =>
      walletItem(
        CHAINS[symbol],
        addresses[symbol],
        balances[i]!,
        prices?.get(CHAINS[symbol].coin_id) ?? null,
      ),
    ),
  };
}

export async function walletCoin(deps: Deps, userId: number, abbreviation: string): Promise<WalletItem> {
  const chain = chainFrom(abbreviation) ?? fail(404, WALLET_MSG.unknownCoin);
  const address = await walletAddress(deps, userId, chain.symbol);
  if (chain.symbol === "SOL") await settlePendingSends(deps, userId);
  const [balance, prices] = await Promise.all([
    balanceOf(deps, chain.symbol, address),
    coinPrices(deps.env, [chain.coin_id]),
  ]);
  return walletItem(chain, address, balance, prices?.get(chain.coin_id) ?? null);
}

// ---- Recipients ----

interface Recipient {
  address: string;
  /** The Agora person behind the address, when there is one. */
  receiver: { id: number; username: string } | null;
}

type Resolution =
  | { ok: true; recipient: Recipient }
  | { ok: false; detail: string; code: "invalid_recipient" | "send_to_self" };

/**
 * `to` as an address of the chain, or as the username of someone on Agora (then their custodial
 * address, made on first use). Sending to oneself, by name or by address, is refused.
 */
async function resolveRecipient(
  deps: Deps,
  user: AuthUser,
  chain: WalletSymbol,
  to: string,
): Promise<Resolution> {
  const invalid = {
    ok: false as const,
    detail: walletMessage(WALLET_MSG.invalidRecipient, { value: to }),
    code: "invalid_recipient" as const,
  };
  const self = { ok: false as const, detail: WALLET_MSG.sendToSelf, code: "send_to_self" as const };
  if (await isValidAddress(chain, to)) {
    const own = await walletAddress(deps, user.id, chain);
    if (to === own) return self;
    return { ok: true, recipient: { address: to, receiver: await addressOwner(deps, chain, to) } };
  }
  if (!/^[A-Za-z0-9]{3,18}$/.test(to)) return invalid;
  const person = await deps.db.orm
    .select({ id: users.id, username: users.username, status: users.status, deletedAt: users.deletedAt })
    .from(users)
    .where(eq(users.username, to.toLowerCase()))
    .get();
  if (!person || person.deletedAt !== null || person.status !== "ACTIVE") return invalid;
  if (person.id === user.id) return self;
  return {
    ok: true,
    recipient: {
      address: await walletAddress(deps, person.id, chain),
      receiver: { id: person.id, username: person.username },
    },
  };
}

async function requireRecipient(deps: Deps, user: AuthUser, to: string): Promise<Recipient> {
  const resolved = await resolveRecipient(deps, user, "SOL", to);
  if (!resolved.ok) fail(422, resolved.detail, { code: resolved.code });
  return resolved.recipient;
}

export async function validateTo(
  deps: Deps,
  user: AuthUser,
  input: ValidateToInput,
): Promise<ValidateToResult> {
  await requireCustody(deps);
  await hitRateLimit(deps.db, `wallet-validate:${user.id}`, VALIDATE_LIMIT);
  const resolved = await resolveRecipient(deps, user, input.symbol, input.to);
  if (!resolved.ok)
    return {
      is_valid: false,
      detail: resolved.detail,
      code: resolved.code,
      address: null,
      username: null,
      is_new_account: null,
    };
  const { address, receiver } = resolved.recipient;
  let isNew: boolean | null = null;
  if (input.symbol === "SOL" && sourceUrl(deps.env, "SOLANA_RPC_URL"))
    isNew = !(await SolanaRpc.from(deps.env).accountExists(address).catch(rpcDown));
  return {
    is_valid: true,
    detail: null,
    code: null,
    address,
    username: receiver?.username ?? null,
    is_new_account: isNew,
  };
}

// ---- Solana amounts ----

function lamportsOf(amount: string): bigint {
  const lamports = toUnits(amount, SOL.decimals);
  if (lamports === null)
    fail(422, walletMessage(WALLET_MSG.amountDecimals, { decimals: SOL.decimals }), { field: "amount" });
  // D1 stores integers as 64-bit, JavaScript numbers are exact to 2^53: far above any balance.
  if (lamports > BigInt(Number.MAX_SAFE_INTEGER)) fail(422, WALLET_MSG.amountNumber, { field: "amount" });
  return lamports;
}

const sol = (lamports: bigint) => fromUnits(lamports, SOL.decimals);

interface SolanaFacts {
  balance: bigint;
  fee: bigint;
  /** getMinimumBalanceForRentExemption(0): the least an account may hold. */
  rent: bigint;
  recipientExists: boolean;
}

/**
 * The most that can be sent: the balance less the fee (the sender ends at 0, which the runtime
 * allows), and nothing when a new recipient would get less than the rent-exempt minimum.
 */
function maxLamports(f: SolanaFacts): bigint {
  const max = f.balance - f.fee;
  if (max <= 0n) return 0n;
  if (!f.recipientExists && max < f.rent) return 0n;
  return max;
}

/** Refuses, with the messages of WALLET_MSG, every amount the Solana runtime would refuse (and ours). */
function checkAmount(lamports: bigint, f: SolanaFacts): void {
  const minimum = toUnits(SOL.minimum_coin_transfer_amount, SOL.decimals)!;
  if (f.balance === 0n) fail(422, walletMessage(WALLET_MSG.emptyBalance, { symbol: "SOL" }));
  if (lamports < minimum)
    fail(422, walletMessage(WALLET_MSG.amountMin, { min: sol(minimum), symbol: "SOL" }));
  // A new account below the rent-exempt minimum: InsufficientFundsForRent for the recipient.
  if (!f.recipientExists && lamports < f.rent)
    fail(422, walletMessage(WALLET_MSG.amountMin, { min: sol(f.rent), symbol: "SOL" }));
  // More than the balance once the fee is paid: InsufficientFunds.
  if (lamports + f.fee > f.balance)
    fail(422, walletMessage(WALLET_MSG.amountMax, { balance: sol(maxLamports(f)), symbol: "SOL" }));
  // The sender left above 0 but below the rent-exempt minimum: InsufficientFundsForRent for the sender.
  const left = f.balance - lamports - f.fee;
  if (left > 0n && left < f.rent)
    fail(422, walletMessage(WALLET_MSG.senderRent, { min: sol(f.rent), symbol: "SOL" }));
}

interface PreparedTransfer {
  rpc: SolanaRpc;
  from: string;
  recipient: Recipient;
  lamports: bigint;
  facts: SolanaFacts;
  plan: { blockhash: string; lastValidBlockHeight: number };
}

/** Everything a send is checked against, with the fee of the exact message that would be signed. */
async function prepareTransfer(
  deps: Deps,
  user: AuthUser,
  to: string,
  amount: string,
): Promise<PreparedTransfer> {
  const rpc = SolanaRpc.from(deps.env);
  await requireCustody(deps);
  const lamports = lamportsOf(amount);
  const recipient = await requireRecipient(deps, user, to);
  const from = await walletAddress(deps, user.id, "SOL");
  const [balance, recipientExists, rent, plan] = await Promise.all([
    rpc.getBalance(from),
    rpc.accountExists(recipient.address),
    rpc.getMinimumBalanceForRentExemption(0),
    rpc.getLatestBlockhash(),
  ]).catch(rpcDown);
  const message = await transferMessage({ from, to: recipient.address, lamports, ...plan });
  const fee = (await rpc.getFeeForMessage(message).catch(rpcDown)) ?? unavailable("Solana");
  return { rpc, from, recipient, lamports, facts: { balance, fee, rent, recipientExists }, plan };
}

export async function solanaEstimate(
  deps: Deps,
  user: AuthUser,
  input: SolanaEstimateInput,
): Promise<SendEstimate> {
  const t = await prepareTransfer(deps, user, input.to, input.amount);
  checkAmount(t.lamports, t.facts);
  const price = (await coinPrices(deps.env, [SOL.coin_id]))?.get(SOL.coin_id) ?? null;
  return {
    total_amount: sol(t.lamports + t.facts.fee),
    transferable: sol(t.lamports),
    fee: sol(t.facts.fee),
    fee_in_dollar: price ? inDollars(t.facts.fee, SOL, price.usd, 6) : null,
    to_address: t.recipient.address,
    is_new_account: !t.facts.recipientExists,
  };
}

export async function solanaMax(deps: Deps, user: AuthUser, to: string | undefined): Promise<MaxEstimate> {
  const rpc = SolanaRpc.from(deps.env);
  await requireCustody(deps);
  const from = await walletAddress(deps, user.id, "SOL");
  // Without a recipient the fee is the same (one signature) and the rent rule waits for the estimate.
  const recipient = to ? await requireRecipient(deps, user, to) : null;
  const [balance, recipientExists, rent, plan] = await Promise.all([
    rpc.getBalance(from),
    recipient ? rpc.accountExists(recipient.address) : Promise.resolve(true),
    rpc.getMinimumBalanceForRentExemption(0),
    rpc.getLatestBlockhash(),
  ]).catch(rpcDown);
  // Any other address stands in for the recipient: the fee depends on the signatures, not on `to`.
  const message = await transferMessage({
    from,
    to: recipient?.address ?? "11111111111111111111111111111112",
    lamports: 1n,
    ...plan,
  });
  const fee = (await rpc.getFeeForMessage(message).catch(rpcDown)) ?? unavailable("Solana");
  const max = maxLamports({ balance, fee, rent, recipientExists });
  return {
    max_transferable_amount: sol(max),
    slippage: sol(balance - max),
    fee: sol(fee),
    balance: sol(balance),
  };
}

// ---- Solana confirm: signed and stored before it is sent, sent once per idempotency key ----

type SendRow = typeof walletSends.$inferSelect;

function findSend(deps: Deps, userId: number, key: string) {
  return deps.db.orm
    .select()
    .from(walletSends)
    .where(and(eq(walletSends.userId, userId), eq(walletSends.idempotencyKey, key)))
    .get();
}

export async function solanaConfirm(
  deps: Deps,
  user: AuthUser,
  input: SolanaConfirmInput,
): Promise<ConfirmSend> {
  const rpc = SolanaRpc.from(deps.env);
  await requireCustody(deps);
  const lamports = lamportsOf(input.amount);
  const earlier = await findSend(deps, user.id, input.idempotency_key);
  if (earlier) {
    // A retry or a second click: the same transfer, never a second one.
    const recipient = await requireRecipient(deps, user, input.to);
    if (recipient.address !== earlier.toAddress || BigInt(earlier.amount) !== lamports)
      fail(409, WALLET_MSG.idempotencyKeyReused);
    return settle(deps, rpc, earlier);
  }

  await hitRateLimit(deps.db, `wallet-send:${user.id}`, SEND_LIMIT);
  const t = await prepareTransfer(deps, user, input.to, input.amount);
  checkAmount(t.lamports, t.facts);
  const signed = await withSolanaSecret(deps, user.id, (seed, from) =>
    signTransfer({ from, to: t.recipient.address, lamports: t.lamports, ...t.plan }, seed),
  );

  // Stored before it is sent. Of two confirms racing with one key, one insert lands; the other
  // finds that row and waits for its transaction instead of sending its own.
  const now = Date.now();
  const inserted = await deps.db.orm
    .insert(walletSends)
    .values({
      userId: user.id,
      idempotencyKey: input.idempotency_key,
      chain: "SOL",
      fromAddress: t.from,
      toAddress: t.recipient.address,
      receiverId: t.recipient.receiver?.id ?? null,
      amount: Number(t.lamports),
      fee: Number(t.facts.fee),
      signedTx: signed.tx,
      signature: signed.signature,
      status: "SENDING",
      sentAt: now,
    })
    .onConflictDoNothing()
    .returning()
    .get();
  if (!inserted) {
    const winner = await findSend(deps, user.id, input.idempotency_key);
    if (!winner) fail(409, WALLET_MSG.idempotencyKeyReused);
    if (winner.toAddress !== t.recipient.address || BigInt(winner.amount) !== t.lamports)
      fail(409, WALLET_MSG.idempotencyKeyReused);
    return settle(deps, rpc, winner);
  }
  await broadcast(deps, rpc, inserted);
  return settle(deps, rpc, inserted, { justSent: true });
}

/** Sends the stored bytes; a refusal by the node marks the send FAILED with its reason. */
async function broadcast(deps: Deps, rpc: SolanaRpc, row: SendRow): Promise<void> {
  try {
    await rpc.sendTransaction(row.signedTx);
  } catch (error) {
    if (!(error instanceof JsonRpcError)) {
      // The node did not answer: the send stays SENDING and unclaimed, so a retry sends it at once.
      await deps.db.orm.update(walletSends).set({ sentAt: null }).where(eq(walletSends.id, row.id)).run();
      throw error;
    }
    // Already processed (a resend of a transaction that landed) is success; anything else failed.
    const status = await rpc.getSignatureStatus(row.signature).catch(() => null);
    if (status && !status.err) return;
    await markFailed(deps, row, error.message);
    fail(422, walletMessage(WALLET_MSG.sendFailed, { reason: error.message }));
  }
}

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

/**
 * Waits (polling getSignatureStatuses, no WebSocket) until the transaction is confirmed, then
 * records it once: the send CONFIRMED and its ledger row, in one batch. A send still unconfirmed
 * after the wait answers its {tx, link} anyway; the next wallet read settles it.
 */
async function settle(
  deps: Deps,
  rpc: SolanaRpc,
  row: SendRow,
  { justSent = false } = {},
): Promise<ConfirmSend> {
  const answer = { tx: row.signature, link: solanaTxLink(row.signature) };
  if (row.status === "CONFIRMED") return answer;
  if (row.status === "FAILED")
    fail(422, walletMessage(WALLET_MSG.sendFailed, { reason: row.error ?? "failed" }));

  let resent = justSent;
  for (let poll = 0; poll < CONFIRM_POLLS; poll++) {
    const status = await rpc
      .getSignatureStatus(row.signature)
      .catch((e) => (e instanceof JsonRpcError ? null : Promise.reject(e)));
    if (status?.err) {
      await markFailed(deps, row, JSON.stringify(status.err));
      fail(422, walletMessage(WALLET_MSG.sendFailed, { reason: JSON.stringify(status.err) }));
    }
    if (status && (status.confirmationStatus === "confirmed" || status.confirmationStatus === "finalized")) {
      await recordConfirmed(deps, row);
      return answer;
    }
    // Nobody has sent it for a while (the sending request died): claim it and send the same bytes.
    if (!status && !resent && (await claimStale(deps, row))) {
      resent = true;
      await broadcast(deps, rpc, row);
      continue;
    }
    await sleep(POLL_MS);
  }
  return answer;
}

/** Takes over a SENDING row whose last broadcast is stale; true for the one request that gets it. */
async function claimStale(deps: Deps, row: SendRow): Promise<boolean> {
  return claimStaleSend(deps.db, row.id, Date.now(), STALE_SEND_MS);
}

async function markFailed(deps: Deps, row: SendRow, reason: string): Promise<void> {
  await markSendFailed(deps.db, row.id, reason.slice(0, 500));
}

/** The send CONFIRMED and its CRYPTO_TRANSFER ledger row, together and at most once. */
async function recordConfirmed(deps: Deps, row: SendRow): Promise<void> {
  await deps.db.write(sendConfirmedStatements(deps.db, row, publicId(), Date.now()));
}

/** Settles the person's sends still waiting for the network (a confirm that answered before it landed). */
async function settlePendingSends(deps: Deps, userId: number): Promise<void> {
  if (!sourceUrl(deps.env, "SOLANA_RPC_URL")) return;
  const pending = await sendsUnderWay(deps.db, userId);
  if (!pending.length) return;
  const rpc = SolanaRpc.from(deps.env);
  for (const row of pending) {
    const status = await rpc.getSignatureStatus(row.signature).catch(() => null);
    if (status?.err) await markFailed(deps, row, JSON.stringify(status.err));
    else if (status?.confirmationStatus === "confirmed" || status?.confirmationStatus === "finalized")
      await recordConfirmed(deps, row);
  }
}

// ---- Bitcoin ----

/** A P2WPKH spend of every unspent output to one output: 10.5 + 68 per input + 31 vbytes. */
function p2wpkhVbytes(inputs: number): number {
  return Math.ceil(10.5 + 68 * inputs + 31);
}

export async function bitcoinMax(deps: Deps, userId: number): Promise<MaxEstimate> {
  const address = await walletAddress(deps, userId, "BTC");
  const [utxos, rate] = await Promise.all([bitcoinUtxos(deps.env, address), bitcoinFeeRate(deps.env)]);
  const balance = utxos.reduce((sum, v) => sum + v, 0n);
  // sat/vB may be fractional: the fee is rounded up to whole satoshis (the only float, at the edge).
  const fee = utxos.length ? BigInt(Math.ceil(p2wpkhVbytes(utxos.length) * rate)) : 0n;
  const max = balance > fee ? balance - fee : 0n;
  const btc = (sats: bigint) => fromUnits(sats, CHAINS.BTC.decimals);
  return {
    max_transferable_amount: btc(max),
    slippage: btc(balance - max),
    fee: btc(fee),
    balance: btc(balance),
  };
}
