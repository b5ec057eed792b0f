import { base58, base64 } from "@scure/base";
import { Keypair, PublicKey, SystemInstruction, SystemProgram, Transaction } from "@solana/web3.js";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type {
  ConfirmSend,
  MaxEstimate,
  SendEstimate,
  ValidateToResult,
  WalletList,
} from "#shared/schemas/wallet.ts";
import { payments, walletKeys, walletSends } from "#worker/db/schema/index.ts";
import { deps, json } from "#worker-test/api.ts";
import { createUser, type TestUser } from "#worker-test/people.ts";
import {
  airdrop,
  answered,
  BASE,
  CHAIN_APIS,
  ENCRYPTION_KEY,
  FEE,
  get,
  LAMPORTS_PER_SOL,
  lamportsOf,
  openSolanaSeed,
  post,
  RENT,
  rpc,
  sendCounts,
  sendRaw,
  setChains,
  walletApi,
} from "./test-kit";

// The wallet through its API, with every chain source a local stand-in (Solana on litesvm). Every
// answer of this file is kept and, at the end, scanned for key material.

const logged: string[] = [];
beforeAll(() => {
  for (const level of ["log", "info", "warn", "error", "debug"] as const)
    vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
      logged.push(args.map(String).join(" "));
    });
});

async function solAddress(user: TestUser): Promise<string> {
  const res = await get("/wallet/coin?abbreviation=sol", user.auth);
  expect(res.status).toBe(200);
  return ((await json(res)) as { wallet: { address: string } }).wallet.address;
}

/** A person whose SOL wallet holds `lamports`. */
async function funded(lamports: bigint): Promise<{ user: TestUser; address: string }> {
  const user = await createUser();
  const address = await solAddress(user);
  if (lamports > 0n) await airdrop(address, lamports);
  return { user, address };
}

const freshAddress = () => Keypair.generate().publicKey.toBase58();
let keySeq = 0;
const newKey = () => `test-key-${Date.now()}-${++keySeq}`;

function signSame(seed: Uint8Array, to: string, lamports: bigint, blockhash: string): string {
  const signer = Keypair.fromSeed(seed);
  const tx = new Transaction({ feePayer: signer.publicKey, recentBlockhash: blockhash }).add(
    SystemProgram.transfer({ fromPubkey: signer.publicKey, toPubkey: new PublicKey(to), lamports }),
  );
  tx.sign(signer);
  return tx.serialize().toString("base64");
}

/** The runtime's verdict on the exact transfer (same sender key, recipient, amount). */
async function runtimeRefuses(userId: number, to: string, lamports: bigint): Promise<string> {
  const { seed } = await openSolanaSeed(userId);
  const { value } = await rpc<{ value: { blockhash: string } }>("getLatestBlockhash");
  return sendRaw(signSame(seed, to, lamports, value.blockhash)).then(
    () => "accepted",
    (error: Error) => error.message,
  );
}

