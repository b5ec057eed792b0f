#!/usr/bin/env node
// The deployed API Worker is minified without kept names (docs/decisions/247): esbuild may rename any
// class or function, and a library that decides by a name would then decide wrongly. Worker tests and
// journeys run an unminified bundle, so this check bundles the Worker's passkey module the way a deploy
// does (wrangler's esbuild: ES modules, es2024, the workerd conditions, minified, no kept names) and
// verifies passkeys through it: a registration whose attestation carries an X.509 certificate (the
// ASN.1 parsers @simplewebauthn/server uses), a sign-in (its DER signature is ASN.1 too), and a forged
// one of each, refused. It also asks the bundle for the one class name a bundled library compares.
// Part of `bun run test`; a few seconds.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { build } from "esbuild";

const ROOT = new URL("..", import.meta.url).pathname;

// The Worker's own module first, so the bundle runs what the deployed Worker runs when it loads it.
const ENTRY = `
import "./worker/src/features/two-factor/passkeys.ts";
export { Sequence } from "asn1js";
export { verifyAuthenticationResponse, verifyRegistrationResponse } from "@simplewebauthn/server";
export { isoBase64URL, isoCBOR, isoUint8Array } from "@simplewebauthn/server/helpers";
export { BasicConstraintsExtension, cryptoProvider, KeyUsageFlags, KeyUsagesExtension, X509CertificateGenerator } from "@peculiar/x509";
`;

