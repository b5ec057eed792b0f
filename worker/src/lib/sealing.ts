import { base64 } from "@scure/base";

// Secrets kept at rest are sealed with AES-GCM, as the wallet's custodial keys are
// (features/wallet/custody.ts): a random 96-bit IV per seal, and additional data naming the row
// the secret belongs to, so a ciphertext copied onto another row does not open.

/** An AES-GCM key derived with HKDF-SHA256 from a configured secret, one per purpose. */
export async function derivedSealingKey(secret: string, purpose: string): Promise<CryptoKey> {
  const material = await crypto.subtle.importKey("raw", new TextEncoder().encode(secret), "HKDF", false, [
    "deriveKey",
  ]);
  return crypto.subtle.deriveKey(
    {
      name: "HKDF",
      hash: "SHA-256",
      salt: new TextEncoder().encode("agora-sealing"),
      info: new TextEncoder().encode(purpose),
    },
    material,
    { name: "AES-GCM", length: 256 },
    false,
    ["encrypt", "decrypt"],
  );
}

export interface Sealed {
  sealed: string;
  iv: string;
}

export async function seal(key: CryptoKey, clear: Uint8Array, additionalData: string): Promise<Sealed> {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const sealed = new Uint8Array(
    await crypto.subtle.encrypt(
      { name: "AES-GCM", iv, additionalData: new TextEncoder().encode(additionalData) },
      key,
      clear,
    ),
  );
  return { sealed: base64.encode(sealed), iv: base64.encode(iv) };
}

/** The clear bytes, or null when the key or the additional data is not the one that sealed them. */
export async function unseal(
  key: CryptoKey,
  box: Sealed,
  additionalData: string,
): Promise<Uint8Array | null> {
  try {
    return new Uint8Array(
      await crypto.subtle.decrypt(
        {
          name: "AES-GCM",
          iv: base64.decode(box.iv),
          additionalData: new TextEncoder().encode(additionalData),
        },
        key,
        base64.decode(box.sealed),
      ),
    );
  } catch {
    return null;
  }
}
