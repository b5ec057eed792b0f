import { createHash } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { HOTP, Secret } from "otpauth";
import type { BrowserContext, Page } from "playwright-core";
import { inject } from "vitest";

// Staff must have a second factor: the development seed's "admin" has its authenticator app on,
// with this published key (worker/src/dev/seed.ts DEV_ADMIN_TOTP_KEY). Journeys make its
// codes as a phone would. A code works once, and the server takes the step before and after now
// too: each sign-in takes the next step no sign-in on that server used (kept in a file per server,
// as the journeys of a lane run in turn but not in one process), so no code is ever refused (five
// refusals would lock the account for 15 minutes), and only a fourth sign-in within one step waits.

const DEV_ADMIN_TOTP_KEY = "AGORADEVADMINTOTPKEYONLYFORLOCAL";
const STEP_MS = 30_000;

function staffCode(at = Date.now()): string {
  return HOTP.generate({ secret: Secret.fromBase32(DEV_ADMIN_TOTP_KEY), counter: Math.floor(at / STEP_MS) });
}

const untilNextStep = () => new Promise((r) => setTimeout(r, STEP_MS - (Date.now() % STEP_MS) + 200));

/**
 * The run's own folder (e2e/global-setup.ts, removed when the run ends): its servers start empty, so
 * what one run's sign-ins used or kept means nothing to the next run's servers on the same ports.
 */
const runDir = () => inject("laneDir");

const usedFile = (base: string) =>
  join(runDir(), `staff-step-${createHash("sha1").update(base).digest("hex").slice(0, 12)}`);

/** A code of the seeded admin that no sign-in on the server at `base` has used yet. */
export async function nextStaffCode(base: string): Promise<string> {
  let last = 0;
  try {
    last = Number(readFileSync(usedFile(base), "utf8")) || 0;
  } catch {
    // no sign-in on this server yet
  }
  // The step before now is still taken while now's step has more than 10 s to run (a code is typed
  // and checked within that), so three sign-ins in a row need not wait for the clock.
  const now = Math.floor(Date.now() / STEP_MS);
  const earliest = Date.now() % STEP_MS < STEP_MS - 10_000 ? now - 1 : now;
  const step = Math.max(earliest, last + 1);
  while (step > Math.floor(Date.now() / STEP_MS) + 1) await untilNextStep();
  writeFileSync(usedFile(base), String(step));
  return staffCode(step * STEP_MS);
}

const tokens = new Map<string, Promise<string>>();

/**
 * The seeded admin's token (password, then the code step), signed in once per lane and kept for its
 * later files while it stays good.
 */
export function staffToken(base: string, password = "agora-admin"): Promise<string> {
  const key = `${base} ${password}`;
  let token = tokens.get(key);
  if (!token) {
    token = signIn(base, password);
    tokens.set(key, token);
    token.catch(() => tokens.delete(key));
  }
  return token;
}

/**
 * Where a lane's staff token is kept between its files (they run one after another, never side by
 * side): each file's own sign-in took a code step, and a step taken is one the journeys that sign in
 * through the form may have to wait for.
 */
const keptFile = (base: string, password: string) =>
  join(
    runDir(),
    `staff-token-${createHash("sha1").update(`${base} ${password}`).digest("hex").slice(0, 12)}`,
  );

async function signIn(base: string, password: string): Promise<string> {
  const file = keptFile(base, password);
  let kept = "";
  try {
    kept = readFileSync(file, "utf8").trim();
  } catch {
    // no file of this lane signed staff in yet
  }
  // Still good? A password change or the end of its time ends it: then a fresh sign-in.
  if (
    kept &&
    (await fetch(`${base}/api/admin/private/auth/me`, { headers: { authorization: `Bearer ${kept}` } })).ok
  )
    return kept;
  const token = await freshSignIn(base, password);
  writeFileSync(file, token);
  return token;
}

async function freshSignIn(base: string, password: string): Promise<string> {
  const res = await fetch(`${base}/api/admin/auth/login`, {
    method: "POST",
    body: new URLSearchParams({ username: "admin", password }),
  });
  const first = (await res.json()) as { access_token?: string; mfa_token?: string };
  if (first.access_token) return first.access_token;
  const second = await fetch(`${base}/api/admin/auth/login/mfa`, {
    method: "POST",
    body: new URLSearchParams({ mfa_token: first.mfa_token ?? "", code: await nextStaffCode(base) }),
  });
  if (second.ok) return ((await second.json()) as { access_token: string }).access_token;
  throw new Error(`staff code step answered ${second.status}`);
}

/** After the staff password form: types the app's code into the code step, as staff would. */
export async function enterStaffCode(page: Page): Promise<void> {
  const form = page.getByRole("form", { name: "Two-factor code" });
  await form.waitFor();
  await form
    .getByLabel("Code from your authenticator app")
    .fill(await nextStaffCode(new URL(page.url()).origin));
  await form.getByRole("button", { name: "Verify" }).click();
  await form.waitFor({ state: "detached" });
}

/**
 * Signs a browser in as the seeded admin with the lane's staff token, for journeys whose subject
 * is a screen, not the sign-in: a fresh sign-in per journey would wait for an unused code step (up to
 * 30 s each). The sign-in itself is walked by the accounts, admin, keyboard and two-factor journeys.
 */
export async function signInStaff(context: BrowserContext, base: string): Promise<void> {
  await context.addCookies([{ name: "admin_access_token", value: await staffToken(base), url: base }]);
}
