// A user token as the Worker signs it (HS256, the development secret), so the live benchmarks'
// people need no login each: they are added to the D1 file directly (bench/crash/crash.mjs
// `addPeople`) and act with these.
import { createHmac } from "node:crypto";
import { DEVELOPMENT_JWT_SECRET } from "../../scripts/dev-settings.mjs";

const b64 = (v) => Buffer.from(typeof v === "string" ? v : JSON.stringify(v)).toString("base64url");

/** An hour's access token for user `id` (token version 0, as a new account has). */
export function userToken(id) {
  const iat = Math.floor(Date.now() / 1000);
  const head = `${b64({ alg: "HS256", typ: "JWT" })}.${b64({ sub: String(id), kind: "user", ver: 0, iat, exp: iat + 3600 })}`;
  return `${head}.${createHmac("sha256", DEVELOPMENT_JWT_SECRET).update(head).digest("base64url")}`;
}
