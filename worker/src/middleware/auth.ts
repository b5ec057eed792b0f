import type { Context, MiddlewareHandler } from "hono";
import { MFA_MSG } from "#shared/schemas/two-factor.ts";
import type { Rider } from "../db/database";
import { rowOf } from "../db/sql";
import type { AppEnv, AuthAdmin, AuthUser } from "../env";
import { DomainError, fail } from "../lib/errors";
import { setViewerMutes } from "../lib/mutes";
import {
  ADMIN_SESSION_GUARD_SQL,
  ADMIN_SESSION_SQL,
  failedSessionGuard,
  muteColumns,
  SESSION_GUARD_SQL,
  sessionColumns,
  sessionFold,
  sessionReads,
  sessionRows,
  sessionWriteFold,
} from "../lib/session-queries";
import { bearerToken, mayHoldSession } from "../lib/sessions";
import { readAccessToken, readAppealToken } from "../lib/tokens";
import { ADMIN_ENROLL_PATHS } from "./admin-enroll-paths";

const bearer = (c: Context<AppEnv>) => bearerToken(c.req.header("authorization"));

const EXPIRED = "Your session has expired. Please log in again.";

/** The person a session row names, as the request sees them, or null when the rule refuses it. */
function sessionOf(
  c: Context<AppEnv>,
  claims: { id: number; version: number; factorAt: number | null; passwordAt: number | null },
  rows: unknown[],
  muteRows: unknown[] | undefined,
): AuthUser | null {
  const row = rows[0] ? rowOf(sessionColumns, rows[0] as Record<string, unknown>) : null;
  if (muteRows)
    setViewerMutes(
      c.var.deps,
      claims.id,
      muteRows.map((raw) => rowOf(muteColumns, raw as Record<string, unknown>)),
    );
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

/** The user behind a user token, if the token is valid and not outdated by a password change. */
async function userFromToken(c: Context<AppEnv>, token: string): Promise<AuthUser | null> {
  const claims = await readAccessToken(c.env.JWT_SECRET, "user", token);
  if (!claims) return null;
  // The person and the phrases they mute, in one round trip: every list they read filters by them.
  const [read] = await c.var.deps.db.unmetered<[object]>(sessionReads(claims.id));
  const { rows, muteRows } = sessionRows(read);
  return sessionOf(c, claims, rows, muteRows);
}

/**
 * Reads, and the social writes of DEFERRED_WRITES, check the token in their first round trip
 * rather than one of their own (docs/decisions/156). Not a socket's upgrade, which the objects
 * take over before any round trip.
 */
const DEFERRED_WRITES = new Set([
  "POST /api/v1/private/user/follow",
  "DELETE /api/v1/private/user/follow",
  "POST /api/v1/private/user/block",
  "DELETE /api/v1/private/user/block",
  "PATCH /api/v1/private/user/micropost/vote",
  "POST /api/v1/private/user/micropost/comment",
  "PATCH /api/v1/private/user/micropost/comment",
  "DELETE /api/v1/private/user/micropost/comment",
  "POST /api/v1/private/user/micropost",
  "PATCH /api/v1/private/user/micropost",
  "DELETE /api/v1/private/user/micropost",
  "PATCH /api/v1/private/user/micropost/draft/publish",
  "PATCH /api/v1/private/user/micropost/bookmark",
  "POST /api/v1/private/user/community/join",
  "DELETE /api/v1/private/user/community/leave",
  "PUT /api/v1/private/user/reaction",
  "DELETE /api/v1/private/user/reaction",
  "POST /api/v1/private/user/chat/thread",
  "POST /api/v1/private/user/report",
  "POST /api/v1/private/user/community",
  "PATCH /api/v1/private/user/profile",
  "PATCH /api/v1/private/user/micropost/draft",
  "POST /api/v1/private/user/feedback",
  "POST /api/v1/private/user/feed",
  "PATCH /api/v1/private/user/feed",
  "DELETE /api/v1/private/user/feed",
]);
function defers(c: Context<AppEnv>): boolean {
  const method = c.req.method;
  if (method === "GET" || method === "HEAD") return !c.req.header("upgrade");
  return DEFERRED_WRITES.has(`${method} ${c.req.path}`);
}

/**
 * The person a valid-looking token names, checked in the request's first round trip: their id and
 * the token's claims now, the rest (`username`, `trust`) once that round trip is back. When the
 * check fails, the round trip that carried it throws `refused()` (a 401, or for a visitor's path
 * the same), and the guard in front of any write in it lands nothing.
 */
async function deferredUser(
  c: Context<AppEnv>,
  token: string,
  onRefused: () => void = () => {},
): Promise<AuthUser | null> {
  const claims = await readAccessToken(c.env.JWT_SECRET, "user", token);
  if (!claims) return null;
  let checked: AuthUser | null = null;
  const user: AuthUser = {
    id: claims.id,
    get username(): string {
      if (!checked) throw new Error("The session's person is read in the request's first round trip");
      return checked.username;
    },
    get trust() {
      return checked?.trust;
    },
    set trust(value) {
      if (checked) checked.trust = value;
    },
    version: claims.version,
    factorAt: claims.factorAt,
    passwordAt: claims.passwordAt,
  };
  const refused = () => {
    onRefused();
    return new DomainError(401, EXPIRED);
  };
  const reads = c.req.method === "GET" || c.req.method === "HEAD";
  const fold = reads ? sessionFold(claims.id) : sessionWriteFold(claims.id);
  const rider: Rider = {
    reads: sessionReads(claims.id, reads),
    guard: { sql: SESSION_GUARD_SQL, binds: [claims.id, claims.version] },
    settle([read]) {
      const { rows, muteRows } = sessionRows(read);
      checked = sessionOf(c, claims, rows, muteRows);
      if (!checked) throw refused();
    },
    refusal: (error) => (failedSessionGuard(error) ? refused() : null),
    // A read's check folds into the page's statement; in front of a write, into the guard's.
    ...(reads ? { fold } : {}),
    guardFold: fold,
  };
  c.var.deps.db.ride(rider);
  return user;
}

const APPEAL_PATH = "/api/v1/private/user/appeal";

/** Paths under /api/v1/private/user: a valid user token or 401. */
export const requireUser: MiddlewareHandler<AppEnv> = async (c, next) => {
  const token = bearer(c);
  if (!token) fail(401, "Not authenticated");
  const deferred = c.req.path !== APPEAL_PATH && defers(c);
  const user = deferred ? await deferredUser(c, token) : await userFromToken(c, token);
  if (!user) {
    // A suspended person's appeal token opens the appeal path, and only it.
    const appealer = c.req.path === APPEAL_PATH ? await readAppealToken(c.env.JWT_SECRET, token) : null;
    if (appealer) {
      c.set("appealer", appealer);
      await next();
      return;
    }
    fail(401, EXPIRED);
  }
  c.set("user", user);
  c.set("viewer", user);
  await next();
  // A request that made no round trip still answers only for a valid session.
  if (deferred) await c.var.deps.db.settleRider();
};

/** A public path that still needs a user token (`POST /api/v1/user/resume`), after `optionalUser`. */
export const requireViewer: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!c.get("viewer")) fail(401, "Not authenticated");
  await next();
};

