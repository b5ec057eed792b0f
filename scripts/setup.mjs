// What `bun run dev` and `bun run test` need before they start, installed when it is missing or
// stale: Bun (through npm), the packages of bun.lock, and Chromium for the browser journeys.
// Plain Node (any version npm ships with) and no packages: it runs before anything is installed.
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const ROOT = new URL("..", import.meta.url).pathname;
const BUN_VERSION = "1.4.5";
const STAMP = join(ROOT, "node_modules", ".agora-install");
/** The browser the journeys and the size budget drive: Chromium's headless shell (docs/decisions/221). */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium-headless-shell";
/** Debian's package that installs it. */
const CHROMIUM_PACKAGE = "chromium-headless-shell";

function has(command) {
  return spawnSync(command, ["--version"], { stdio: "ignore" }).status === 0;
}

function run(command, args, what) {
  const result = spawnSync(command, args, { stdio: "inherit", cwd: ROOT });
  if (result.status !== 0) {
    console.error(
      `\n✘ ${what} failed (${command} ${args.join(" ")} exited ${result.status ?? result.signal}).`,
    );
    process.exit(1);
  }
}

/** Bun, through npm when missing. */
export function ensureBun() {
  if (has("bun")) return;
  console.log(`Installing Bun ${BUN_VERSION} through npm…`);
  const global = spawnSync("npm", ["install", "-g", `bun@${BUN_VERSION}`], { stdio: "inherit" });
  if (global.status === 0 && has("bun")) return;
  console.error(
    "\n✘ Could not install Bun with `npm install -g bun` (no permission for global packages?).\n" +
      "  Install it yourself (https://bun.sh, or `sudo npm install -g bun`) and run the command again.",
  );
  process.exit(1);
}

/** What bun.lock and package.json say, as one hash: a change means the packages are stale. */
function lockHash() {
  const hash = createHash("sha256");
  for (const file of ["package.json", "bun.lock"]) hash.update(readFileSync(join(ROOT, file)));
  return hash.digest("hex");
}

/** The packages of bun.lock, installed when node_modules is missing or older than the lockfile. */
export function ensurePackages() {
  const want = lockHash();
  const stamped = existsSync(STAMP) ? readFileSync(STAMP, "utf8").trim() : "";
  if (stamped === want && existsSync(join(ROOT, "node_modules", ".bin", "wrangler"))) return;
  ensureBun();
  console.log("Installing packages from bun.lock…");
  run("bun", ["install", "--frozen-lockfile"], "Installing packages");
  mkdirSync(join(ROOT, "node_modules"), { recursive: true });
  writeFileSync(STAMP, `${want}\n`);
}

/** Chromium's headless shell for the browser journeys: Debian's package, installed with apt-get when missing. */
export function ensureChromium() {
  if (existsSync(CHROMIUM)) return;
  const root = process.getuid?.() === 0;
  const sudo = !root && has("sudo") ? ["sudo", "-n"] : [];
  if (has("apt-get") && (root || sudo.length)) {
    console.log(`Installing Chromium for the browser tests (apt-get install ${CHROMIUM_PACKAGE})…`);
    const apt = (args) =>
      spawnSync(sudo[0] ?? "apt-get", [...sudo.slice(1), ...(sudo.length ? ["apt-get"] : []), ...args], {
        stdio: "inherit",
        env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
      }).status === 0;
    if (
      (apt(["install", "-y", "-qq", CHROMIUM_PACKAGE]) ||
        (apt(["update", "-qq"]) && apt(["install", "-y", "-qq", CHROMIUM_PACKAGE]))) &&
      existsSync(CHROMIUM)
    )
      return;
  }
  console.error(
    `\n✘ The browser tests need Chromium at ${CHROMIUM}, and it could not be installed here.\n` +
      `  On Debian or Ubuntu: \`sudo apt-get install ${CHROMIUM_PACKAGE}\`. Elsewhere, install Chromium (or its headless shell) and set CHROMIUM_PATH to it.`,
  );
  process.exit(1);
}

// `node scripts/setup.mjs [bun|packages|chromium]…`: .ci/run uses it before Bun exists.
if (import.meta.url === `file://${process.argv[1]}`) {
  const what = process.argv.slice(2);
  const all = what.length === 0;
  if (all || what.includes("bun")) ensureBun();
  if (all || what.includes("packages")) ensurePackages();
  if (all || what.includes("chromium")) ensureChromium();
}