async function bundle() {
  const result = await build({
    stdin: { contents: ENTRY, resolveDir: ROOT, loader: "ts", sourcefile: "minified-passkeys-entry.ts" },
    bundle: true,
    write: false,
    format: "esm",
    platform: "neutral",
    target: "es2024",
    conditions: ["workerd", "worker", "browser"],
    mainFields: ["browser", "module", "main"],
    minify: true,
    keepNames: false,
    logLevel: "error",
  });
  const dir = mkdtempSync(join(tmpdir(), "agora-minified-passkeys-"));
  const file = join(dir, "bundle.mjs");
  writeFileSync(file, result.outputFiles[0].contents);
  try {
    return await import(file);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const ES256 = { name: "ECDSA", namedCurve: "P-256", hash: "SHA-256" };
const RP_ID = "agora.example";
const ORIGIN = `https://${RP_ID}`;

/** WebCrypto signs ECDSA as r‖s; WebAuthn carries it as a DER SEQUENCE of two INTEGERs. */
function derSignature(raw) {
  const integer = (bytes) => {
    let start = 0;
    while (start < bytes.length - 1 && bytes[start] === 0) start++;
    const trimmed = bytes.slice(start);
    const body = trimmed[0] & 0x80 ? [0, ...trimmed] : [...trimmed];
    return [0x02, body.length, ...body];
  };
  const r = integer(raw.slice(0, 32));
  const s = integer(raw.slice(32));
  return Uint8Array.of(0x30, r.length + s.length, ...r, ...s);
}

async function sign(key, bytes) {
  return derSignature(new Uint8Array(await crypto.subtle.sign(ES256, key, bytes)));
}

async function sha256(bytes) {
  return new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
}

const randomId = (n) => crypto.getRandomValues(new Uint8Array(n));

/** What a browser hands the site for a credential: its id twice, its type, and what the key answered. */
const credentialResponse = (id, response) => ({
  id,
  rawId: id,
  type: "public-key",
  response,
  clientExtensionResults: {},
});

/** A security key's registration: a "packed" attestation signed by a key its certificate names. */
async function registration(lib, { forged }) {
  const { isoBase64URL, isoCBOR, isoUint8Array } = lib;
  const credential = await crypto.subtle.generateKey(ES256, true, ["sign", "verify"]);
  const attestation = await crypto.subtle.generateKey(ES256, true, ["sign", "verify"]);
  lib.cryptoProvider.set(crypto);
  const certificate = await lib.X509CertificateGenerator.createSelfSigned({
    serialNumber: "2a",
    name: "C=PT, O=Agora Test Keys, OU=Authenticator Attestation, CN=Agora Test Key",
    notBefore: new Date(Date.now() - 86_400_000),
    notAfter: new Date(Date.now() + 86_400_000),
    signingAlgorithm: ES256,
    keys: attestation,
    extensions: [
      new lib.BasicConstraintsExtension(false, undefined, true),
      new lib.KeyUsagesExtension(lib.KeyUsageFlags.digitalSignature, true),
    ],
  });
  const raw = new Uint8Array(await crypto.subtle.exportKey("raw", credential.publicKey));
  const coseKey = isoCBOR.encode(
    new Map([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, raw.slice(1, 33)],
      [-3, raw.slice(33, 65)],
    ]),
  );
  const id = randomId(16);
  const rpIdHash = await sha256(new TextEncoder().encode(RP_ID));
  // Flags: user present, user verified, attested credential data.
  const authData = isoUint8Array.concat([
    rpIdHash,
    Uint8Array.of(0x45),
    new Uint8Array(4),
    new Uint8Array(16),
    Uint8Array.of(0, id.length),
    id,
    coseKey,
  ]);
  const challenge = isoBase64URL.fromBuffer(randomId(32));
  const clientData = JSON.stringify({
    type: "webauthn.create",
    challenge,
    origin: ORIGIN,
    crossOrigin: false,
  });
  const signed = isoUint8Array.concat([authData, await sha256(new TextEncoder().encode(clientData))]);
  const signer = forged ? credential.privateKey : attestation.privateKey;
  const attStmt = new Map([
    ["alg", -7],
    ["sig", await sign(signer, signed)],
    ["x5c", [new Uint8Array(certificate.rawData)]],
  ]);
  const attestationObject = isoCBOR.encode(
    new Map([
      ["fmt", "packed"],
      ["attStmt", attStmt],
      ["authData", authData],
    ]),
  );
  const credentialId = isoBase64URL.fromBuffer(id);
  const response = credentialResponse(credentialId, {
    clientDataJSON: isoBase64URL.fromUTF8String(clientData),
    attestationObject: isoBase64URL.fromBuffer(attestationObject),
  });
  return { response, challenge, credential, credentialId, rpIdHash };
}

/** A sign-in with the passkey: its authenticator data and client data signed by its key. */
async function signIn(lib, { credential, credentialId, rpIdHash }, { forged }) {
  const { isoBase64URL, isoUint8Array } = lib;
  const authData = isoUint8Array.concat([rpIdHash, Uint8Array.of(0x05), Uint8Array.of(0, 0, 0, 1)]);
  const challenge = isoBase64URL.fromBuffer(randomId(32));
  const clientData = JSON.stringify({
    type: "webauthn.get",
    challenge: forged ? isoBase64URL.fromBuffer(randomId(32)) : challenge,
    origin: ORIGIN,
    crossOrigin: false,
  });
  const signed = isoUint8Array.concat([authData, await sha256(new TextEncoder().encode(clientData))]);
  const response = credentialResponse(credentialId, {
    clientDataJSON: isoBase64URL.fromUTF8String(clientData),
    authenticatorData: isoBase64URL.fromBuffer(authData),
    signature: isoBase64URL.fromBuffer(await sign(credential.privateKey, signed)),
  });
  return { response, challenge };
}

/** Whether the bundle's verifier accepts, or the reason it refuses. */
async function outcome(run) {
  try {
    const result = await run();
    return result.verified ? { verified: true, result } : { verified: false, reason: "not verified" };
  } catch (error) {
    return { verified: false, reason: error instanceof Error ? error.message : String(error) };
  }
}

async function problemsOf(lib) {
  const problems = [];
  const expect = { expectedOrigin: ORIGIN, expectedRPID: RP_ID, requireUserVerification: true };
  if (lib.Sequence.name !== "Sequence")
    problems.push(`asn1js's Sequence is named "${lib.Sequence.name}" in the minified bundle, not "Sequence"`);

  const made = await registration(lib, { forged: false });
  const registered = await outcome(() =>
    lib.verifyRegistrationResponse({ response: made.response, expectedChallenge: made.challenge, ...expect }),
  );
  if (!registered.verified)
    problems.push(`a packed attestation with a certificate was refused: ${registered.reason}`);
  else if (registered.result.registrationInfo.fmt !== "packed")
    problems.push(`the attestation read as "${registered.result.registrationInfo.fmt}", not "packed"`);

  const forgedMade = await registration(lib, { forged: true });
  const forgedRegistration = await outcome(() =>
    lib.verifyRegistrationResponse({
      response: forgedMade.response,
      expectedChallenge: forgedMade.challenge,
      ...expect,
    }),
  );
  if (forgedRegistration.verified)
    problems.push("an attestation not signed by its certificate's key was accepted");

  if (registered.verified) {
    const stored = {
      id: made.credentialId,
      publicKey: registered.result.registrationInfo.credential.publicKey,
      counter: 0,
    };
    for (const forged of [false, true]) {
      const attempt = await signIn(lib, made, { forged });
      const signedIn = await outcome(() =>
        lib.verifyAuthenticationResponse({
          response: attempt.response,
          expectedChallenge: attempt.challenge,
          credential: stored,
          ...expect,
        }),
      );
      if (!forged && !signedIn.verified)
        problems.push(`a sign-in with the passkey was refused: ${signedIn.reason}`);
      if (!forged && signedIn.verified && signedIn.result.authenticationInfo.newCounter !== 1)
        problems.push("a sign-in did not read the authenticator's counter");
      if (forged && signedIn.verified) problems.push("a sign-in signed over another challenge was accepted");
    }
  }
  return problems;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const started = Date.now();
  const problems = await problemsOf(await bundle());
  if (problems.length) {
    console.error(`Passkeys in the minified Worker bundle:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
    process.exit(1);
  }
  console.log(
    `Passkeys verify in a bundle minified without names: a packed attestation with a certificate, a sign-in, and both forged refused (${Date.now() - started} ms).`,
  );
}