describe("configuration", () => {
  it("answers 503 with what is missing, and 401 without a token", async () => {
    const user = await createUser();
    const noKey = await get("/wallet/list", user.auth, { WALLET_ENCRYPTION_KEY: undefined });
    expect(noKey.status).toBe(503);
    expect(await json(noKey)).toEqual({ detail: "Wallet is not configured", code: "not_configured" });

    const shortKey = await get("/wallet/list", user.auth, {
      WALLET_ENCRYPTION_KEY: base64.encode(new Uint8Array(16)),
    });
    expect(shortKey.status).toBe(503);
    expect(await json(shortKey)).toEqual({ detail: "Wallet is not configured", code: "not_configured" });

    const noSolana = await post(
      "/solana/estimate/send/coin",
      { to: freshAddress(), amount: "0.1" },
      user.auth,
      {
        SOLANA_RPC_URL: undefined,
      },
    );
    expect(noSolana.status).toBe(503);
    expect(await json(noSolana)).toEqual({ detail: "Solana is not configured", code: "not_configured" });

    const noEth = await get("/wallet/coin?abbreviation=eth", user.auth, { ETHEREUM_RPC_URL: undefined });
    expect(await json(noEth)).toEqual({ detail: "Ethereum is not configured", code: "not_configured" });
    const noBtc = await get("/bitcoin/estimate/send/coin/max", user.auth, { BITCOIN_API_URL: undefined });
    expect(await json(noBtc)).toEqual({ detail: "Bitcoin is not configured", code: "not_configured" });

    const noPrices = await walletApi(
      "/api/v1/coin/market-chart?coin=solana&days=1",
      {},
      { PRICE_API_URL: undefined },
    );
    expect(noPrices.status).toBe(503);
    expect(await json(noPrices)).toEqual({ detail: "Prices are not configured", code: "not_configured" });

    expect((await get("/wallet/list", {})).status).toBe(401);
  });

  it("answers 503 when a chain's node does not answer", async () => {
    const user = await createUser();
    const res = await get("/wallet/coin?abbreviation=sol", user.auth, {
      SOLANA_RPC_URL: `${CHAIN_APIS}/no-such-node`,
    });
    expect(res.status).toBe(503);
    expect(await json(res)).toEqual({
      detail: "The Solana network is not answering. Try again in a minute.",
      code: "unavailable",
    });
    // A JSON-RPC node that does not know the methods (the Ethereum stand-in) is not a 500 either.
    const wrongNode = await post(
      "/solana/estimate/send/coin",
      { to: freshAddress(), amount: "0.1" },
      user.auth,
      {
        SOLANA_RPC_URL: `${CHAIN_APIS}/eth`,
      },
    );
    expect(wrongNode.status).toBe(503);
  });
});

describe("wallet list", () => {
  it("shows BTC, ETH and SOL with balances, dollars, prices and links; keys are made once", async () => {
    const user = await createUser();
    const first = (await json((await get("/wallet/list", user.auth)) as Response)) as WalletList;
    const [btc, eth, solana] = first.list;
    expect(first.list.map((w) => w.blockchain.symbol)).toEqual(["BTC", "ETH", "SOL"]);
    expect(btc!.wallet.address).toMatch(/^bc1q[02-9ac-hj-np-z]{38}$/);
    expect(eth!.wallet.address).toMatch(/^0x[0-9a-fA-F]{40}$/);
    expect(base58.decode(solana!.wallet.address)).toHaveLength(32);

    await airdrop(solana!.wallet.address, 1_500_000_000n);
    await setChains({
      eth: { [eth!.wallet.address.toLowerCase()]: (25n * 10n ** 16n).toString() },
      btc: { [btc!.wallet.address]: 150_000 },
    });
    const res = await get("/wallet/list", user.auth);
    expect(res.status).toBe(200);
    const { list } = (await json(res)) as WalletList;
    expect(list.map((w) => w.wallet.address)).toEqual(first.list.map((w) => w.wallet.address));
    expect(list.map((w) => w.wallet.balance_in_coin)).toEqual(["0.0015", "0.25", "1.5"]);
    // 0.0015 × 64,250.12 = 96.37518; 0.25 × 3,120.5 = 780.125; 1.5 × 150.25 = 225.375 (half up)
    expect(list.map((w) => w.wallet.balance_in_dollar)).toEqual(["96.38", "780.13", "225.38"]);
    expect(list.map((w) => w.coin_price)).toEqual(["64250.12", "3120.5", "150.25"]);
    expect(list.map((w) => w.price_change_24h)).toEqual([0.0125, -0.008, 0.024]);
    expect(list[2]).toMatchObject({
      website_link: "https://solana.com",
      blockchain: { name: "Solana", symbol: "SOL", abbreviation: "sol", coin_id: "solana", can_send: true },
      wallet: { scanner_link: `https://explorer.solana.com/address/${solana!.wallet.address}` },
      minimum_coin_transfer_amount: "0.0001",
    });
    const rows = await deps.db.orm.select().from(walletKeys).where(eq(walletKeys.userId, user.id)).all();
    expect(rows).toHaveLength(3);

    const one = await get("/wallet/coin?abbreviation=SOL", user.auth);
    expect(await json(one)).toEqual(list[2]);
    expect((await get("/wallet/coin?abbreviation=doge", user.auth)).status).toBe(404);
  });

  it("shows each person only their own wallet", async () => {
    const a = await funded(LAMPORTS_PER_SOL);
    const b = await createUser();
    const bList = (await json(await get("/wallet/list", b.auth))) as WalletList;
    expect(bList.list[2]!.wallet.address).not.toBe(a.address);
    expect(bList.list[2]!.wallet.balance_in_coin).toBe("0");
    // B cannot spend A's lamports: B's send is B's, from B's empty wallet.
    const res = await post(
      "/solana/confirm/send/coin",
      { to: freshAddress(), amount: "0.5", idempotency_key: newKey() },
      b.auth,
    );
    expect(res.status).toBe(422);
    expect(await json(res)).toEqual({
      detail: "Your balance is empty. Deposit some SOL to your wallet first.",
      code: "validation_failed",
    });
    expect(await lamportsOf(a.address)).toBe(LAMPORTS_PER_SOL);
  });
});

