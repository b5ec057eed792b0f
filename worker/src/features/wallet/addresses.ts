import { base58, bech32, bech32m, createBase58check } from "@scure/base";
import type { WalletSymbol } from "#shared/schemas/wallet.ts";

// Address formats per chain, checked without asking any node:
// - SOL: base58 of 32 bytes that decode to a point on the ed25519 curve (a key someone can sign
//   with; program-derived addresses are off the curve and refused).
// - ETH: 0x and 40 hex digits; mixed case must match the EIP-55 checksum (keccak-256).
// - BTC (mainnet): bech32 segwit v0 (20 or 32 byte program), bech32m v1+ (taproot), or base58check
//   P2PKH (version 0) / P2SH (version 5).
// The curve and hash code is loaded only when an address is checked.

export async function isValidAddress(chain: WalletSymbol, address: string): Promise<boolean> {
  if (chain === "SOL") return isSolanaAddress(address);
  if (chain === "ETH") return isEthereumAddress(address);
  return isBitcoinAddress(address);
}

async function isSolanaAddress(address: string): Promise<boolean> {
  if (!/^[1-9A-HJ-NP-Za-km-z]{32,44}$/.test(address)) return false;
  let bytes: Uint8Array;
  try {
    bytes = base58.decode(address);
  } catch {
    return false;
  }
  if (bytes.length !== 32) return false;
  const { ed25519 } = await import("@noble/curves/ed25519");
  try {
    ed25519.ExtendedPoint.fromHex(bytes);
    return true;
  } catch {
    return false;
  }
}

/** The EIP-55 form of a 40-hex-digit address. */
async function toChecksumAddress(hex40: string): Promise<string> {
  const { keccak_256 } = await import("@noble/hashes/sha3");
  const lower = hex40.toLowerCase();
  const hash = keccak_256(new TextEncoder().encode(lower));
  let out = "0x";
  for (let i = 0; i < 40; i++) {
    const nibble = (hash[i >> 1]! >> (i % 2 === 0 ? 4 : 0)) & 0xf;
    const ch = lower[i]!;
    out += nibble >= 8 ? ch.toUpperCase() : ch;
  }
  return out;
}

async function isEthereumAddress(address: string): Promise<boolean> {
  const m = /^0x([0-9a-fA-F]{40})$/.exec(address);
  if (!m) return false;
  const body = m[1]!;
  // All one case carries no checksum (EIP-55); mixed case must be the checksum.
  if (body === body.toLowerCase() || body === body.toUpperCase()) return true;
  return (await toChecksumAddress(body)) === address;
}

async function isBitcoinAddress(address: string): Promise<boolean> {
  if (/^bc1/i.test(address)) return isSegwit(address);
  if (!/^[13][1-9A-HJ-NP-Za-km-z]{25,34}$/.test(address)) return false;
  const { sha256 } = await import("@noble/hashes/sha2");
  try {
    const payload = createBase58check(sha256).decode(address);
    return payload.length === 21 && (payload[0] === 0x00 || payload[0] === 0x05);
  } catch {
    return false;
  }
}

function isSegwit(address: string): boolean {
  if (address !== address.toLowerCase() && address !== address.toUpperCase()) return false;
  const lower = address.toLowerCase();
  for (const coder of [bech32, bech32m]) {
    try {
      const { prefix, words } = coder.decode(lower as `${string}1${string}`, 90);
      if (prefix !== "bc" || words.length === 0) continue;
      const version = words[0]!;
      const program = coder.fromWords(words.slice(1));
      if (version > 16 || program.length < 2 || program.length > 40) continue;
      // v0 is bech32 with a 20- or 32-byte program; v1 and later are bech32m (BIP 350).
      if (version === 0 && (coder !== bech32 || (program.length !== 20 && program.length !== 32))) continue;
      if (version !== 0 && coder !== bech32m) continue;
      if (version === 1 && program.length !== 32) continue;
      return true;
    } catch {
      // not this encoding
    }
  }
  return false;
}

/** A new key and its address for the chain: the secret is the ed25519 seed or secp256k1 scalar. */
export async function newKey(chain: WalletSymbol): Promise<{ secret: Uint8Array; address: string }> {
  if (chain === "SOL") {
    const pair = (await crypto.subtle.generateKey({ name: "Ed25519" }, true, [
      "sign",
      "verify",
    ])) as CryptoKeyPair;
    const pkcs8 = new Uint8Array((await crypto.subtle.exportKey("pkcs8", pair.privateKey)) as ArrayBuffer);
    const publicKey = new Uint8Array((await crypto.subtle.exportKey("raw", pair.publicKey)) as ArrayBuffer);
    // PKCS#8 for Ed25519 ends with the 32-byte seed.
    return { secret: pkcs8.slice(-32), address: base58.encode(publicKey) };
  }
  const { secp256k1 } = await import("@noble/curves/secp256k1");
  const secret = secp256k1.utils.randomPrivateKey();
  if (chain === "ETH") {
    const { keccak_256 } = await import("@noble/hashes/sha3");
    const publicKey = secp256k1.getPublicKey(secret, false).slice(1);
    const hex = [...keccak_256(publicKey).slice(-20)].map((b) => b.toString(16).padStart(2, "0")).join("");
    return { secret, address: await toChecksumAddress(hex) };
  }
  // BTC: pay-to-witness-public-key-hash (bc1q...), the compressed key's HASH160.
  const { sha256 } = await import("@noble/hashes/sha2");
  const { ripemd160 } = await import("@noble/hashes/legacy");
  const hash160 = ripemd160(sha256(secp256k1.getPublicKey(secret, true)));
  return { secret, address: bech32.encode("bc", [0, ...bech32.toWords(hash160)]) };
}
