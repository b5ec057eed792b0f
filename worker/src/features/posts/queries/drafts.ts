import type { PostType } from "#shared/enums.ts";
import type { Database } from "#worker/db/database.ts";
import { communities } from "#worker/db/schema/index.ts";
import { columnsOf, rowOf, type Statement } from "#worker/db/sql.ts";
import { type CommunityRow, listedCommunityColumns, membershipColumns } from "#worker/lib/community-json.ts";
import { communityMap, membershipMap } from "#worker/lib/community-queries.ts";
import type { DraftLookups } from "#worker/lib/post-json.ts";
import { fileMap, filesOfStatement } from "./lookups";
import { communityByName, type Mentioned, mentionedMap, usersByNamesStatement } from "./new-posts";
import { POST_COLUMNS, type PostRow, toPosts } from "./rows";

export type { DraftLookups };

// Drafts: a person's list of them, its lookups, saving one and publishing it.

const DRAFTS_OF = "m.owner_id = ?1 AND m.is_draft = 1 AND m.removed_at IS NULL";

/**
 * Posts `rows` selects (`SELECT POST_COLUMNS FROM microposts m ...`) with what a draft shows beside
 * them (communities, `userId`'s memberships, files), and `extra` after: one round trip, the
 * request's token check riding in it (docs/decisions/156). The lookups select their ids from `rows`.
 */
async function draftsWithLookups(
  db: Database,
  userId: number,
  rows: Statement,
  extra: Statement[] = [],
): Promise<{ rows: PostRow[]; lookups: DraftLookups; extra: object[][] }> {
  const [found, communityRows, membershipRows, fileRows, ...rest] = await db.batch<object[]>([
    ...draftLookupStatements(userId, rows),
    ...extra,
  ]);
  return { ...draftsOf([found!, communityRows!, membershipRows!, fileRows!]), extra: rest };
}

/** The statements of `draftsWithLookups`: the rows, their communities, `userId`'s memberships, files. */
function draftLookupStatements(userId: number, rows: Statement): Statement[] {
  const binds = rows.binds ?? [];
  const of = (column: string, where = "") => `SELECT "${column}" FROM (${rows.sql})${where}`;
  return [
    { ...rows, isList: true },
    {
      sql: `SELECT ${columnsOf(listedCommunityColumns, "c")} FROM communities c WHERE c.id IN (${of("communityId")})`,
      binds,
    },
    {
      sql: `SELECT ${columnsOf(membershipColumns, "cm")} FROM community_members cm
        WHERE cm.user_id = ${Math.trunc(userId)} AND cm.community_id IN (${of("communityId")})`,
      binds,
    },
    filesOfStatement(of("id", ` WHERE "postType" = 'MEDIA'`), binds),
  ];
}

/** What `draftLookupStatements` answered, in their order. */
function draftsOf([found, communityRows, membershipRows, fileRows]: object[][]): {
  rows: PostRow[];
  lookups: DraftLookups;
} {
  return {
    rows: toPosts(found ?? []),
    lookups: {
      communities: communityMap(communityRows ?? []),
      memberships: membershipMap(membershipRows ?? []),
      files: fileMap(fileRows ?? []),
    },
  };
}

/** A page of someone's drafts, newest first, with their lookups, and how many they have. */
export async function draftPage(
  db: Database,
  userId: number,
  q: { skip: number; limit: number },
): Promise<{ rows: PostRow[]; lookups: DraftLookups; total: number }> {
  const { rows, lookups, extra } = await draftsWithLookups(
    db,
    userId,
    {
      sql: `SELECT ${POST_COLUMNS} FROM microposts m WHERE ${DRAFTS_OF} ORDER BY m.id DESC LIMIT ?2 OFFSET ?3`,
      binds: [userId, q.limit, q.skip],
    },
    [{ sql: `SELECT count(*) AS n FROM microposts m WHERE ${DRAFTS_OF}`, binds: [userId] }],
  );
  return { rows, lookups, total: (extra[0]?.[0] as { n: number } | undefined)?.n ?? 0 };
}

/** A post or a draft by its public id, whoever owns it, with what a draft of `userId` shows beside it. */
export async function anyPostWithDraftLookups(
  db: Database,
  userId: number,
  postPublicId: string,
): Promise<{ row: PostRow | null; lookups: DraftLookups }> {
  const { rows, lookups } = await draftsWithLookups(db, userId, anyPostByPublicId(postPublicId));
  return { row: rows[0] ?? null, lookups };
}

const anyPostByPublicId = (postPublicId: string): Statement => ({
  sql: `SELECT ${POST_COLUMNS} FROM microposts m WHERE m.public_id = ?1`,
  binds: [postPublicId],
});

/**
 * `anyPostWithDraftLookups` as statements for the batch of the write that changed the draft (a save),
 * and how to read their results.
 */
export function shownDraftStatements(
  db: Database,
  userId: number,
  postPublicId: string,
): {
  statements: D1PreparedStatement[];
  read: (results: D1Result[]) => { row: PostRow | null; lookups: DraftLookups };
} {
  return {
    statements: draftLookupStatements(userId, anyPostByPublicId(postPublicId)).map((s) => db.prepare(s)),
    read: (results) => {
      const { rows, lookups } = draftsOf(results.map((r) => r.results.filter(isRow)));
      return { row: rows[0] ?? null, lookups };
    },
  };
}

const isRow = (value: unknown): value is object => typeof value === "object" && value !== null;

/**
 * What saving a draft reads first, in one batch (the token check rides in it): the draft, the
 * community it is to be in, the links of the files it holds, and the people its body names with @.
 */
export async function draftToSave(
  db: Database,
  input: { postPublicId: string; communityName: string; mentions: string[] },
): Promise<{
  row: PostRow | null;
  community: CommunityRow | null;
  fileLinks: string[];
  mentioned: Mentioned;
}> {
  const named = usersByNamesStatement(input.mentions);
  const [found, [community], files, people = []] = await db.batch<
    [object, object, { file: string }, { id: number; username: string }]
  >([
    anyPostByPublicId(input.postPublicId),
    communityByName(input.communityName),
    {
      sql: `SELECT f.file FROM micropost_files f JOIN microposts m ON m.id = f.micropost_id
        WHERE m.public_id = ?1`,
      binds: [input.postPublicId],
    },
    ...(named ? [named] : []),
  ]);
  return {
    row: toPosts(found)[0] ?? null,
    community: community ? rowOf(communities, community) : null,
    fileLinks: files.map((f) => f.file),
    mentioned: mentionedMap(people),
  };
}

export async function countDrafts(db: Database, userId: number): Promise<number> {
  const row = await db.first<{ n: number }>({
    sql: "SELECT count(*) AS n FROM microposts WHERE owner_id = ?1 AND is_draft = 1 AND removed_at IS NULL",
    binds: [userId],
  });
  return row?.n ?? 0;
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