describe("recipient validation", () => {
  const pda = () =>
    PublicKey.findProgramAddressSync([new TextEncoder().encode("agora")], SystemProgram.programId)[0];
  const table: Array<[string, () => string, boolean]> = [
    ["SOL", () => freshAddress(), true],
    ["SOL", () => pda().toBase58(), false], // off the ed25519 curve
    ["SOL", () => "0OIl0OIl0OIl0OIl0OIl0OIl0OIl0OIl", false],
    ["SOL", () => base58.encode(new Uint8Array(31).fill(7)), false],
    ["ETH", () => "0x52908400098527886E0F7030069857D2E4169EE7", true], // EIP-55 vector
    ["ETH", () => "0x8617E340B3D01FA5F11F306F4090FD50E238070D", true],
    ["ETH", () => "0xde709f2102306220921060314715629080e2fb77", true], // all lower: no checksum
    ["ETH", () => "0x52908400098527886E0F7030069857D2E4169Ee7", false], // checksum broken
    ["ETH", () => "0x5290840009852788", false],
    ["BTC", () => "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4", true], // BIP 173 P2WPKH
    ["BTC", () => "bc1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3qccfmv3", true], // P2WSH
    ["BTC", () => "bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0", true], // BIP 350 taproot
    ["BTC", () => "1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2", true], // P2PKH
    ["BTC", () => "3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy", true], // P2SH
    ["BTC", () => "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t5", false], // bech32 checksum broken
    ["BTC", () => "1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN3", false], // base58check broken
    ["BTC", () => "tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx", false], // testnet
    ["BTC", () => "bc1zw508d6qejxtdg4y5r3zarvary0c5xw7kj9wkru", false], // v2 in bech32, not bech32m
  ];

  it("checks each chain's address format", async () => {
    const user = await createUser();
    for (const [symbol, make, valid] of table) {
      const to = make();
      const res = await post("/validate/to", { to, symbol }, user.auth);
      expect(res.status).toBe(200);
      const body = (await json(res)) as ValidateToResult;
      expect([symbol, to, body.is_valid]).toEqual([symbol, to, valid]);
      if (!valid) expect(body.detail).toBe(`${to} is invalid`);
    }
  });

  it("turns a username into their address, refuses oneself and says whether a SOL account is new", async () => {
    const me = await createUser();
    const friend = await createUser();
    const byName = (await json(
      await post("/validate/to", { to: friend.username, symbol: "SOL" }, me.auth),
    )) as ValidateToResult;
    expect(byName).toMatchObject({ is_valid: true, username: friend.username, is_new_account: true });
    expect(byName.address).toBe(await solAddress(friend));

    await airdrop(byName.address!, LAMPORTS_PER_SOL);
    const byAddress = (await json(
      await post("/validate/to", { to: byName.address, symbol: "sol" }, me.auth),
    )) as ValidateToResult;
    expect(byAddress).toMatchObject({ is_valid: true, username: friend.username, is_new_account: false });

    const ethByName = (await json(
      await post("/validate/to", { to: friend.username, symbol: "ETH" }, me.auth),
    )) as ValidateToResult;
    expect(ethByName.address).toMatch(/^0x[0-9a-fA-F]{40}$/);
    expect(ethByName.is_new_account).toBeNull();

    for (const to of [me.username, await solAddress(me)]) {
      const self = (await json(
        await post("/validate/to", { to, symbol: "SOL" }, me.auth),
      )) as ValidateToResult;
      expect(self).toMatchObject({
        is_valid: false,
        detail: "You can not send to yourself",
        code: "send_to_self",
      });
    }
    const nobody = (await json(
      await post("/validate/to", { to: "nobodyhere", symbol: "SOL" }, me.auth),
    )) as ValidateToResult;
    expect(nobody).toMatchObject({
      is_valid: false,
      detail: "nobodyhere is invalid",
      code: "invalid_recipient",
    });

    const unsupported = await post("/validate/to", { to: friend.username, symbol: "DOGE" }, me.auth);
    expect(unsupported.status).toBe(422);
    expect(((await json(unsupported)) as { detail: string }).detail).toBe(
      "symbol: Unsupported crypto symbol",
    );
  });
});

