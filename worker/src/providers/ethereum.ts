import type { Bindings } from "../env";
import { jsonRpc, requireSource, unavailable } from "./chain-sources";

// Ethereum JSON-RPC (ETHEREUM_RPC_URL): the balance only, in wei.

export async function ethereumBalance(env: Bindings, address: string): Promise<bigint> {
  const url = requireSource(env, "ETHEREUM_RPC_URL");
  const hex = await jsonRpc<string>("Ethereum", url, "eth_getBalance", [address, "latest"]).catch((e) => {
    if (e instanceof Error && e.name === "JsonRpcError") unavailable("Ethereum");
    throw e;
  });
  if (typeof hex !== "string" || !/^0x[0-9a-f]*$/i.test(hex)) unavailable("Ethereum");
  return BigInt(hex === "0x" ? 0 : hex);
}
