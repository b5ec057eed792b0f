import { and, count, desc, eq, getTableColumns, isNotNull, lte } from "drizzle-orm";
import { type Page, toPage } from "#shared/api.ts";
import type { BlogCategory } from "#shared/enums.ts";
import {
  type Blog,
  type BlogSummary,
  CONTENT_LANGUAGES,
  type FeaturedItem,
  type MembershipPlan,
} from "#shared/schemas/content.ts";
import { blogPosts } from "#worker/db/schema/index.ts";
import type { Deps } from "#worker/deps.ts";
import { fail } from "#worker/lib/errors.ts";
import { iso } from "#worker/lib/time.ts";
import { featuredRows, planRows } from "./queries";

/**
 * The sidebar carousel's cards, in the order staff set, in `lang` where staff translated a card
 * (any other language, or a card without that translation, reads in English).
 */
export async function featuredList({ db }: Deps, lang?: string): Promise<{ list: FeaturedItem[] }> {
  const rows = await featuredRows(db);
  const language = CONTENT_LANGUAGES.find((l) => l === lang?.slice(0, 2).toLowerCase());
  return {
    list: rows.map(({ translations, ...card }) => ({
      ...card,
      ...(language ? translations[language] : undefined),
    })),
  };
}

/** The plans page's cards: name, monthly price in dollars (stored in cents), features. */
export async function planList({ db }: Deps): Promise<{ list: MembershipPlan[] }> {
  const rows = await planRows(db);
  return {
    list: rows.map((r) => ({
      membership_type: r.membershipType,
      name: r.name,
      price: r.priceCents / 100,
      currency: "USD" as const,
      interval: "month" as const,
      features: parseFeatures(r.features),
    })),
  };
}

function parseFeatures(text: string): string[] {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.filter((f): f is string => typeof f === "string") : [];
  } catch {
    return [];
  }
}

type BlogRow = typeof blogPosts.$inferSelect;

function toSummary(row: Omit<BlogRow, "body">): BlogSummary {
  return {
    id: row.id,
    title: row.title,
    slug: row.slug,
    cover: row.cover,
    category: row.category,
    summary: row.summary,
    published_at: iso(row.publishedAt ?? row.createdAt),
  };
}

/** Published means published_at is set and not in the future (staff may schedule a post). */
const published = () => and(isNotNull(blogPosts.publishedAt), lte(blogPosts.publishedAt, Date.now()));

/** `GET /api/v1/blog/list`: published posts, newest first, optionally one category. */
export async function blogList(
  { db }: Deps,
  input: { skip: number; limit: number; category: BlogCategory | null },
): Promise<Page<BlogSummary>> {
  const where = input.category ? and(published(), eq(blogPosts.category, input.category)) : published();
  const { body: _body, ...summaryColumns } = getTableColumns(blogPosts);
  const [rows, total] = await db.orm.batch([
    db.orm
      .select(summaryColumns)
      .from(blogPosts)
      .where(where)
      .orderBy(desc(blogPosts.publishedAt), desc(blogPosts.id))
      .limit(input.limit)
      .offset(input.skip),
    db.orm.select({ n: count() }).from(blogPosts).where(where),
  ]);
  return toPage(rows.map(toSummary), total[0]?.n ?? 0, input.limit);
}

/** `GET /api/v1/blog?slug=`: one published post, or a 404 (unpublished ones are not public). */
export async function blogBySlug({ db }: Deps, slug: string): Promise<Blog> {
  // Through a batch: a signed-in reader's token check rides in the same round trip (docs/decisions/156).
  const [[row]] = await db.orm.batch([
    db.orm
      .select()
      .from(blogPosts)
      .where(and(published(), eq(blogPosts.slug, slug))),
  ]);
  if (!row) fail(404, "This blog post does not exist");
  return { ...toSummary(row), body: row.body, updated_at: iso(row.updatedAt) };
}
