import { createDeps } from "#worker/deps.ts";
import type { Bindings } from "#worker/env.ts";

// Demo notifications, so a newcomer's first `bun run dev` shows a lived-in /notifications: what
// the seeded follows, comments and replies would have told each person. The newest three of each
// person stay unread. Written in three statements from the seeded rows themselves.

const POST_LINK = "'/c/' || co.name || '/p/' || m.public_id || '/' || m.slug";
const EXCERPT = (column: string) =>
  `substr(trim(replace(replace(${column}, '<p>', ''), '</p>', ' ')), 1, 160)`;

export async function seedNotifications(env: Bindings): Promise<void> {
  const { db } = createDeps(env);
  const statement = (sql: string) => db.prepare({ sql });
  await db.write([
    statement(
      `INSERT INTO notifications (user_id, kind, actor_id, link, text, is_read, created_at)
       SELECT f.followee_id, 'FOLLOWER', f.follower_id, '/user/' || u.username, NULL, 1, f.created_at
       FROM follows f JOIN users u ON u.id = f.follower_id`,
    ),
    statement(
      `INSERT INTO notifications (user_id, kind, actor_id, link, text, is_read, created_at)
       SELECT m.owner_id, 'COMMENT', c.owner_id, ${POST_LINK} || '?comment=' || c.public_id, ${EXCERPT("c.body")}, 1, c.created_at
       FROM comments c JOIN microposts m ON m.id = c.micropost_id JOIN communities co ON co.id = m.community_id
       WHERE c.depth = 0 AND c.owner_id != m.owner_id AND c.is_deleted = 0`,
    ),
    statement(
      `INSERT INTO notifications (user_id, kind, actor_id, link, text, is_read, created_at)
       SELECT p.owner_id, 'REPLY', c.owner_id, ${POST_LINK} || '?comment=' || c.public_id, ${EXCERPT("c.body")}, 1, c.created_at
       FROM comments c JOIN comments p ON p.id = c.parent_id
         JOIN microposts m ON m.id = c.micropost_id JOIN communities co ON co.id = m.community_id
       WHERE c.owner_id != p.owner_id AND c.is_deleted = 0`,
    ),
    statement(
      `UPDATE notifications SET is_read = 0 WHERE id IN (
         SELECT n.id FROM notifications n
         WHERE (SELECT count(*) FROM notifications x WHERE x.user_id = n.user_id
                AND (x.created_at > n.created_at OR (x.created_at = n.created_at AND x.id > n.id))) < 3)`,
    ),
  ]);
}
