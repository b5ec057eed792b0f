import type { Database } from "#worker/db/database.ts";
import { blogPosts, communities, companies, jobs, services, users } from "#worker/db/schema/index.ts";
import { columnsOf, rowOf, type Statement } from "#worker/db/sql.ts";
import type { CommunityRow } from "#worker/lib/community-json.ts";
import { publicJobSql } from "#worker/lib/job-visibility-queries.ts";
import { ownerWithId } from "#worker/lib/owners.ts";
import { visiblePostSql } from "#worker/lib/post-visibility-queries.ts";

// Every read of the open web (features/open-web): the pages' heads and first screens, the
// sitemaps and the feeds. Each page is one D1 round trip (one batch); each sitemap and feed one
// index range. Which posts the open web shows is the one visibility rule (`SHOWN_POST` below): a draft,
// and a post staff or a moderator removed (a draft with `removed_at`), is not shown.

/** A post the open web shows, for `FROM microposts m`: the one rule (lib/post-visibility-queries.ts). */
const SHOWN_POST = visiblePostSql("m");
/** A person whose pages may be shown: active, not deleted. */
const SHOWN_PERSON = (alias: string) => `${alias}.status = 'ACTIVE' AND ${alias}.deleted_at IS NULL`;

/** How many URLs a sitemap holds at most (sitemaps.org). */
export const SITEMAP_MAX = 50_000;
/** Entries in an Atom feed. */
const FEED_ENTRIES = 30;

const COMMUNITY_COLUMNS = columnsOf(communities, "c");

/** Why a post's page has nothing to show: it is not there, or staff or a moderator removed it. */
export type PostState = "shown" | "missing" | "removed";

/**
 * What a post is when its page may have nothing to show, with its author's search-engine setting:
 * read beside the post itself (`deps.posts.forVisitor`), in its round trip.
 */
export function postStateStatement(publicId: string): Statement {
  return {
    sql: `SELECT m.is_draft, m.removed_at, u.search_engine_indexing AS indexing
      FROM microposts m JOIN users u ON u.id = m.owner_id WHERE m.public_id = ?1`,
    binds: [publicId],
  };
}

/** The post's state from `postStateStatement`'s rows, given whether the post itself was read. */
export function postStateOf(shown: boolean, rows: object[]): { state: PostState; indexable: boolean } {
  const row = rows[0] as { is_draft: number; removed_at: number | null; indexing: number } | undefined;
  const state: PostState = shown && row?.is_draft === 0 ? "shown" : row?.removed_at ? "removed" : "missing";
  return { state, indexable: row?.indexing === 1 };
}

/** A community by name, read beside its first page of posts (`deps.posts.forVisitor`). */
export function communityStatement(name: string): Statement {
  return {
    sql: `SELECT ${COMMUNITY_COLUMNS} FROM communities c WHERE lower(c.name) = lower(?1)`,
    binds: [name],
  };
}

/** The community from `communityStatement`'s rows, or null. */
export function communityOf(rows: object[]): CommunityRow | null {
  return rows[0] ? rowOf(communities, rows[0]) : null;
}

export type PersonRow = typeof users.$inferSelect;

/** An active person by username, as the profile API reads them; one statement. */
export async function readPerson(db: Database, username: string): Promise<PersonRow | null> {
  const raw = await db.first({
    sql: `SELECT ${columnsOf(users, "u")} FROM users u WHERE u.username = ?1 AND ${SHOWN_PERSON("u")}`,
    binds: [username],
  });
  return raw ? rowOf(users, raw) : null;
}

/** A public job by its owner and slug, with its company; one statement. */
export async function readJob(db: Database, username: string, slug: string, now: number) {
  const raw = await db.first({
    sql: `SELECT ${columnsOf(jobs, "j")}, ${columnsOf(companies, "k", "k_")}
      FROM jobs j JOIN users u ON u.id = j.owner_id JOIN companies k ON k.id = j.company_id
      WHERE u.username = ?1 AND j.slug = ?2 AND ${SHOWN_PERSON("u")} AND ${publicJobSql("j", now)}`,
    binds: [username, slug],
  });
  return raw ? { job: rowOf(jobs, raw), company: rowOf(companies, raw, "k_") } : null;
}

