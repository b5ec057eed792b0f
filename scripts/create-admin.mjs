#!/usr/bin/env node
// `bun run create-admin`: creates a staff account for the admin site in a real deployment.
//
//   bun run create-admin -- --username ana --email ana@example.com            (asks for the password)
//   ADMIN_PASSWORD=… bun run create-admin -- --username ana                    (no prompt, for scripts)
//   bun run create-admin -- --username ana --reset-password                    (new password, ends sessions)
//   … --local [--persist-to .wrangler/state]    the local database instead of the remote one
//   … --print                                   only print the SQL (run it with `wrangler d1 execute`)
//
// The password is hashed here, in Node, exactly as the Worker hashes (worker/src/lib/password.ts:
// PBKDF2-SHA256, 16-byte salt, 100,000 iterations, 256 bits), so only the hash leaves this machine.

import { isCommonPassword } from "../shared/src/common-passwords.ts";

const ITERATIONS = 100_000;
const KEY_BITS = 256;
const USERNAME = /^[A-Za-z0-9]{3,128}$/;
const EMAIL = /^[^\s@'"]+@[^\s@'"]+\.[^\s@'"]+$/;
export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 128;

const toBase64 = (bytes) => btoa(String.fromCharCode(...bytes));

/** `pbkdf2-sha256$100000$salt$hash`, the format `verifyPassword` reads. */
export async function hashAdminPassword(password, salt = crypto.getRandomValues(new Uint8Array(16))) {
  const key = await crypto.subtle.importKey("raw", new TextEncoder().encode(password), "PBKDF2", false, [
    "deriveBits",
  ]);
  const bits = await crypto.subtle.deriveBits(
    { name: "PBKDF2", hash: "SHA-256", salt, iterations: ITERATIONS },
    key,
    KEY_BITS,
  );
  return `pbkdf2-sha256$${ITERATIONS}$${toBase64(salt)}$${toBase64(new Uint8Array(bits))}`;
}

const quote = (text) => `'${String(text).replace(/'/g, "''")}'`;

/** What is wrong with the input, or null. */
export function checkAdminInput({ username, email, password }) {
  if (!username || !USERNAME.test(username)) return "The username must be 3-128 letters or digits.";
  if (email && !EMAIL.test(email)) return "The e-mail is not valid.";
  if (!password || password.length < PASSWORD_MIN || password.length > PASSWORD_MAX)
    return `The password must be ${PASSWORD_MIN}-${PASSWORD_MAX} characters.`;
  if (isCommonPassword(password)) return "The password is one of the 1,000 most common: choose another.";
  return null;
}

/**
 * One statement for `wrangler d1 execute`. A new admin is an INSERT (an existing name fails);
 * `reset` changes an existing admin's password and ends their sessions instead.
 */
export function adminSql({ username, email, passwordHash, reset = false, now = Date.now() }) {
  if (reset) {
    return `UPDATE admins SET password_hash = ${quote(passwordHash)}, token_version = token_version + 1 WHERE username = ${quote(username)};`;
  }
  return `INSERT INTO admins (username, email, password_hash, use_night_mode, token_version, created_at) VALUES (${quote(username)}, ${email ? quote(email) : "NULL"}, ${quote(passwordHash)}, 1, 0, ${Number(now)});`;
}

function parseArgs(argv) {
  const args = { local: false, print: false, reset: false };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === "--local") args.local = true;
    else if (arg === "--print") args.print = true;
    else if (arg === "--reset-password") args.reset = true;
    else if (arg === "--help" || arg === "-h") args.help = true;
    else if (["--username", "--email", "--persist-to", "--database"].includes(arg))
      args[arg.slice(2).replace("-", "")] = argv[++i];
    else throw new Error(`Unknown option ${arg} (try --help)`);
  }
  return args;
}

/** Reads a line without echoing it. */
async function askHidden(question) {
  const { createInterface } = await import("node:readline");
  const rl = createInterface({ input: process.stdin, output: process.stdout, terminal: true });
  rl._writeToOutput = (text) => {
    if (text.includes(question)) process.stdout.write(text);
  };
  const answer = await new Promise((resolve) => rl.question(question, resolve));
  rl.close();
  process.stdout.write("\n");
  return answer;
}

async function main() {
  const args = parseArgs(process.argv.slice(2));
  if (args.help || !args.username) {
    console.log(
      "Usage: bun run create-admin -- --username NAME [--email EMAIL] [--reset-password] [--local [--persist-to DIR]] [--print]\n" +
        "The password comes from ADMIN_PASSWORD, or is asked for.",
    );
    process.exit(args.help ? 0 : 1);
  }
  let password = process.env.ADMIN_PASSWORD;
  if (!password) {
    if (!process.stdin.isTTY) throw new Error("Set ADMIN_PASSWORD or run in a terminal to type it.");
    password = await askHidden("Password for the admin: ");
    const again = await askHidden("Once more: ");
    if (again !== password) throw new Error("The passwords differ.");
  }
  const problem = checkAdminInput({ username: args.username, email: args.email, password });
  if (problem) throw new Error(problem);

  const sql = adminSql({
    username: args.username,
    email: args.email,
    passwordHash: await hashAdminPassword(password),
    reset: args.reset,
  });
  if (args.print) {
    console.log(sql);
    return;
  }
  const where = args.local
    ? ["--local", ...(args.persistto ? ["--persist-to", args.persistto] : [])]
    : ["--remote"];
  const command = ["d1", "execute", args.database ?? "DB", ...where, "--command", sql];
  console.log(`wrangler d1 execute ${args.database ?? "DB"} ${where.join(" ")} --command "<the statement>"`);
  const { spawnSync } = await import("node:child_process");
  const result = spawnSync("wrangler", command, { stdio: "inherit" });
  if (result.status !== 0) throw new Error("wrangler d1 execute failed (is the admin name already taken?)");
  console.log(
    args.reset
      ? `The password of ${args.username} was changed; their sessions are signed out.`
      : `Admin ${args.username} was created. Sign in at /admin/.`,
  );
}

// Run as a command; imported (by the test that checks the Worker accepts its hashes), it only exports.
const entry = typeof process !== "undefined" ? process.argv?.[1] : undefined;
if (entry && import.meta.url === (await import("node:url")).pathToFileURL(entry).href) {
  main().catch((error) => {
    console.error(error.message);
    process.exit(1);
  });
}
