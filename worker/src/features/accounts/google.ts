import { and, eq, isNull, lt } from "drizzle-orm";
import { GOOGLE_EXCHANGE_TTL_S, PROFILE_NAME_MAX, USERNAME_MAX, USERNAME_MIN } from "#shared/constants.ts";
import { ACCOUNTS_MSG, type GoogleErrorCode } from "#shared/schemas/accounts.ts";
import { googleExchangeCodes, users } from "#worker/db/schema/index.ts";
import type { Deps } from "#worker/deps.ts";
import type { Bindings } from "#worker/env.ts";
import { LIMITS, limitKey } from "#worker/lib/account-limits.ts";
import { fail } from "#worker/lib/errors.ts";
import { publicId, sha256Hex } from "#worker/lib/ids.ts";
import { UNUSABLE_HASH } from "#worker/lib/password.ts";
import { checkRateLimit, hitRateLimit } from "#worker/lib/rate-limits.ts";
import { signClaims, verifyClaims } from "#worker/lib/tokens.ts";
import {
  type GoogleConfig,
  type GoogleIdentity,
  GoogleSignInError,
  googleConfig,
} from "#worker/providers/google.ts";
import { findReferrer, tellReferrer } from "./registration";
import type { SignedIn } from "./service";
import { raiseTokenVersion, sessionsEnded } from "./sessions";

/** The sign-in round trip to Google must finish within this long. */
export const OAUTH_STATE_TTL_S = 10 * 60;
/**
 * The cookie that ties the `state`, and then the `/signin?code=` exchange, to the browser that
 * started the sign-in (login CSRF, session swap).
 */
export const OAUTH_NONCE_COOKIE = "agora_oauth_nonce";

interface StateClaims {
  kind: "oauth-state";
  nonce: string;
  /** A referrer carried from `?ref_username=` through the round trip. */
  ref: string | null;
  exp: number;
}

/** Google's settings, or 503 when this server has no Google keys. */
export function requireGoogle(env: Bindings): GoogleConfig {
  return googleConfig(env) ?? fail(503, ACCOUNTS_MSG.googleNotConfigured);
}

/** A signed `state`: it cannot be forged, expires, and names the nonce the browser's cookie holds. */
export async function signOAuthState(
  secret: string,
  ref: string | null,
): Promise<{ state: string; nonce: string }> {
  const nonce = publicId(24);
  const claims: StateClaims = {
    kind: "oauth-state",
    nonce,
    ref,
    exp: Math.floor(Date.now() / 1000) + OAUTH_STATE_TTL_S,
  };
  return { state: await signClaims({ ...claims }, secret), nonce };
}

export async function readOAuthState(
  secret: string,
  state: string,
  cookieNonce: string | undefined,
): Promise<{ nonce: string; ref: string | null }> {
  let claims: StateClaims;
  try {
    claims = (await verifyClaims(state, secret)) as unknown as StateClaims;
  } catch {
    throw new GoogleSignInError("state is forged or expired");
  }
  if (claims.kind !== "oauth-state") throw new GoogleSignInError("not a state");
  if (!cookieNonce || cookieNonce !== claims.nonce) {
    throw new GoogleSignInError("state was started in another browser");
  }
  return { nonce: claims.nonce, ref: typeof claims.ref === "string" ? claims.ref : null };
}

/** A free username from the person's e-mail: lowercase letters and digits, 3-18 of them. */
async function freeUsername({ db }: Deps, identity: GoogleIdentity): Promise<string> {
  const base = (identity.email.split("@")[0] ?? "").toLowerCase().replace(/[^a-z0-9]/g, "");
  const stem = (base.length >= USERNAME_MIN ? base : `${base}user`).slice(0, USERNAME_MAX);
  for (let attempt = 0; attempt < 6; attempt++) {
    const suffix = attempt === 0 ? "" : String(Math.floor(1000 + Math.random() * 9000));
    const candidate = stem.slice(0, USERNAME_MAX - suffix.length) + suffix;
    const taken = await db.orm
      .select({ id: users.id })
      .from(users)
      .where(eq(users.username, candidate))
      .get();
    if (!taken) return candidate;
  }
  return `user${publicId(10).replace(/[^a-z0-9]/g, "")}`.slice(0, USERNAME_MAX);
}

/** A refusal the person is told about by its code (`/signin?error=CODE`). */
export class GoogleRefusal extends GoogleSignInError {
  constructor(
    readonly code: GoogleErrorCode,
    message: string,
  ) {
    super(message);
  }
}

/**
 * The account for a Google identity. Google has proven the person reads the address, so:
 * - an account linked to this Google subject, or holding this address, whose address was proven
 *   (a code, Google, the e-mailed password) is signed in, and linked if it was not;
 * - one whose address nobody proved is taken over: it may have been made or moved to someone
 *   else's address to wait for them. Its password is dropped, its sessions end, and it gets the
 *   Google address, proven. Whoever set it up is out; the owner of the address is in;
 * - otherwise a new ACTIVE account.
 */
