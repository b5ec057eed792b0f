import type { Database } from "#worker/db/database.ts";

// The SQL of blog posts as staff write them.

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
