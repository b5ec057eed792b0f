import { Sequence } from "asn1js";

// The deployed Worker is minified without kept names (docs/decisions/247), so esbuild may rename a
// library's classes. One bundled library decides by a class's name: @peculiar/asn1-schema, which
// @simplewebauthn/server parses certificates with, reads a repeated field by asking whether
// `constructor.name === "Sequence"`. The name is set back here, before any passkey is verified;
// `scripts/check-minified-passkeys.mjs` verifies passkeys through a bundle minified the same way.
Object.defineProperty(Sequence, "name", { value: "Sequence" });