describe("sending SOL, executed by the Solana runtime (litesvm)", () => {
  it("estimates the exact fee, signs a valid transfer and moves exactly the lamports asked", async () => {
    const { user, address } = await funded(2n * LAMPORTS_PER_SOL);
    const to = freshAddress();
    const estimate = await post("/solana/estimate/send/coin", { to, amount: "0.5" }, user.auth);
    expect(estimate.status).toBe(200);
    expect((await json(estimate)) as SendEstimate).toEqual({
      total_amount: "0.500005",
      transferable: "0.5",
      fee: "0.000005",
      fee_in_dollar: "0.000751", // 5,000 lamports × $150.25
      to_address: to,
      is_new_account: true,
    });

    const key = newKey();
    const res = await post(
      "/solana/confirm/send/coin",
      { to, amount: "0.5", idempotency_key: key },
      user.auth,
    );
    expect(res.status).toBe(200);
    const sent = (await json(res)) as ConfirmSend;
    expect(sent.link).toBe(`https://explorer.solana.com/tx/${sent.tx}`);

    expect(await lamportsOf(to)).toBe(LAMPORTS_PER_SOL / 2n);
    expect(await lamportsOf(address)).toBe(2n * LAMPORTS_PER_SOL - LAMPORTS_PER_SOL / 2n - FEE);
    const [status] = (
      await rpc<{ value: Array<{ err: unknown; confirmationStatus: string }> }>("getSignatureStatuses", [
        [sent.tx],
      ])
    ).value;
    expect(status).toMatchObject({ err: null, confirmationStatus: "finalized" });

    // The stored transaction: signed by the sender's key, one system transfer of exactly 0.5 SOL.
    const row = await deps.db.orm.select().from(walletSends).where(eq(walletSends.signature, sent.tx)).get();
    expect(row).toMatchObject({
      status: "CONFIRMED",
      amount: 500_000_000,
      fee: 5000,
      toAddress: to,
      fromAddress: address,
    });
    const tx = Transaction.from(base64.decode(row!.signedTx));
    expect(tx.verifySignatures()).toBe(true);
    expect(base58.encode(tx.signature!)).toBe(sent.tx);
    expect(tx.instructions).toHaveLength(1);
    const transfer = SystemInstruction.decodeTransfer(tx.instructions[0]!);
    expect(transfer.fromPubkey.toBase58()).toBe(address);
    expect(transfer.toPubkey.toBase58()).toBe(to);
    expect(transfer.lamports).toBe(500_000_000n);

    // One CRYPTO_TRANSFER in the ledger; the recipient is not on Agora.
    const ledger = await deps.db.orm.select().from(payments).where(eq(payments.providerRef, sent.tx)).all();
    expect(ledger).toHaveLength(1);
    expect(ledger[0]).toMatchObject({
      paymentMethod: "CRYPTO",
      paymentType: "CRYPTO_TRANSFER",
      status: "SUCCEEDED",
      amount: 500_000_000,
      currency: "SOL",
      payerId: user.id,
      receiverId: null,
    });
  });

  it("sends to a username's custodial address and names them the receiver in the ledger", async () => {
    const { user } = await funded(LAMPORTS_PER_SOL);
    const friend = await createUser();
    const res = await post(
      "/solana/confirm/send/coin",
      { to: friend.username, amount: 0.25, idempotency_key: newKey() },
      user.auth,
    );
    expect(res.status).toBe(200);
    const { tx } = (await json(res)) as ConfirmSend;
    expect(await lamportsOf(await solAddress(friend))).toBe(250_000_000n);
    const ledger = await deps.db.orm.select().from(payments).where(eq(payments.providerRef, tx)).get();
    expect(ledger).toMatchObject({ payerId: user.id, receiverId: friend.id, amount: 250_000_000 });
  });

  it("refuses first, with the spec's messages, what the runtime would refuse", async () => {
    const { user, address } = await funded(LAMPORTS_PER_SOL);
    const newAccount = freshAddress();
    const refuse = async (to: string, amount: string) => {
      const estimate = await post("/solana/estimate/send/coin", { to, amount }, user.auth);
      const confirm = await post(
        "/solana/confirm/send/coin",
        { to, amount, idempotency_key: newKey() },
        user.auth,
      );
      expect(confirm.status).toBe(422);
      const detail = ((await json(confirm)) as { detail: string }).detail;
      expect(estimate.status).toBe(422);
      expect(((await json(estimate)) as { detail: string }).detail).toBe(detail);
      return detail;
    };

    // Too little for a new account's rent (the runtime's InsufficientFundsForRent).
    expect(await refuse(newAccount, "0.0005")).toBe("Amount must be at least 0.00089088 SOL");
    // More than the balance once the fee is paid.
    expect(await refuse(newAccount, "1")).toBe(
      "Use an amount less than or equal to your balance: 0.999995 SOL",
    );
    // Leaving the sender above 0 but below the rent-exempt minimum.
    expect(await refuse(newAccount, "0.9995")).toBe(
      "Leave at least 0.00089088 SOL in your wallet, or send all of it with MAX",
    );
    // Below the wallet's minimum transfer, and more decimals than SOL has.
    expect(await refuse(newAccount, "0.00005")).toBe("Amount must be at least 0.0001 SOL");
    const tooPrecise = await post(
      "/solana/estimate/send/coin",
      { to: newAccount, amount: "0.1234567891" },
      user.auth,
    );
    expect(tooPrecise.status).toBe(422);
    for (const amount of ["0", "-1", "abc", ""]) {
      const res = await post("/solana/estimate/send/coin", { to: newAccount, amount }, user.auth);
      expect([amount, res.status]).toEqual([amount, 422]);
    }
    const badTo = await post(
      "/solana/estimate/send/coin",
      { to: "not-an-address", amount: "0.1" },
      user.auth,
    );
    expect(await json(badTo)).toEqual({ detail: "not-an-address is invalid", code: "invalid_recipient" });

    // Nothing was signed or sent by any of these.
    expect(await lamportsOf(address)).toBe(LAMPORTS_PER_SOL);
    const rows = await deps.db.orm.select().from(walletSends).where(eq(walletSends.userId, user.id)).all();
    expect(rows).toHaveLength(0);

    // The same transfers, signed with the same key and given to the runtime, fail there. (A
    // transaction that fails in execution still pays its fee: 5,000 lamports each.)
    expect(await runtimeRefuses(user.id, newAccount, 500_000n)).toMatch(/InsufficientFundsForRent/);
    expect(await runtimeRefuses(user.id, newAccount, 999_500_000n - FEE)).toMatch(/InsufficientFundsForRent/);
    expect(await runtimeRefuses(user.id, newAccount, LAMPORTS_PER_SOL)).not.toBe("accepted");
    expect(await lamportsOf(newAccount)).toBe(0n);
  });

  it("computes MAX so the wallet ends at 0, and a new recipient still gets the rent minimum", async () => {
    const { user, address } = await funded(LAMPORTS_PER_SOL);
    const max = (await json(await get("/solana/estimate/send/coin/max", user.auth))) as MaxEstimate;
    expect(max).toEqual({
      max_transferable_amount: "0.999995",
      slippage: "0.000005",
      fee: "0.000005",
      balance: "1",
    });

    const existing = freshAddress();
    await airdrop(existing, RENT);
    const res = await post(
      "/solana/confirm/send/coin",
      { to: existing, amount: max.max_transferable_amount, idempotency_key: newKey() },
      user.auth,
    );
    expect(res.status).toBe(200);
    expect(await lamportsOf(address)).toBe(0n);
    expect(await lamportsOf(existing)).toBe(RENT + LAMPORTS_PER_SOL - FEE);

    // A wallet holding less than fee + rent can send nothing to a new account.
    const { user: poor } = await funded(RENT);
    const poorMax = (await json(
      await get(`/solana/estimate/send/coin/max?to=${freshAddress()}`, poor.auth),
    )) as MaxEstimate;
    expect(poorMax.max_transferable_amount).toBe("0");
    const empty = (await json(
      await get("/solana/estimate/send/coin/max", (await createUser()).auth),
    )) as MaxEstimate;
    expect(empty).toMatchObject({ max_transferable_amount: "0", balance: "0" });
  });
});

