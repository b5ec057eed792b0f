import { and, eq, isNotNull } from "drizzle-orm";
import type { Context, MiddlewareHandler } from "hono";
import { MFA_MSG } from "#shared/schemas/mfa.ts";
import { admins, mutedWords, totpFactors, users } from "../db/schema";
import { columnsOf, rowOf } from "../db/sql";
import type { AppEnv, AuthAdmin, AuthUser } from "../env";
import { fail } from "../lib/errors";
import { bearerToken, mayHoldSession } from "../lib/sessions";
import { readAccessToken, readAppealToken } from "../lib/tokens";
import { ADMIN_ENROLL_PATHS } from "./admin-enroll-paths";

const bearer = (c: Context<AppEnv>) => bearerToken(c.req.header("authorization"));

/** The person a token names: the columns the check needs, as `rowOf` reads them. */
const sessionColumns = {
  id: users.id,
  username: users.username,
  version: users.tokenVersion,
  deletedAt: users.deletedAt,
  status: users.status,
  trustLevel: users.trustLevel,
  trustLevelAt: users.trustLevelAt,
  createdAt: users.createdAt,
};
const muteColumns = {
  phrase: mutedWords.phrase,
  wholeWord: mutedWords.wholeWord,
  contexts: mutedWords.contexts,
};

/**
 * The token check's two statements, written once per isolate: the person by id, and the phrases
 * they mute now (`?2` is the time). Plain text with binds, so no request builds them again.
 */
const SESSION_SQL = `SELECT ${columnsOf(sessionColumns, "u")} FROM users u WHERE u.id = ?1`;
const MUTES_SQL = `SELECT ${columnsOf(muteColumns, "w")} FROM muted_words w
  WHERE w.user_id = ?1 AND (w.expires_at IS NULL OR w.expires_at > ?2)`;

/** The user behind a user token, if the token is valid and not outdated by a password change. */
async function userFromToken(c: Context<AppEnv>, token: string): Promise<AuthUser | null> {
  const claims = await readAccessToken(c.env.JWT_SECRET, "user", token);
  if (!claims) return null;
  const { deps } = c.var;
  // The person and the phrases they mute, in one round trip: every list they read filters by them.
  const [rows, muteRows] = await deps.db.unmetered<[object, object]>([
    { sql: SESSION_SQL, binds: [claims.id] },
    { sql: MUTES_SQL, binds: [claims.id, Date.now()] },
  ]);
  const row = rows[0] ? rowOf(sessionColumns, rows[0]) : null;
  deps.viewerMutes = { userId: claims.id, rows: muteRows.map((raw) => rowOf(muteColumns, raw)) };
  if (!row || !mayHoldSession(row) || row.version !== claims.version) return null;
  return {
    id: row.id,
    username: row.username,
    version: row.version,
    factorAt: claims.factorAt,
    passwordAt: claims.passwordAt,
    trust: { level: row.trustLevel, at: row.trustLevelAt, joinedAt: row.createdAt },
  };
}

const APPEAL_PATH = "/api/v1/private/user/appeal";

/** Paths under /api/v1/private/user: a valid user token or 401. */
export const requireUser: MiddlewareHandler<AppEnv> = async (c, next) => {
  const token = bearer(c);
  if (!token) fail(401, "Not authenticated");
  const user = await userFromToken(c, token);
  if (!user) {
    // A suspended person's appeal token opens the appeal path, and only it.
    const appealer = c.req.path === APPEAL_PATH ? await readAppealToken(c.env.JWT_SECRET, token) : null;
    if (appealer) {
      c.set("appealer", appealer);
      await next();
      return;
    }
    fail(401, "Your session has expired. Please log in again.");
  }
  c.set("user", user);
  c.set("viewer", user);
  await next();
};

/** Public paths: a valid token sets the viewer (for user_voted and the like); a bad one is ignored. */
export const optionalUser: MiddlewareHandler<AppEnv> = async (c, next) => {
  const token = bearer(c);
  c.set("viewer", token ? await userFromToken(c, token) : null);
  await next();
};

/**
 * Paths under /api/admin/private: a valid admin token or 401. A user token never passes. Staff
 * must have an authenticator app on: until it is, every path but ADMIN_ENROLL_PATHS is 403 with
 * the code `mfa_setup_required`, which the admin site reads to show its set-up screen. Once it is on, only a
 * token that proved a factor opens anything: one signed before (allowed only the set-up calls) is
 * over, whatever the account has turned on since.
 */
export const requireAdmin: MiddlewareHandler<AppEnv> = async (c, next) => {
  const token = bearer(c);
  if (!token) fail(401, "Not authenticated");
  const claims = await readAccessToken(c.env.JWT_SECRET, "admin", token);
  if (!claims) fail(401, "Your session has expired. Please log in again.");
  const row = await c.var.deps.db.orm
    .select({
      id: admins.id,
      username: admins.username,
      version: admins.tokenVersion,
      totp: totpFactors.id,
    })
    .from(admins)
    .leftJoin(
      totpFactors,
      and(
        eq(totpFactors.ownerKind, "admin"),
        eq(totpFactors.ownerId, admins.id),
        isNotNull(totpFactors.enabledAt),
      ),
    )
    .where(eq(admins.id, claims.id))
    .get();
  if (!row || row.version !== claims.version) fail(401, "Your session has expired. Please log in again.");
  if (row.totp === null) {
    if (!ADMIN_ENROLL_PATHS.has(c.req.path))
      fail(403, MFA_MSG.enrollRequired, { code: "mfa_setup_required" });
  } else if (claims.factorAt === null) fail(401, "Your session has expired. Please log in again.");
  const admin: AuthAdmin = {
    id: row.id,
    username: row.username,
    version: row.version,
    factorAt: claims.factorAt,
    passwordAt: claims.passwordAt,
  };
  c.set("admin", admin);
  await next();
};
