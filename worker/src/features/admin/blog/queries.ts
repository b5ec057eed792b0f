import { sql } from "drizzle-orm";
import type { Database } from "#worker/db/database.ts";
import { blogPosts } from "#worker/db/schema/index.ts";
import { type RowOf, rowOf, selectOf, statement } from "#worker/db/sql.ts";

// The SQL of blog posts as staff write them.

const listColumns = {
  id: blogPosts.id,
  title: blogPosts.title,
  slug: blogPosts.slug,
  cover: blogPosts.cover,
  category: blogPosts.category,
  summary: blogPosts.summary,
  publishedAt: blogPosts.publishedAt,
  createdAt: blogPosts.createdAt,
  updatedAt: blogPosts.updatedAt,
};

/** A page of every post, published or not, newest first (without bodies), and their total. */
export async function blogPage(
  db: Database,
  page: { skip: number; limit: number },
): Promise<{ rows: RowOf<typeof listColumns>[]; total: number }> {
  const [rows, total] = await db.batch<[object, { n: number }]>([
    statement(
      sql`SELECT ${selectOf(listColumns)} FROM ${blogPosts}
        ORDER BY ${blogPosts.createdAt} DESC, ${blogPosts.id} DESC LIMIT ${page.limit} OFFSET ${page.skip}`,
      { isList: true },
    ),
    statement(sql`SELECT count(*) AS n FROM ${blogPosts}`),
  ]);
  return { rows: rows.map((raw) => rowOf(listColumns, raw)), total: total[0]?.n ?? 0 };
}

export interface BlogWrite {
  title: string;
  slug: string;
  cover: string | null;
  category: string;
  summary: string;
  body: string;
}

export function insertBlogStatement(
  db: Database,
  input: BlogWrite & { authorId: number; now: number },
): D1PreparedStatement {
  return db.prepare({
    sql: `INSERT INTO blog_posts (title, slug, cover, category, summary, body, author_id, created_at, updated_at)
          VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?8)`,
    binds: [
      input.title,
      input.slug,
      input.cover,
      input.category,
      input.summary,
      input.body,
      input.authorId,
      input.now,
    ],
  });
}

export function updateBlogStatement(
  db: Database,
  input: BlogWrite & { id: number; now: number },
): D1PreparedStatement {
  return db.prepare({
    sql: `UPDATE blog_posts SET title = ?1, slug = ?2, cover = ?3, category = ?4, summary = ?5, body = ?6,
            updated_at = ?7 WHERE id = ?8`,
    binds: [
      input.title,
      input.slug,
      input.cover,
      input.category,
      input.summary,
      input.body,
      input.now,
      input.id,
    ],
  });
}

/** Published keeps its first date; unpublished clears it. */
export function publishBlogStatement(
  db: Database,
  id: number,
  published: boolean,
  now: number,
): D1PreparedStatement {
  return db.prepare({
    sql: `UPDATE blog_posts SET published_at = CASE WHEN ?1 THEN coalesce(published_at, ?2) ELSE NULL END,
            updated_at = ?2 WHERE id = ?3`,
    binds: [published ? 1 : 0, now, id],
  });
}

export function deleteBlogStatement(db: Database, id: number): D1PreparedStatement {
  return db.prepare({ sql: "DELETE FROM blog_posts WHERE id = ?1", binds: [id] });
}
