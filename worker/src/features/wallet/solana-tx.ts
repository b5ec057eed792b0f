// Building and signing a SOL transfer with @solana/web3.js 1.x, loaded only here and only when a
// send is estimated or confirmed (it is the wallet's heaviest library).

export interface TransferPlan {
  from: string;
  to: string;
  lamports: bigint;
  blockhash: string;
  lastValidBlockHeight: number;
}

async function buildTransfer(plan: TransferPlan) {
  const { PublicKey, SystemProgram, Transaction } = await import("@solana/web3.js");
  const fromPubkey = new PublicKey(plan.from);
  return new Transaction({
    feePayer: fromPubkey,
    blockhash: plan.blockhash,
    lastValidBlockHeight: plan.lastValidBlockHeight,
  }).add(SystemProgram.transfer({ fromPubkey, toPubkey: new PublicKey(plan.to), lamports: plan.lamports }));
}

/** The transfer's message as the RPC's getFeeForMessage takes it (base64). */
export async function transferMessage(plan: TransferPlan): Promise<string> {
  const tx = await buildTransfer(plan);
  return tx.serializeMessage().toString("base64");
}

/**
 * The transfer signed with the sender's seed: the wire transaction (base64), its signature (base58,
 * the transaction's id) and the exact message that was signed (base64, for its fee).
 */
export async function signTransfer(
  plan: TransferPlan,
  seed: Uint8Array,
): Promise<{ tx: string; signature: string; message: string }> {
  const { Keypair } = await import("@solana/web3.js");
  const { base58 } = await import("@scure/base");
  const signer = Keypair.fromSeed(seed);
  if (signer.publicKey.toBase58() !== plan.from) throw new Error("The wallet key does not match its address");
  const tx = await buildTransfer(plan);
  const message = tx.serializeMessage();
  tx.sign(signer);
  if (!tx.signature) throw new Error("The transfer was not signed");
  return {
    tx: tx.serialize().toString("base64"),
    signature: base58.encode(tx.signature),
    message: message.toString("base64"),
  };
}