/** The signed-in viewer of a path behind `requireViewer`. */
export function viewerOf(c: Context<AppEnv>): AuthUser {
  return c.get("viewer") ?? fail(401, "Not authenticated");
}

/**
 * Public paths: a valid token sets the viewer (for user_voted and the like); a bad one is ignored.
 * A token whose check, made in the first round trip, turns out revoked gets the answer a visitor
 * gets: `asVisitor` runs the request again without it (docs/decisions/156).
 */
export function optionalUser(
  asVisitor: (c: Context<AppEnv>, request: Request) => Promise<Response>,
): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const token = bearer(c);
    const deferred = token !== null && defers(c);
    let refused = false;
    const viewer = deferred
      ? await deferredUser(c, token, () => {
          refused = true;
        })
      : token
        ? await userFromToken(c, token)
        : null;
    c.set("viewer", viewer);
    await next();
    if (deferred && !refused) await c.var.deps.db.settleRider().catch(() => {});
    if (refused) {
      const headers = new Headers(c.req.raw.headers);
      headers.delete("authorization");
      c.res = await asVisitor(c, new Request(c.req.raw.url, { method: c.req.method, headers }));
    }
  };
}

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
  if (!claims) fail(401, EXPIRED);
  const enrolling = ADMIN_ENROLL_PATHS.has(c.req.path);
  // The staff member and whether their app is on, and the verdict on them: the rule of this path.
  const verdict = (row: { username: string; version: number; totp: number | null } | undefined) => {
    if (!row || row.version !== claims.version) fail(401, EXPIRED);
    if (row.totp === null) {
      if (!enrolling) fail(403, MFA_MSG.enrollRequired, { code: "mfa_setup_required" });
    } else if (claims.factorAt === null) fail(401, EXPIRED);
    return row;
  };
  const admin: AuthAdmin = {
    id: claims.id,
    username: "",
    version: claims.version,
    factorAt: claims.factorAt,
    passwordAt: claims.passwordAt,
  };
  if (defers(c)) {
    // A read: the check rides in the request's first round trip (docs/decisions/156), and the
    // guard in front of any write in it lands nothing for a token that fails it.
    let checked: string | null = null;
    Object.defineProperty(admin, "username", {
      get(): string {
        if (checked === null) throw new Error("The staff member is read in the request's first round trip");
        return checked;
      },
    });
    c.var.deps.db.ride({
      reads: [{ sql: ADMIN_SESSION_SQL, binds: [claims.id] }],
      guard: {
        sql: ADMIN_SESSION_GUARD_SQL,
        binds: [claims.id, claims.version, claims.factorAt === null ? 0 : 1, enrolling ? 1 : 0],
      },
      settle([rows = []]) {
        const raw = rows[0] as { username: string; version: number; totp: number | null } | undefined;
        checked = verdict(raw).username;
      },
      refusal: (error) => (failedSessionGuard(error) ? new DomainError(401, EXPIRED) : null),
    });
    c.set("admin", admin);
    await next();
    // A request that made no round trip still answers only for a valid session.
    await c.var.deps.db.settleRider();
    return;
  }
  const [rows = []] = await c.var.deps.db.unmetered<[object]>([
    { sql: ADMIN_SESSION_SQL, binds: [claims.id] },
  ]);
  admin.username = verdict(rows[0] as { username: string; version: number; totp: number | null }).username;
  c.set("admin", admin);
  await next();
};