describe("confirm is idempotent", () => {
  it("sends once for concurrent confirms, retries and double clicks with one key", async () => {
    const { user, address } = await funded(LAMPORTS_PER_SOL);
    const to = freshAddress();
    const body = { to, amount: "0.1", idempotency_key: newKey() };
    const answers = await Promise.all(
      [1, 2, 3].map(() => post("/solana/confirm/send/coin", body, user.auth)),
    );
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200]);
    const sent = (await Promise.all(answers.map((r) => json(r)))) as ConfirmSend[];
    expect(new Set(sent.map((s) => s.tx)).size).toBe(1);

    const retry = (await json(await post("/solana/confirm/send/coin", body, user.auth))) as ConfirmSend;
    expect(retry).toEqual(sent[0]);

    expect((await sendCounts())[sent[0]!.tx]).toBe(1);
    expect(await lamportsOf(to)).toBe(100_000_000n);
    expect(await lamportsOf(address)).toBe(LAMPORTS_PER_SOL - 100_000_000n - FEE);
    const rows = await deps.db.orm
      .select()
      .from(walletSends)
      .where(and(eq(walletSends.userId, user.id), eq(walletSends.idempotencyKey, body.idempotency_key)))
      .all();
    expect(rows).toHaveLength(1);
    const ledger = await deps.db.orm
      .select()
      .from(payments)
      .where(eq(payments.providerRef, sent[0]!.tx))
      .all();
    expect(ledger).toHaveLength(1);

    const changed = await post("/solana/confirm/send/coin", { ...body, amount: "0.2" }, user.auth);
    expect(changed.status).toBe(409);
    expect(await json(changed)).toEqual({
      detail: "This idempotency_key was already used for another transfer",
      code: "conflict",
    });

    const badKey = await post("/solana/confirm/send/coin", { ...body, idempotency_key: "x" }, user.auth);
    expect(badKey.status).toBe(422);
  });
});

