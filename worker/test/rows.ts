import { publicId, slugify } from "#worker/lib/ids.ts";
import { env } from "./api";

// Rows written straight into D1, for tests that need data another feature's API would make
// (people and search tests need posts without the posting API), many rows at once (feeds at
// depth), or a state no request makes in one step (a block in the middle of a chat).

let seq = 0;

export async function insertCommunity(
  name: string,
  fields: { displayName?: string; description?: string } = {},
) {
  const row = await env.DB.prepare(
    "INSERT INTO communities (name, display_name, description, created_at) VALUES (?1, ?2, ?3, ?4) RETURNING id",
  )
    .bind(name, fields.displayName ?? null, fields.description ?? null, Date.now())
    .first<{ id: number }>();
  return { id: row!.id, name };
}

export async function insertPost(
  ownerId: number,
  communityId: number,
  title: string,
  body = "<p>text</p>",
  fields: { draft?: boolean; votes?: number; publishedAt?: number } = {},
) {
  seq += 1;
  const at = fields.publishedAt ?? Date.now() + seq;
  const pid = publicId();
  const row = await env.DB.prepare(
    `INSERT INTO microposts (public_id, owner_id, community_id, title, body, slug, is_draft, total_votes, published_at, created_at, updated_at)
     VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?10) RETURNING id`,
  )
    .bind(
      pid,
      ownerId,
      communityId,
      title,
      body,
      slugify(title),
      fields.draft ? 1 : 0,
      fields.votes ?? 0,
      fields.draft ? null : at,
      at,
    )
    .first<{ id: number }>();
  return { id: row!.id, publicId: pid };
}

export async function insertComment(ownerId: number, micropostId: number, body: string) {
  seq += 1;
  const pid = publicId();
  const row = await env.DB.prepare(
    `INSERT INTO comments (public_id, micropost_id, owner_id, body, depth, created_at, updated_at)
     VALUES (?1, ?2, ?3, ?4, 0, ?5, ?5) RETURNING id`,
  )
    .bind(pid, micropostId, ownerId, body, Date.now() + seq)
    .first<{ id: number }>();
  await env.DB.prepare("UPDATE comments SET root_id = id WHERE id = ?1").bind(row!.id).run();
  return { id: row!.id, publicId: pid };
}

/**
 * Many published posts straight into D1 (a few statements, not one request each): for tests about
 * ordering and cost at depth. Returns their ids, oldest first.
 */
export async function insertPosts(
  ownerId: number,
  communityName: string,
  count: number,
  options: { startAt?: number; verified?: boolean; votes?: (i: number) => number } = {},
): Promise<number[]> {
  const community = await env.DB.prepare("SELECT id FROM communities WHERE name = ?1")
    .bind(communityName)
    .first<{ id: number }>();
  const start = options.startAt ?? Date.now() - count * 1000;
  const statements: D1PreparedStatement[] = [];
  for (let i = 0; i < count; i++) {
    statements.push(
      env.DB.prepare(
        `INSERT INTO microposts (public_id, owner_id, community_id, title, body, slug, is_owner_verified,
           total_votes, published_at, created_at, updated_at)
         VALUES (?1, ?2, ?3, ?4, '<p>bulk</p>', 'bulk', ?5, ?6, ?7, ?7, ?7)`,
      ).bind(
        `bulk${ownerId}x${start}x${i}`,
        ownerId,
        community!.id,
        `Bulk ${i}`,
        options.verified ? 1 : 0,
        options.votes?.(i) ?? 0,
        start + i * 1000,
      ),
    );
  }
  for (let i = 0; i < statements.length; i += 200) await env.DB.batch(statements.slice(i, i + 200));
  await env.DB.batch([
    env.DB.prepare("UPDATE communities SET total_microposts = total_microposts + ?1 WHERE id = ?2").bind(
      count,
      community!.id,
    ),
    env.DB.prepare("UPDATE users SET total_microposts = total_microposts + ?1 WHERE id = ?2").bind(
      count,
      ownerId,
    ),
  ]);
  const rows = await env.DB.prepare("SELECT id FROM microposts WHERE public_id LIKE ?1 ORDER BY published_at")
    .bind(`bulk${ownerId}x${start}x%`)
    .all<{ id: number }>();
  return rows.results.map((r) => r.id);
}

/** A block row alone (the API's block also ends the follows between the two). */
export async function block(blocker: { id: number }, blocked: { id: number }): Promise<void> {
  await env.DB.prepare("INSERT INTO blocks (blocker_id, blocked_id, created_at) VALUES (?1, ?2, ?3)")
    .bind(blocker.id, blocked.id, Date.now())
    .run();
}

/** The allowance of a rate limit's `key` already spent in the current window. */
export async function spent(key: string, count: number): Promise<void> {
  await env.DB.prepare(
    "INSERT INTO rate_limits (key, count, window_start) VALUES (?1, ?2, ?3) ON CONFLICT(key) DO UPDATE SET count = ?2, window_start = ?3",
  )
    .bind(key, count, Date.now())
    .run();
}

/** How many hits a rate limit's `key` has counted in its window; null when it has none. */
export async function counted(key: string): Promise<number | null> {
  const row = await env.DB.prepare("SELECT count FROM rate_limits WHERE key = ?1")
    .bind(key)
    .first<{ count: number }>();
  return row?.count ?? null;
}
