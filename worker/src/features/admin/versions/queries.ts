import type { Database } from "#worker/db/database.ts";
import { micropostVersions } from "#worker/db/schema/index.ts";
import { columnsOf, rowOf } from "#worker/db/sql.ts";
import type { VersionRow } from "#worker/lib/post-json.ts";

// The SQL of staff's redaction of a stored version (the versions are the posts feature's, kept by
// its edits: features/posts/queries/posts.ts).

const VERSION_COLUMNS = columnsOf(micropostVersions, "v");

/** A stored version with the public id of its post or comment, for staff. */
export async function findVersion(
  db: Database,
  id: number,
): Promise<(VersionRow & { targetPublicId: string | null }) | null> {
  const raw = await db.first<{ target_public_id: string | null }>({
    sql: `SELECT ${VERSION_COLUMNS}, coalesce(
        (SELECT public_id FROM microposts WHERE id = v.micropost_id),
        (SELECT public_id FROM comments WHERE id = v.comment_id)) AS target_public_id
      FROM micropost_versions v WHERE v.id = ?1`,
    binds: [id],
  });
  return raw ? { ...rowOf(micropostVersions, raw), targetPublicId: raw.target_public_id } : null;
}

/** Wipes a stored version's text, once: a second redaction changes no row. */
export function redactVersionStatement(db: Database, id: number, now: number): D1PreparedStatement {
  return db.prepare({
    sql: "UPDATE micropost_versions SET title = NULL, body = '', redacted_at = ?2 WHERE id = ?1 AND redacted_at IS NULL",
    binds: [id, now],
  });
}