describe("a send whose request died", () => {
  it.each([
    ["stopped 60 s ago", () => Date.now() - 60_000],
    ["lost the node while sending", () => null],
  ])(
    "(%s) is sent again from the stored bytes by the next confirm with its key, once",
    async (_case, sentAt) => {
      const { user, address } = await funded(LAMPORTS_PER_SOL);
      const to = freshAddress();
      // As if a confirm stored its signed transaction and stopped before sending it.
      const { seed } = await openSolanaSeed(user.id);
      const { value } = await rpc<{ value: { blockhash: string } }>("getLatestBlockhash");
      const signed = Transaction.from(base64.decode(signSame(seed, to, 200_000_000n, value.blockhash)));
      const signature = base58.encode(signed.signature!);
      const key = newKey();
      await deps.db.orm
        .insert(walletSends)
        .values({
          userId: user.id,
          idempotencyKey: key,
          chain: "SOL",
          fromAddress: address,
          toAddress: to,
          amount: 200_000_000,
          fee: 5000,
          signedTx: signed.serialize().toString("base64"),
          signature,
          status: "SENDING",
          sentAt: sentAt(),
        })
        .run();

      const res = await post(
        "/solana/confirm/send/coin",
        { to, amount: "0.2", idempotency_key: key },
        user.auth,
      );
      expect(await json(res)).toEqual({ tx: signature, link: `https://explorer.solana.com/tx/${signature}` });
      expect((await sendCounts())[signature]).toBe(1);
      expect(await lamportsOf(to)).toBe(200_000_000n);
      const row = await deps.db.orm
        .select()
        .from(walletSends)
        .where(eq(walletSends.signature, signature))
        .get();
      expect(row?.status).toBe("CONFIRMED");
      expect(
        await deps.db.orm.select().from(payments).where(eq(payments.providerRef, signature)).all(),
      ).toHaveLength(1);
    },
  );
});

