import { and, eq, isNull, sql } from "drizzle-orm";
import { sign, verify } from "hono/jwt";
import { PROFILE_NAME_MAX, USERNAME_MAX, USERNAME_MIN } from "#shared/constants.ts";
import { users } from "#worker/db/schema/index.ts";
import type { Deps } from "#worker/deps.ts";
import { publicId } from "#worker/lib/ids.ts";
import { UNUSABLE_HASH } from "#worker/lib/password.ts";
import { type GoogleIdentity, GoogleSignInError } from "#worker/providers/google.ts";
import { findReferrer, type SignedIn, tellReferrer } from "./service";

/** The sign-in round trip to Google must finish within this long. */
export const OAUTH_STATE_TTL_S = 10 * 60;
/** The cookie that ties the `state` to the browser that started the sign-in (login CSRF). */
export const OAUTH_NONCE_COOKIE = "agora_oauth_nonce";

interface StateClaims {
  kind: "oauth-state";
  nonce: string;
  /** A referrer carried from `?ref_username=` through the round trip. */
  ref: string | null;
  exp: number;
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
  return { state: await sign({ ...claims }, secret, "HS256"), nonce };
}

export async function readOAuthState(
  secret: string,
  state: string,
  cookieNonce: string | undefined,
): Promise<{ nonce: string; ref: string | null }> {
  let claims: StateClaims;
  try {
    claims = (await verify(state, secret, "HS256")) as unknown as StateClaims;
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

/**
 * The account for a Google identity: the one already linked to it, else the one with its verified
 * e-mail (linked now), else a new ACTIVE account. Google has proven the e-mail, so a waiting
 * registration with that e-mail is activated; its password was never proven to be the owner's,
 * so it is dropped (otherwise whoever registered first with someone else's address would keep a
 * way in).
 */
export async function signInWithGoogle(
  deps: Deps,
  identity: GoogleIdentity,
  refUsername: string | null,
): Promise<SignedIn> {
  const { db } = deps;
  if (!identity.emailVerified) throw new GoogleSignInError("Google has not verified this e-mail");
  const linked = await db.orm
    .select()
    .from(users)
    .where(and(eq(users.googleSub, identity.sub), isNull(users.deletedAt)))
    .get();
  const account =
    linked ??
    (await db.orm
      .select()
      .from(users)
      .where(and(eq(users.email, identity.email), isNull(users.deletedAt)))
      .get());

  if (account) {
    if (account.status === "SUSPENDED" || account.status === "INACTIVE") {
      throw new GoogleSignInError("account is not active");
    }
    if (account.googleSub === identity.sub && account.status === "ACTIVE") {
      return { id: account.id, tokenVersion: account.tokenVersion };
    }
    const waiting = account.status === "UNCONFIRMED";
    const updated = await db.orm
      .update(users)
      .set({
        googleSub: identity.sub,
        status: "ACTIVE",
        ...(waiting ? { passwordHash: UNUSABLE_HASH, tokenVersion: sql`${users.tokenVersion} + 1` } : {}),
      })
      .where(eq(users.id, account.id))
      .returning({ id: users.id, tokenVersion: users.tokenVersion })
      .get();
    return updated ?? { id: account.id, tokenVersion: account.tokenVersion };
  }

  const referrerId = await findReferrer(deps, refUsername);
  const username = await freeUsername(deps, identity);
  const created = await db.orm
    .insert(users)
    .values({
      username,
      email: identity.email,
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
