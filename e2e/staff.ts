import { HOTP, Secret } from "otpauth";
import type { Page } from "playwright-core";

// Staff must have a second factor: the development seed's "admin" has its authenticator app on,
// with this published key (worker/src/features/dev/seed.ts DEV_ADMIN_TOTP_KEY). Journeys make its
// codes as a phone would. A code works once: when one was just used, the next 30-second step's is.

export const DEV_ADMIN_TOTP_KEY = "AGORADEVADMINTOTPKEYONLYFORLOCAL";
const STEP_MS = 30_000;

export function staffCode(at = Date.now()): string {
  return HOTP.generate({ secret: Secret.fromBase32(DEV_ADMIN_TOTP_KEY), counter: Math.floor(at / STEP_MS) });
}

const untilNextStep = () => new Promise((r) => setTimeout(r, STEP_MS - (Date.now() % STEP_MS) + 200));

const tokens = new Map<string, Promise<string>>();

/** The seeded admin's token (password, then the code step), signed in once per lane and run. */
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

async function signIn(base: string, password: string): Promise<string> {
  const res = await fetch(`${base}/api/admin/auth/login`, {
    method: "POST",
    body: new URLSearchParams({ username: "admin", password }),
  });
  const first = (await res.json()) as { access_token?: string; mfa_token?: string };
  if (first.access_token) return first.access_token;
  for (let attempt = 0; attempt < 3; attempt++) {
    const second = await fetch(`${base}/api/admin/auth/login/mfa`, {
      method: "POST",
      body: new URLSearchParams({ mfa_token: first.mfa_token ?? "", code: staffCode() }),
    });
    if (second.ok) return ((await second.json()) as { access_token: string }).access_token;
    if (second.status !== 403) throw new Error(`staff code step answered ${second.status}`);
    await untilNextStep();
  }
  throw new Error("staff code step kept refusing");
}

/** After the staff password form: types the app's code into the code step, as staff would. */
export async function enterStaffCode(page: Page): Promise<void> {
  const form = page.getByRole("form", { name: "Two-factor code" });
  await form.waitFor();
  for (let attempt = 0; attempt < 3; attempt++) {
    await form.getByLabel("Code from your authenticator app").fill(staffCode());
    await form.getByRole("button", { name: "Verify" }).click();
    const outcome = await Promise.race([
      form.waitFor({ state: "detached" }).then(() => "in" as const),
      form
        .getByRole("alert")
        .waitFor()
        .then(() => "refused" as const),
    ]);
    if (outcome === "in") return;
    await untilNextStep();
  }
  throw new Error("staff code step kept refusing");
}