describe("limits and formats", () => {
  it("takes forms as well as JSON, and limits how many sends a person starts", async () => {
    const user = await createUser();
    const friend = await createUser();
    const body = new FormData();
    body.append("to", friend.username);
    body.append("symbol", "sol");
    const res = await walletApi(`${BASE}/validate/to`, { method: "POST", headers: user.auth, body });
    expect(await json(res)).toMatchObject({ is_valid: true, username: friend.username });

    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const r = await post(
        "/solana/confirm/send/coin",
        { to: friend.username, amount: "0.1", idempotency_key: newKey() },
        user.auth,
      );
      statuses.push(r.status);
    }
    expect(statuses).toEqual([...Array(10).fill(422), 429]);
  });

  it("lists every wallet path in the OpenAPI document", async () => {
    const doc = (await json(await walletApi("/api/openapi.json"))) as { paths: Record<string, unknown> };
    for (const path of [
      "/wallet/list",
      "/wallet/coin",
      "/validate/to",
      "/solana/estimate/send/coin/max",
      "/solana/estimate/send/coin",
      "/solana/confirm/send/coin",
      "/bitcoin/estimate/send/coin/max",
    ])
      expect(doc.paths[`${BASE}${path}`]).toBeDefined();
    expect(doc.paths["/api/v1/coin/market-chart"]).toBeDefined();
  });
});

describe("Bitcoin max and prices", () => {
  it("prices the max with the API's fee rate", async () => {
    const user = await createUser();
    const list = (await json(await get("/wallet/list", user.auth))) as WalletList;
    await setChains({ btc: { [list.list[0]!.wallet.address]: 150_000 } });
    const res = await get("/bitcoin/estimate/send/coin/max", user.auth);
    // one P2WPKH input: ceil(10.5 + 68 + 31) = 110 vB × 10.2 sat/vB (6 blocks) = 1,122 sats
    expect(await json(res)).toEqual({
      max_transferable_amount: "0.00148878",
      slippage: "0.00001122",
      fee: "0.00001122",
      balance: "0.0015",
    });
  });

  it("serves the market chart from the cache for a minute", async () => {
    const before = (await setChains({})).priceHits["/coingecko/coins/avax/market_chart"] ?? 0;
    const first = await walletApi("/api/v1/coin/market-chart?coin=avax&days=1");
    expect(first.status).toBe(200);
    const chart = (await json(first)) as { prices: [number, number][] };
    expect(chart.prices.length).toBeGreaterThan(100);
    expect(chart.prices.at(-1)![1]).toBe(35.2);
    const second = await walletApi("/api/v1/coin/market-chart?coin=avax&vs_currency=usd&days=1");
    expect(await json(second)).toEqual(chart);
    expect((await setChains({})).priceHits["/coingecko/coins/avax/market_chart"]).toBe(before + 1);

    expect((await walletApi("/api/v1/coin/market-chart?coin=dogecoin&days=1")).status).toBe(422);
    expect((await walletApi("/api/v1/coin/market-chart?coin=solana&days=7")).status).toBe(422);
  });
});

afterAll(() => {
  vi.restoreAllMocks();
});

// Last, over every answer and log line of the file above.
it("never shows key material: no seed in any encoding, no sealed secret, not the encryption key", async () => {
  const rows = await deps.db.orm.select().from(walletKeys).where(eq(walletKeys.chain, "SOL")).all();
  expect(rows.length).toBeGreaterThan(5);
  const secrets: string[] = [ENCRYPTION_KEY];
  for (const row of rows) {
    const { seed, sealed } = await openSolanaSeed(row.userId);
    const secretKey = Keypair.fromSeed(seed).secretKey;
    expect(Keypair.fromSeed(seed).publicKey.toBase58()).toBe(row.address);
    secrets.push(
      sealed,
      base64.encode(seed),
      base58.encode(seed),
      base58.encode(secretKey),
      base64.encode(secretKey),
      [...seed].map((b) => b.toString(16).padStart(2, "0")).join(""),
      JSON.stringify([...secretKey]),
    );
  }
  const everything = [...answered, ...logged].join("\n");
  expect(answered.length).toBeGreaterThan(40);
  for (const secret of secrets) expect(everything.includes(secret)).toBe(false);
});
