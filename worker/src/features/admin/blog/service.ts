import { eq } from "drizzle-orm";
import { type Page, toPage } from "#shared/api.ts";
import {
  ADMIN_MSG,
  type AdminBlog,
  type AdminBlogCreate,
  type AdminBlogDetail,
  type AdminBlogUpdate,
} from "#shared/schemas/admin.ts";
import { blogPosts } from "#worker/db/schema/index.ts";
import type { Deps } from "#worker/deps.ts";
import type { AuthAdmin } from "#worker/env.ts";
import { fail } from "#worker/lib/errors.ts";
import { publicId, slugify } from "#worker/lib/ids.ts";
import { glance } from "#worker/lib/plain-text.ts";
import { sanitizeHtml } from "#worker/lib/post-html.ts";
import { iso } from "#worker/lib/time.ts";
import { auditStatement } from "../audit/service";
import {
  blogPage,
  deleteBlogStatement,
  insertBlogStatement,
  publishBlogStatement,
  updateBlogStatement,
} from "./queries";

// Blog posts as staff manage them: unpublished until published (published_at set); the public
// blog (features/content) shows only published ones. Bodies are rich text, sanitised like posts.

type BlogRow = typeof blogPosts.$inferSelect;
const SUMMARY_FROM_BODY = 160;

function toAdminBlog(row: Omit<BlogRow, "body" | "authorId">): AdminBlog {
  return {
    id: row.id,
    title: row.title,
    slug: row.slug,
    cover: row.cover,
    category: row.category,
    summary: row.summary,
    published_at: row.publishedAt === null ? null : iso(row.publishedAt),
    created_at: iso(row.createdAt),
    updated_at: iso(row.updatedAt),
  };
}

function toDetail(row: BlogRow): AdminBlogDetail {
  return { ...toAdminBlog(row), body: row.body };
}

/** The first words of the body's text, for a summary nobody wrote. */
function summaryOf(html: string): string {
  return glance(html, SUMMARY_FROM_BODY);
}

async function slugIsFree({ db }: Deps, slug: string, exceptId?: number): Promise<boolean> {
  const row = await db.orm.select({ id: blogPosts.id }).from(blogPosts).where(eq(blogPosts.slug, slug)).get();
  return !row || row.id === exceptId;
}

function isSlugClash(error: unknown): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    if (String((e as Error).message ?? e).includes("blog_posts.slug")) return true;
  }
  return false;
}

async function requireBlog({ db }: Deps, id: number): Promise<BlogRow> {
  const row = await db.orm.select().from(blogPosts).where(eq(blogPosts.id, id)).get();
  if (!row) fail(404, ADMIN_MSG.blogNotFound);
  return row;
}

/** `GET .../admin/blog/list`: every post, published or not, newest first. */
export async function listBlogs(
  { db }: Deps,
  input: { skip: number; limit: number },
): Promise<Page<AdminBlog>> {
  const { rows, total } = await blogPage(db, input);
  return toPage(rows.map(toAdminBlog), total, input.limit);
}

export async function getBlog(deps: Deps, id: number): Promise<AdminBlogDetail> {
  return toDetail(await requireBlog(deps, id));
}

/** `POST .../admin/blog`: a new unpublished post; a slug left out comes from the title. */
export async function createBlog(
  deps: Deps,
  admin: AuthAdmin,
  input: AdminBlogCreate,
): Promise<AdminBlogDetail> {
  const { db } = deps;
  let slug = input.slug;
  if (slug) {
    if (!(await slugIsFree(deps, slug))) fail(409, ADMIN_MSG.slugTaken);
  } else {
    slug = slugify(input.title) || "post";
    if (!(await slugIsFree(deps, slug))) slug = `${slug}-${publicId(6)}`;
  }
  const body = sanitizeHtml(input.body);
  const now = Date.now();
  try {
    await db.write([
      insertBlogStatement(db, {
        title: input.title,
        slug,
        cover: input.cover ?? null,
        category: input.category,
        summary: input.summary ?? summaryOf(body),
        body,
        authorId: admin.id,
        now,
      }),
      auditStatement(db, admin, {
        action: "BLOG_CREATE",
        target: { sql: "'blog:' || last_insert_rowid()" },
        detail: input.title,
      }),
    ]);
  } catch (error) {
    if (isSlugClash(error)) fail(409, ADMIN_MSG.slugTaken);
    throw error;
  }
  const row = await db.orm.select().from(blogPosts).where(eq(blogPosts.slug, slug)).get();
  return toDetail(row!);
}

/** `PATCH .../admin/blog`: the fields given change; the rest stay. */
export async function updateBlog(
  deps: Deps,
  admin: AuthAdmin,
  input: AdminBlogUpdate,
): Promise<AdminBlogDetail> {
  const { db } = deps;
  const row = await requireBlog(deps, input.id);
  if (input.slug !== undefined && input.slug !== row.slug && !(await slugIsFree(deps, input.slug, row.id)))
    fail(409, ADMIN_MSG.slugTaken);
  const body = input.body === undefined ? row.body : sanitizeHtml(input.body);
  const summary = input.summary === undefined ? row.summary : input.summary || summaryOf(body);
  const changed = Object.keys(input).filter((k) => k !== "id");
  try {
    await db.write([
      updateBlogStatement(db, {
        id: row.id,
        title: input.title ?? row.title,
        slug: input.slug ?? row.slug,
        cover: input.cover === undefined ? row.cover : input.cover,
        category: input.category ?? row.category,
        summary,
        body,
        now: Date.now(),
      }),
      auditStatement(
        db,
        admin,
        { action: "BLOG_UPDATE", target: `blog:${row.id}`, detail: changed.join(", ") },
        "changed",
      ),
    ]);
  } catch (error) {
    if (isSlugClash(error)) fail(409, ADMIN_MSG.slugTaken);
    throw error;
  }
  return getBlog(deps, row.id);
}

/** `PATCH .../admin/blog/publish`: published keeps its first date; unpublished clears it. */
export async function publishBlog(
  deps: Deps,
  admin: AuthAdmin,
  input: { id: number; published: boolean },
): Promise<AdminBlog> {
  const { db } = deps;
  const row = await requireBlog(deps, input.id);
  const now = Date.now();
  await db.write([
    publishBlogStatement(db, row.id, input.published, now),
    auditStatement(
      db,
      admin,
      {
        action: input.published ? "BLOG_PUBLISH" : "BLOG_UNPUBLISH",
        target: `blog:${row.id}`,
        detail: row.title,
      },
      "changed",
    ),
  ]);
  return toAdminBlog(await requireBlog(deps, row.id));
}

/** `DELETE .../admin/blog`. */
export async function deleteBlog(deps: Deps, admin: AuthAdmin, id: number): Promise<void> {
  const { db } = deps;
  const row = await requireBlog(deps, id);
  const [deleted] = await db.write([
    deleteBlogStatement(db, row.id),
    auditStatement(
      db,
      admin,
      { action: "BLOG_DELETE", target: `blog:${row.id}`, detail: row.title },
      "changed",
    ),
  ]);
  if (!deleted?.meta.changes) fail(404, ADMIN_MSG.blogNotFound);
}
