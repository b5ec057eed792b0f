import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import {
  type Address,
  getBase58Decoder,
  getBase64Encoder,
  getTransactionDecoder,
  type Lamports,
  type Signature,
} from "@solana/kit";
import { FailedTransactionMetadata, LiteSVM, type TransactionMetadata } from "litesvm";

// A Solana JSON-RPC node for tests and browser journeys: the real wire format (JSON-RPC 2.0 over
// HTTP, the methods the Worker calls) answered by litesvm, which runs the Solana VM in-process. So a
// transaction the Worker signs is executed for real: its signature is checked, the system program
// moves the lamports, the fee is charged and rent rules apply. Native module: Node only, never
// inside workerd. Point the Worker's SOLANA_RPC_URL at `url`.
//
//   const rpc = await startSolanaRpc();      // http://127.0.0.1:<free port>
//   POST {"jsonrpc":"2.0","id":1,"method":"requestAirdrop","params":[address, lamports]}
//
// Besides the RPC, `GET /stats` answers {"sendTransaction": {signature: times received}} so tests
// can count how often a transaction was sent.

/** litesvm's fee per signature (the runtime's default). */
const LAMPORTS_PER_SIGNATURE = 5000n;

export interface SolanaRpcStandIn {
  url: string;
  svm: LiteSVM;
  /** How many times each signature came in through sendTransaction. */
  sends: Map<string, number>;
  close(): Promise<void>;
}

class RpcError extends Error {
  readonly code: number;
  readonly data: unknown;
  constructor(code: number, message: string, data?: unknown) {
    super(message);
    this.code = code;
    this.data = data;
  }
}

const base58 = getBase58Decoder();
const base64 = getBase64Encoder();
const txDecoder = getTransactionDecoder();

function json(value: unknown): string {
  return JSON.stringify(value, (_k, v) => (typeof v === "bigint" ? Number(v) : v));
}

/** Reads a compact-u16 (shortvec) at `offset`: [value, next offset]. */
function shortVec(bytes: Uint8Array, offset: number): [number, number] {
  let value = 0;
  for (let i = 0; i < 3; i++) {
    const byte = bytes[offset + i] ?? 0;
    value |= (byte & 0x7f) << (7 * i);
    if ((byte & 0x80) === 0) return [value, offset + i + 1];
  }
  return [value, offset + 3];
}

/** Required signatures and the recent blockhash of a message (legacy or v0). */
function readMessage(bytes: Uint8Array): { signers: number; blockhash: string } {
  let at = (bytes[0] ?? 0) & 0x80 ? 1 : 0;
  const signers = bytes[at] ?? 0;
  at += 3;
  const [keys, next] = shortVec(bytes, at);
  const start = next + keys * 32;
  if (start + 32 > bytes.length) throw new RpcError(-32602, "invalid message");
  return { signers, blockhash: base58.decode(bytes.subarray(start, start + 32)) };
}

function errorName(err: unknown): unknown {
  // litesvm's errors are numbers (fieldless) or class instances; the RPC shows them as JSON.
  if (err && typeof err === "object") {
    const text = String(err);
    return text === "[object Object]" ? JSON.parse(json(err)) : text;
  }
  return err;
}

