-- Brings drizzle-kit's snapshot (meta/0001_snapshot.json) in step with the schema after the
-- hand-written migrations 0010-0031 of the parallel feature work (docs/decisions/007).
-- Everything drizzle-kit found is already applied by 0010_pending_password.sql and
-- 0020_posts_feed.sql, so this migration changes nothing; the next `bun run db:generate`
-- diffs against the current schema again.
SELECT 1;