export async function signInWithGoogle(
  deps: Deps,
  identity: GoogleIdentity,
  refUsername: string | null,
): Promise<SignedIn> {
  const { db } = deps;
  if (!identity.emailVerified) {
    throw new GoogleRefusal("email_not_verified", "Google has not verified this e-mail");
  }
  const linked = await db.orm
    .select()
    .from(users)
    .where(and(eq(users.googleSub, identity.sub), isNull(users.deletedAt)))
    .get();
  const byEmail = await db.orm
    .select()
    .from(users)
    .where(and(eq(users.email, identity.email), isNull(users.deletedAt)))
    .get();
  const account = linked ?? byEmail;

  if (account) {
    if (account.status === "SUSPENDED" || account.status === "INACTIVE") {
      throw new GoogleRefusal("account_suspended", "account is not active");
    }
    if (account.emailVerifiedAt !== null) {
      if (account.googleSub === identity.sub && account.status === "ACTIVE") {
        return { id: account.id, tokenVersion: account.tokenVersion };
      }
      const updated = await db.orm
        .update(users)
        .set({ googleSub: identity.sub, status: "ACTIVE" })
        .where(eq(users.id, account.id))
        .returning({ id: users.id, tokenVersion: users.tokenVersion })
        .get();
      return updated ?? { id: account.id, tokenVersion: account.tokenVersion };
    }
    // Linked to this Google subject but holding another address that a different account has:
    // which of the two is the person's cannot be told, so neither is opened.
    if (byEmail && byEmail.id !== account.id) {
      throw new GoogleRefusal("login_failed", "linked account's address is another account's");
    }
    const taken = await db.orm
      .update(users)
      .set({
        googleSub: identity.sub,
        email: identity.email,
        emailVerifiedAt: Date.now(),
        status: "ACTIVE",
        passwordHash: UNUSABLE_HASH,
        pendingPasswordHash: null,
        pendingPasswordExpiresAt: null,
        ...raiseTokenVersion,
      })
      .where(eq(users.id, account.id))
      .returning({ id: users.id, tokenVersion: users.tokenVersion })
      .get();
    if (!taken) throw new GoogleSignInError("account vanished");
    await sessionsEnded(deps, taken.id);
    return taken;
  }

  const referrerId = await findReferrer(deps, refUsername);
  const username = await freeUsername(deps, identity);
  const created = await db.orm
    .insert(users)
    .values({
      username,
      email: identity.email,
      emailVerifiedAt: Date.now(),
      // No password until they ask for one with Forgot password.
      passwordHash: UNUSABLE_HASH,
      status: "ACTIVE",
      googleSub: identity.sub,
      profileName: identity.name?.slice(0, PROFILE_NAME_MAX) ?? null,
      profileImage: identity.picture,
      referrerId,
    })
    .returning({ id: users.id, tokenVersion: users.tokenVersion })
    .get();
  await tellReferrer(deps, referrerId, { id: created.id, username });
  return created;
}

// Back in the SPA ---------------------------------------------------------------------------------

/**
 * A one-use code for `/signin?code=`, valid GOOGLE_EXCHANGE_TTL_S and only with the nonce cookie
 * of the browser that started the sign-in: the address bar never carries a session, and a link
 * made in one browser signs nobody in from another.
 */
export async function issueExchangeCode({ db }: Deps, userId: number, nonce: string): Promise<string> {
  const now = Date.now();
  await db.orm.delete(googleExchangeCodes).where(lt(googleExchangeCodes.expiresAt, now));
  const code = publicId(32);
  await db.orm.insert(googleExchangeCodes).values({
    codeHash: await sha256Hex(code),
    userId,
    nonceHash: await sha256Hex(nonce),
    expiresAt: now + GOOGLE_EXCHANGE_TTL_S * 1000,
  });
  return code;
}

/** Trades the code for the account to sign in, once; a wrong, old or used one is 400. */
export async function redeemExchangeCode(
  deps: Deps,
  input: { code: string; nonce: string | undefined; address: string },
): Promise<SignedIn> {
  const { db } = deps;
  const addressKey = limitKey.googleExchangeAddress(input.address);
  await checkRateLimit(db, addressKey, LIMITS.googleExchangeFailuresPerAddress);
  const codeHash = await sha256Hex(input.code);
  const row = await db.orm
    .select()
    .from(googleExchangeCodes)
    .where(eq(googleExchangeCodes.codeHash, codeHash))
    .get();
  const now = Date.now();
  // The nonce is checked before the code is spent: a stolen code tried elsewhere does not burn it.
  const valid =
    row !== undefined &&
    row.usedAt === null &&
    row.expiresAt > now &&
    input.nonce !== undefined &&
    (await sha256Hex(input.nonce)) === row.nonceHash;
  const claimed = valid
    ? await db.orm
        .update(googleExchangeCodes)
        .set({ usedAt: now })
        .where(and(eq(googleExchangeCodes.codeHash, codeHash), isNull(googleExchangeCodes.usedAt)))
        .returning({ userId: googleExchangeCodes.userId })
        .get()
    : undefined;
  if (!claimed) {
    await hitRateLimit(db, addressKey, LIMITS.googleExchangeFailuresPerAddress);
    fail(400, ACCOUNTS_MSG.googleLinkInvalid);
  }
  const user = await db.orm
    .select({
      id: users.id,
      tokenVersion: users.tokenVersion,
      status: users.status,
      deletedAt: users.deletedAt,
    })
    .from(users)
    .where(eq(users.id, claimed.userId))
    .get();
  if (!user || user.deletedAt !== null || user.status !== "ACTIVE")
    fail(403, ACCOUNTS_MSG.suspended, { code: "suspended" });
  return { id: user.id, tokenVersion: user.tokenVersion };
}