function createSolanaRpcHandler(svm: LiteSVM, sends: Map<string, number>) {
  let slot = 1;
  const context = () => ({ apiVersion: "2.2.0", slot });
  const signatureOf = (meta: TransactionMetadata) => base58.decode(meta.signature());

  const methods: Record<string, (params: unknown[]) => unknown> = {
    getHealth: () => "ok",
    getVersion: () => ({ "solana-core": "2.2.0-litesvm", "feature-set": 0 }),
    getSlot: () => slot,
    getBlockHeight: () => slot,
    getGenesisHash: () => "litesvm1111111111111111111111111111111111111",
    getBalance: ([address]) => ({
      context: context(),
      value: svm.getBalance(address as Address) ?? 0n,
    }),
    getAccountInfo: ([address]) => {
      const account = svm.getAccount(address as Address);
      if (!account.exists) return { context: context(), value: null };
      return {
        context: context(),
        value: {
          data: [Buffer.from(account.data).toString("base64"), "base64"],
          executable: account.executable,
          lamports: account.lamports,
          owner: account.programAddress,
          rentEpoch: 0,
          space: account.data.length,
        },
      };
    },
    getLatestBlockhash: () => ({
      context: context(),
      value: { blockhash: svm.latestBlockhash(), lastValidBlockHeight: slot + 150 },
    }),
    getMinimumBalanceForRentExemption: ([size]) =>
      svm.minimumBalanceForRentExemption(BigInt(Number(size ?? 0))),
    getFeeForMessage: ([message]) => {
      const { signers, blockhash } = readMessage(base64.encode(String(message)) as Uint8Array);
      // A real node answers null for a blockhash it no longer knows.
      const value = blockhash === svm.latestBlockhash() ? LAMPORTS_PER_SIGNATURE * BigInt(signers) : null;
      return { context: context(), value };
    },
    requestAirdrop: ([address, lamports]) => {
      const result = svm.airdrop(address as Address, BigInt(Number(lamports)) as Lamports);
      if (!result || result instanceof FailedTransactionMetadata)
        throw new RpcError(-32603, `airdrop failed: ${result ? String(result.err()) : "no result"}`);
      slot++;
      return signatureOf(result);
    },
    sendTransaction: ([wire, config]) => {
      const encoding = (config as { encoding?: string } | undefined)?.encoding ?? "base58";
      if (encoding !== "base64") throw new RpcError(-32602, "this stand-in reads base64 transactions only");
      const tx = txDecoder.decode(base64.encode(String(wire)));
      const first = Object.values(tx.signatures)[0];
      const signature = first ? base58.decode(first) : "";
      sends.set(signature, (sends.get(signature) ?? 0) + 1);
      if (svm.getTransaction(signature as Signature)) return signature; // already processed: same answer
      const result = svm.sendTransaction(tx);
      if (result instanceof FailedTransactionMetadata) {
        const err = errorName(result.err());
        throw new RpcError(-32002, `Transaction simulation failed: ${String(result.err())}`, {
          err,
          logs: result.meta().logs(),
        });
      }
      slot++;
      return signature;
    },
    getSignatureStatuses: ([signatures]) => ({
      context: context(),
      value: (signatures as string[]).map((signature) => {
        const found = svm.getTransaction(signature as Signature);
        if (!found) return null;
        const err = found instanceof FailedTransactionMetadata ? errorName(found.err()) : null;
        return {
          slot,
          confirmations: null,
          err,
          status: err ? { Err: err } : { Ok: null },
          confirmationStatus: "finalized",
        };
      }),
    }),
  };

  return async function handle(body: unknown): Promise<unknown> {
    const one = async (call: { id?: unknown; method?: string; params?: unknown[] }) => {
      const id = call?.id ?? null;
      const method = call?.method ? methods[call.method] : undefined;
      if (!method) return { jsonrpc: "2.0", id, error: { code: -32601, message: "Method not found" } };
      try {
        return { jsonrpc: "2.0", id, result: method(call.params ?? []) };
      } catch (error) {
        if (error instanceof RpcError)
          return {
            jsonrpc: "2.0",
            id,
            error: { code: error.code, message: error.message, data: error.data },
          };
        return { jsonrpc: "2.0", id, error: { code: -32603, message: String(error) } };
      }
    };
    return Array.isArray(body) ? Promise.all(body.map(one)) : one(body as never);
  };
}

async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString("utf8") || "null");
}

/** Starts the stand-in on `port` (0: a free one) of 127.0.0.1. */
export async function startSolanaRpc({ port = 0, host = "127.0.0.1" } = {}): Promise<SolanaRpcStandIn> {
  const svm = new LiteSVM().withTransactionHistory(10_000n);
  const sends = new Map<string, number>();
  const handle = createSolanaRpcHandler(svm, sends);
  const server: Server = createServer(async (req, res) => {
    try {
      if (req.method === "GET" && req.url === "/stats") {
        res.writeHead(200, { "content-type": "application/json" });
        res.end(json({ sendTransaction: Object.fromEntries(sends) }));
        return;
      }
      if (req.method !== "POST") {
        res.writeHead(405).end();
        return;
      }
      const answer = await handle(await readJson(req));
      res.writeHead(200, { "content-type": "application/json" });
      res.end(json(answer));
    } catch (error) {
      res.writeHead(400, { "content-type": "application/json" });
      res.end(json({ jsonrpc: "2.0", id: null, error: { code: -32700, message: String(error) } }));
    }
  });
  await new Promise<void>((done) => server.listen(port, host, done));
  const { port: bound } = server.address() as AddressInfo;
  return {
    url: `http://${host}:${bound}`,
    svm,
    sends,
    close: () => new Promise((done) => server.close(() => done())),
  };
}
