// The statements a page of Agora sends, as the Worker's own code builds them, recorded by a data
// handle that sends nothing (its token check folded in as the Worker folds it). Bun runs the Worker's
// TypeScript: bench/page-sql.mjs imports this, bench/content-floor.mjs runs it as
//
//   bun bench/recorded-statements.mjs <viewer id> <post public id>
//
// which prints the feed's NEW page 1 and that post's comment page, as a visitor and as the viewer:
// {"visitor": [...], "signed": [...], "comments-visitor": [...], "comments-signed": [...]}.

// Named at run time so the Node project's type check does not follow them into the Worker's sources.
const QUERIES = "#worker/features/posts/queries.ts";
const COMMENTS = "#worker/features/posts/queries/comments.ts";
const SESSIONS = "#worker/lib/session-queries.ts";
const FOLDS = "#worker/db/fold-queries.ts";
const { sitePostPage, NEWEST } = await import(QUERIES);
const { commentTree } = await import(COMMENTS);
const { sessionFold } = await import(SESSIONS);
const { foldedColumn } = await import(FOLDS);

/**
 * Runs `read` on a handle that records its one batch; answers the statements, nulls bound as null.
 * `session: false` leaves the signed-in viewer's token check out (the page's statement alone).
 */
async function recorded(viewerId, read, { session = true } = {}) {
  let sent = [];
  const db = {
    batch: async (statements) => {
      sent = statements;
      return statements.map(() => []);
    },
    foldRider: async (after) => {
      if (viewerId === null || !session) return null;
      const folded = sessionFold(viewerId)(after);
      return { column: foldedColumn(folded, "rider"), binds: folded.binds, settle: () => {}, fail: () => {} };
    },
  };
  await read(db);
  return sent.map((s) => ({ sql: s.sql, binds: (s.binds ?? []).map((b) => b ?? null) }));
}

/** The feed's NEW page after `values` (its keyset cursor; null for page 1), for `viewerId` or a visitor. */
export function feedPageStatements(viewerId, values = null) {
  return recorded(viewerId, (db) =>
    sitePostPage(db, viewerId, false, NEWEST, { skip: 0, limit: 10 }, values),
  );
}

/** The first comment page of the post `postPublicId`, for `viewerId` or a visitor (`options` as `recorded`'s). */
export function commentPageStatements(viewerId, postPublicId, options = {}) {
  return recorded(
    viewerId,
    (db) =>
      commentTree(db, {
        postPublicId,
        focusPublicId: null,
        limit: 10,
        skip: 0,
        values: null,
        moreDepth: 3,
        viewerId,
      }),
    options,
  );
}

if (import.meta.main) {
  const [viewerArg, thread] = process.argv.slice(2);
  const viewer = Number(viewerArg);
  console.log(
    JSON.stringify({
      visitor: await feedPageStatements(null),
      signed: await feedPageStatements(viewer),
      "comments-visitor": await commentPageStatements(null, thread),
      "comments-signed": await commentPageStatements(viewer, thread),
    }),
  );
}