/** An active service by its owner and slug, with its owner; one statement. */
export async function readService(db: Database, username: string, slug: string) {
  const raw = await db.first({
    sql: `SELECT ${columnsOf(services, "s")}, ${columnsOf(ownerWithId, "u", "o_")}
      FROM services s JOIN users u ON u.id = s.owner_id
      WHERE u.username = ?1 AND s.slug = ?2 AND s.is_active = 1 AND ${SHOWN_PERSON("u")}`,
    binds: [username, slug],
  });
  return raw ? { service: rowOf(services, raw), owner: rowOf(ownerWithId, raw, "o_") } : null;
}

/** A published blog post by its slug; one statement. */
export async function readBlogPost(db: Database, slug: string, now: number) {
  const raw = await db.first({
    sql: `SELECT ${columnsOf(blogPosts, "b")} FROM blog_posts b
      WHERE b.slug = ?1 AND b.published_at IS NOT NULL AND b.published_at <= ?2`,
    binds: [slug, now],
  });
  return raw ? rowOf(blogPosts, raw) : null;
}

// ---------------------------------------------------------------------------------------------
// Sitemaps: each one index range, at most SITEMAP_MAX rows.

/** A sitemap's rows: the page's path parts and when it last changed (ms). */
export interface SitemapRow {
  a: string;
  b: string | null;
  c: string | null;
  lastmod: number;
}

/** The kinds of sitemap: each one is cut into ranges of SITEMAP_MAX ids of its table. */
export const SITEMAP_KINDS = ["communities", "posts", "people", "jobs", "services", "blog"] as const;
export type SitemapKind = (typeof SITEMAP_KINDS)[number];

/** The highest id of each kind's table, in one round trip: how many sitemaps of each there are. */
export async function lastIds(db: Database): Promise<Record<SitemapKind, number>> {
  const row = await db.first<Record<SitemapKind, number | null>>({
    sql: `SELECT (SELECT max(id) FROM communities) AS communities, (SELECT max(id) FROM microposts) AS posts,
        (SELECT max(id) FROM users) AS people, (SELECT max(id) FROM jobs) AS jobs,
        (SELECT max(id) FROM services) AS services, (SELECT max(id) FROM blog_posts) AS blog`,
  });
  return {
    communities: row?.communities ?? 0,
    posts: row?.posts ?? 0,
    people: row?.people ?? 0,
    jobs: row?.jobs ?? 0,
    services: row?.services ?? 0,
    blog: row?.blog ?? 0,
  };
}

/**
 * One sitemap: the rows of `kind` with ids in (`from`, `to`], newest first, each shown to the
 * open web (the same rules as their pages: the visibility rule for posts, people who let search
 * engines list them, public jobs, active services, published blog posts). One range of the primary
 * key, so a sitemap costs the same on a small site and a large one.
 */
export function sitemapRows(db: Database, kind: SitemapKind, from: number, to: number, now: number) {
  const sql: Record<SitemapKind, string> = {
    posts: `SELECT c.name AS a, m.public_id AS b, m.slug AS c,
        coalesce(m.edited_at, m.published_at, m.created_at) AS lastmod
      FROM microposts m JOIN users u ON u.id = m.owner_id JOIN communities c ON c.id = m.community_id
      WHERE m.id > ?1 AND m.id <= ?2 AND ${SHOWN_POST} AND u.search_engine_indexing = 1
      ORDER BY m.id DESC`,
    communities: `SELECT c.name AS a, NULL AS b, NULL AS c, c.created_at AS lastmod FROM communities c
      WHERE c.id > ?1 AND c.id <= ?2 ORDER BY c.id DESC`,
    people: `SELECT u.username AS a, NULL AS b, NULL AS c, u.created_at AS lastmod FROM users u
      WHERE u.id > ?1 AND u.id <= ?2 AND ${SHOWN_PERSON("u")} AND u.search_engine_indexing = 1
      ORDER BY u.id DESC`,
    jobs: `SELECT u.username AS a, j.slug AS b, NULL AS c, j.updated_at AS lastmod
      FROM jobs j JOIN users u ON u.id = j.owner_id
      WHERE j.id > ?1 AND j.id <= ?2 AND ${publicJobSql("j", now)}
      ORDER BY j.id DESC`,
    services: `SELECT u.username AS a, s.slug AS b, NULL AS c, s.updated_at AS lastmod
      FROM services s JOIN users u ON u.id = s.owner_id
      WHERE s.id > ?1 AND s.id <= ?2 AND s.is_active = 1
      ORDER BY s.id DESC`,
    blog: `SELECT b.slug AS a, NULL AS b, NULL AS c, b.updated_at AS lastmod FROM blog_posts b
      WHERE b.id > ?1 AND b.id <= ?2 AND b.published_at IS NOT NULL AND b.published_at <= ?3
      ORDER BY b.id DESC`,
  };
  return db.all<SitemapRow>({
    sql: sql[kind],
    binds: kind === "blog" ? [from, to, now] : [from, to],
    isList: true,
  });
}

