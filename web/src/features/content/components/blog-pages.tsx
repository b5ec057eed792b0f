import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import DOMPurify from "dompurify";
import { msg } from "#client/i18n.ts";
import { useTranslation } from "#client/react-i18n.tsx";
import { isSiteImage } from "#client/site-image.ts";
import { InfiniteFooter, ListSkeleton, LoadError } from "#client/ui/list-states.tsx";
import type { BlogCategory } from "#shared/enums.ts";
import type { BlogSummary } from "#shared/schemas/content.ts";
import { EmptyState } from "#web/components/ui/empty-state.tsx";
import { ApiError } from "#web/lib/api.ts";
import { blogListQueryOptions, blogQueryOptions } from "../queries";

const CATEGORY_LABEL: Record<BlogCategory, string> = {
  ANNOUNCEMENT: msg("Announcement"),
  GUIDE: msg("Guide"),
  COMMUNITY: msg("Community"),
  SECURITY: msg("Security"),
  INSIGHTS: msg("Insights"),
  OTHER: msg("Other"),
};

function useDate() {
  const { i18n } = useTranslation();
  return (iso: string) => new Intl.DateTimeFormat(i18n.language, { dateStyle: "long" }).format(new Date(iso));
}

/** /blog: published posts, newest first, more as the reader scrolls. */
export function BlogListPage() {
  const { t } = useTranslation();
  const blog = useInfiniteQuery(blogListQueryOptions());
  const posts = blog.data?.pages.flatMap((p) => p.list) ?? [];
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-4">
      <header>
        <h1 className="text-2xl font-bold">{t("Blog")}</h1>
        <p className="text-[var(--muted)]">
          {t("News, guides and stories from the people who build Agora.")}
        </p>
      </header>
      {blog.isPending ? (
        <ListSkeleton rows={3} height="h-40" />
      ) : blog.isError ? (
        <LoadError error={blog.error} retry={blog.refetch} />
      ) : posts.length === 0 ? (
        <EmptyState title={t("No posts yet")} as="h2" />
      ) : (
        <>
          <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2" data-testid="blog-list">
            {posts.map((post) => (
              <BlogCard key={post.id} post={post} />
            ))}
          </ul>
          <InfiniteFooter query={blog} />
        </>
      )}
    </div>
  );
}

function BlogCard({ post }: { post: BlogSummary }) {
  const { t } = useTranslation();
  const date = useDate();
  return (
    <li className="card relative flex flex-col overflow-hidden hover:border-[var(--accent)]">
      {isSiteImage(post.cover) ? (
        <img src={post.cover} alt="" loading="lazy" className="aspect-[2/1] w-full object-cover" />
      ) : null}
      <div className="flex flex-1 flex-col gap-2 p-4">
        <p className="text-xs font-semibold tracking-wide text-[var(--accent)] uppercase">
          {t(CATEGORY_LABEL[post.category])}
        </p>
        <h2 className="text-lg font-semibold">
          <Link
            to="/blog/$slug"
            params={{ slug: post.slug }}
            className="after:absolute after:inset-0 hover:underline"
          >
            {post.title}
          </Link>
        </h2>
        {post.summary ? <p className="text-sm text-[var(--muted)]">{post.summary}</p> : null}
        <time dateTime={post.published_at} className="mt-auto text-xs text-[var(--muted)]">
          {date(post.published_at)}
        </time>
      </div>
    </li>
  );
}

/** /blog/{slug}: one post, its HTML cleaned again in the browser before it is shown. */
export function BlogPostPage({ slug }: { slug: string }) {
  const { t } = useTranslation();
  const date = useDate();
  const post = useQuery(blogQueryOptions(slug));
  if (post.isPending) return <ListSkeleton rows={1} height="h-96" />;
  if (post.isError) {
    if (post.error instanceof ApiError && post.error.status === 404) return <EmptyState />;
    return <LoadError error={post.error} retry={post.refetch} />;
  }
  const blog = post.data;
  return (
    <article className="mx-auto max-w-3xl" data-testid="blog-post">
      <Link to="/blog" className="mb-3 inline-block text-sm text-[var(--accent)]">
        ← {t("All posts")}
      </Link>
      <div className="card overflow-hidden">
        {isSiteImage(blog.cover) ? (
          <img src={blog.cover} alt="" className="aspect-[5/2] w-full object-cover" />
        ) : null}
        <div className="p-6 md:p-8">
          <p className="text-xs font-semibold tracking-wide text-[var(--accent)] uppercase">
            {t(CATEGORY_LABEL[blog.category])}
          </p>
          <h1 className="mt-1 text-2xl font-bold md:text-3xl">{blog.title}</h1>
          <time dateTime={blog.published_at} className="mt-2 block text-sm text-[var(--muted)]">
            {date(blog.published_at)}
          </time>
          {blog.summary ? <p className="mt-4 text-lg text-[var(--muted)]">{blog.summary}</p> : null}
          <div
            className="prose-post mt-6 leading-relaxed"
            // Sanitised by the server when staff saved it, and again here by DOMPurify.
            dangerouslySetInnerHTML={{ __html: DOMPurify.sanitize(blog.body) }}
          />
        </div>
      </div>
    </article>
  );
}
