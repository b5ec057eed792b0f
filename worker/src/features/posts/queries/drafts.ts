import type { PostType } from "#shared/enums.ts";
import type { Database } from "#worker/db/database.ts";
import {
  communitiesStatement,
  communityMap,
  membershipMap,
  membershipsStatement,
} from "#worker/lib/community-queries.ts";
import type { DraftLookups } from "#worker/lib/post-json.ts";
import { fileMap, filesStatement } from "./lookups";
import { POST_COLUMNS, type PostRow, toPosts } from "./rows";

export type { DraftLookups };

// Drafts: a person's list of them, its lookups, saving one and publishing it.

/** A page of someone's drafts, newest first, and how many they have. */
export async function draftPage(
  db: Database,
  userId: number,
  q: { skip: number; limit: number },
): Promise<{ rows: PostRow[]; total: number }> {
  const [rows, count] = await db.batch<[object, { n: number }]>([
    {
      sql: `SELECT ${POST_COLUMNS} FROM microposts m WHERE m.owner_id = ?1 AND m.is_draft = 1 AND m.removed_at IS NULL
        ORDER BY m.id DESC LIMIT ?2 OFFSET ?3`,
      binds: [userId, q.limit, q.skip],
      isList: true,
    },
    {
      sql: "SELECT count(*) AS n FROM microposts WHERE owner_id = ?1 AND is_draft = 1 AND removed_at IS NULL",
      binds: [userId],
    },
  ]);
  return { rows: toPosts(rows), total: count[0]?.n ?? 0 };
}

export async function countDrafts(db: Database, userId: number): Promise<number> {
  const row = await db.first<{ n: number }>({
    sql: "SELECT count(*) AS n FROM microposts WHERE owner_id = ?1 AND is_draft = 1 AND removed_at IS NULL",
    binds: [userId],
  });
  return row?.n ?? 0;
}

export async function draftLookups(db: Database, userId: number, rows: PostRow[]): Promise<DraftLookups> {
  const communityIds = rows.map((r) => r.communityId);
  const media = rows.filter((r) => r.postType === "MEDIA").map((r) => r.id);
  const [communityRows, membershipRows, fileRows] = await db.batch<[object, object, object]>([
    communitiesStatement(communityIds),
    membershipsStatement(userId, communityIds),
    filesStatement(media),
  ]);
  return {
    communities: communityMap(communityRows),
    memberships: membershipMap(membershipRows),
    files: fileMap(fileRows),
  };
}

/** A draft's fields replaced; its files dropped (`dropFiles`) and a new one added (`media`). */
export function updateDraftStatements(
  db: Database,
  postId: number,
  fields: { title: string; body: string; slug: string; postType: PostType; communityId: number },
  files: {
    dropFiles: boolean;
    media: { url: string; kind: string; alt: string | null } | null;
    /** A new description for the file the draft keeps, when one was sent. */
    alt?: string | null;
  },
): D1PreparedStatement[] {
  return [
    db.prepare({
      sql: `UPDATE microposts SET title = ?1, body = ?2, slug = ?3, post_type = ?4, community_id = ?5, updated_at = ?6
         WHERE id = ?7 AND is_draft = 1 AND removed_at IS NULL`,
      binds: [
        fields.title,
        fields.body,
        fields.slug,
        fields.postType,
        fields.communityId,
        Date.now(),
        postId,
      ],
    }),
    ...(files.dropFiles
      ? [db.prepare({ sql: "DELETE FROM micropost_files WHERE micropost_id = ?1", binds: [postId] })]
      : []),
    ...(files.media
      ? [
          db.prepare({
            sql: "INSERT INTO micropost_files (micropost_id, file, file_type, alt) VALUES (?1, ?2, ?3, ?4)",
            binds: [postId, files.media.url, files.media.kind, files.media.alt],
          }),
        ]
      : []),
    ...(!files.media && !files.dropFiles && files.alt !== undefined
      ? [
          db.prepare({
            sql: "UPDATE micropost_files SET alt = ?2 WHERE micropost_id = ?1",
            binds: [postId, files.alt],
          }),
        ]
      : []),
  ];
}

/** A draft becomes a post, and the counters move, only if it is still a draft inside the batch. */
export function publishDraftStatements(
  db: Database,
  draft: { postId: number; communityId: number; userId: number; now: number; verified: boolean },
): D1PreparedStatement[] {
  const stillDraft =
    "EXISTS (SELECT 1 FROM microposts WHERE id = ?2 AND is_draft = 1 AND removed_at IS NULL)";
  return [
    db.prepare({
      sql: `UPDATE communities SET total_microposts = total_microposts + 1 WHERE id = ?1 AND ${stillDraft}`,
      binds: [draft.communityId, draft.postId],
    }),
    db.prepare({
      sql: `UPDATE users SET total_microposts = total_microposts + 1 WHERE id = ?1 AND ${stillDraft}`,
      binds: [draft.userId, draft.postId],
    }),
    db.prepare({
      sql: `UPDATE microposts SET is_draft = 0, published_at = ?1, updated_at = ?1, is_owner_verified = ?3
         WHERE id = ?2 AND is_draft = 1 AND removed_at IS NULL`,
      binds: [draft.now, draft.postId, draft.verified ? 1 : 0],
    }),
  ];
}