// ---------------------------------------------------------------------------------------------
// Atom feeds: the newest FEED_ENTRIES of one index range, with what the feed's head names.

/** One entry of a feed. */
export interface FeedRow {
  /** The entry's page, as a path. */
  path: string;
  title: string;
  /** HTML (our own sanitised markup) or plain text, as `html` says. */
  content: string;
  author: string | null;
  published: number;
  updated: number;
}

const POST_ENTRY = `'/c/' || c.name || '/p/' || m.public_id || '/' || m.slug AS path, m.title,
  m.body AS content, u.username AS author, coalesce(m.published_at, m.created_at) AS published,
  coalesce(m.edited_at, m.published_at, m.created_at) AS updated`;

/** A community (by name, any case) and its newest shown posts; one round trip. */
export async function communityFeed(db: Database, name: string) {
  const [found, entries] = await db.batch<[{ name: string; description: string | null }, FeedRow]>([
    {
      sql: "SELECT c.name, coalesce(c.description, '') AS description FROM communities c WHERE lower(c.name) = lower(?1)",
      binds: [name],
    },
    feedStatement(`m.community_id = (SELECT id FROM communities WHERE lower(name) = lower(?1))`, [name]),
  ]);
  return { found: found[0] ?? null, entries };
}

/** A person (by username) and their newest shown posts; one round trip. */
export async function personFeed(db: Database, username: string) {
  const [found, entries] = await db.batch<[{ username: string; name: string | null }, FeedRow]>([
    {
      sql: `SELECT u.username, u.profile_name AS name FROM users u WHERE u.username = ?1 AND ${SHOWN_PERSON("u")}`,
      binds: [username],
    },
    feedStatement(`m.owner_id = (SELECT id FROM users x WHERE x.username = ?1 AND ${SHOWN_PERSON("x")})`, [
      username,
    ]),
  ]);
  return { found: found[0] ?? null, entries };
}

/** The newest shown posts where `where` holds, through its index (community or owner, published, id). */
function feedStatement(where: string, binds: unknown[]): Statement {
  return {
    sql: `SELECT ${POST_ENTRY} FROM microposts m JOIN users u ON u.id = m.owner_id
      JOIN communities c ON c.id = m.community_id
      WHERE ${where} AND ${SHOWN_POST} ORDER BY m.published_at DESC, m.id DESC LIMIT ${FEED_ENTRIES}`,
    binds,
    isList: true,
  };
}

/** The newest public jobs. */
export function jobsFeed(db: Database, now: number): Promise<FeedRow[]> {
  return db.all<FeedRow>({
    sql: `SELECT '/job/' || u.username || '/' || j.slug AS path, j.title || ' · ' || k.name AS title,
        j.description AS content, u.username AS author, j.created_at AS published, j.updated_at AS updated
      FROM jobs j JOIN users u ON u.id = j.owner_id JOIN companies k ON k.id = j.company_id
      WHERE ${publicJobSql("j", now)} ORDER BY j.id DESC LIMIT ${FEED_ENTRIES}`,
    isList: true,
  });
}

/** The newest published blog posts. */
export function blogFeed(db: Database, now: number): Promise<FeedRow[]> {
  return db.all<FeedRow>({
    sql: `SELECT '/blog/' || b.slug AS path, b.title, b.body AS content, NULL AS author,
        b.published_at AS published, b.updated_at AS updated
      FROM blog_posts b WHERE b.published_at IS NOT NULL AND b.published_at <= ?1
      ORDER BY b.published_at DESC LIMIT ${FEED_ENTRIES}`,
    binds: [now],
    isList: true,
  });
}
