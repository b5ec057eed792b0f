import { useInfiniteQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { rowsOf, totalOf } from "#admin/lib/paged.ts";
import { apiErrorText } from "#client/api-error-text.ts";
import { busyProps } from "#client/busy.ts";
import { useTranslation } from "#client/react-i18n.tsx";
import { confirm } from "#client/ui/confirm.tsx";
import { ListSkeleton, LoadError } from "#client/ui/list-states.tsx";
import { showSnackbar } from "#client/ui/snackbar.tsx";
import { useInfiniteScroll } from "#client/use-infinite-scroll.ts";
import { LOAD_MORE_THRESHOLD_PX } from "#shared/constants.ts";
import { ADMIN_MSG, type AdminBlog } from "#shared/schemas/admin.ts";
import { NewTile, PageTitle } from "../../components/ui/list-page";
import { EmptyList } from "../../components/ui/list-states";
import { CATEGORY_LABEL } from "./category";
import { useDeleteBlog, usePublishBlog } from "./mutations";
import { blogListQueryOptions } from "./queries";

/** /blog: a tile for a new post, then every post as a card; more load near the bottom. */
export function BlogListPage() {
  const { t } = useTranslation();
  const blog = useInfiniteQuery(blogListQueryOptions());
  const sentinel = useInfiniteScroll(
    { ...blog, enabled: !blog.isFetchNextPageError },
    { rootMargin: `${LOAD_MORE_THRESHOLD_PX}px` },
  );
  const posts = rowsOf(blog.data);
  return (
    <div className="flex flex-col gap-4">
      <PageTitle title={t("Blog")} total={totalOf(blog.data)} />
      {blog.isPending ? (
        <ListSkeleton rows={4} />
      ) : blog.isError && posts.length === 0 ? (
        <LoadError error={blog.error} retry={blog.refetch} />
      ) : (
        <>
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label={t("Blog posts")}>
            <NewTile to="/blog/new" label={t("New blog post")} className="min-h-40" />
            {posts.map((post) => (
              <BlogCard key={post.id} post={post} />
            ))}
          </ul>
          {posts.length === 0 ? <EmptyList>{t("There are no blog posts yet.")}</EmptyList> : null}
          {blog.isFetchNextPageError ? (
            <LoadError error={blog.error} retry={() => blog.fetchNextPage()} />
          ) : null}
          {blog.isFetchingNextPage ? <ListSkeleton rows={1} /> : null}
          <div ref={sentinel} />
        </>
      )}
    </div>
  );
}

function BlogCard({ post }: { post: AdminBlog }) {
  const { t } = useTranslation();
  const publish = usePublishBlog();
  const remove = useDeleteBlog();
  const published = post.published_at !== null;

  const toggle = async () => {
    if (publish.isPending) return;
    const question = published
      ? t("This blog was already published. Do you want to unpublish it?")
      : t("Do you really want to publish this?");
    if (!(await confirm({ message: question }))) return;
    publish.mutate(
      { id: post.id, published: !published },
      {
        onSuccess: (answer) => showSnackbar({ variant: "success", message: t(answer.detail) }),
        onError: (error) => showSnackbar({ message: apiErrorText(error, t), variant: "error" }),
      },
    );
  };

  const onDelete = async () => {
    if (!(await confirm({ message: t("Do you really want to delete it?"), danger: true }))) return;
    remove.mutate(post.id, {
      onSuccess: () => showSnackbar({ variant: "success", message: t(ADMIN_MSG.deleted) }),
      onError: (error) => showSnackbar({ message: apiErrorText(error, t), variant: "error" }),
    });
  };

  return (
    <li className="card flex flex-col overflow-hidden" data-testid="blog-card">
      <Link
        to="/blog/$id"
        params={{ id: String(post.id) }}
        // The same place as the title's link below: kept out of the tab order and the reading order.
        tabIndex={-1}
        aria-hidden="true"
        className="block hover:opacity-90"
      >
        {post.cover ? (
          <img
            src={post.cover}
            alt=""
            className="aspect-[16/9] w-full bg-[var(--surface-strong)] object-cover"
          />
        ) : (
          <span
            aria-hidden="true"
            className="grid aspect-[16/9] w-full place-items-center bg-[var(--surface-strong)] text-[var(--muted)]"
          >
            <svg
              viewBox="0 0 24 24"
              width="32"
              height="32"
              fill="none"
              stroke="currentColor"
              strokeWidth="1.5"
              strokeLinecap="round"
              strokeLinejoin="round"
            >
              <path d="M3 5h18v14H3zM3 16l5-5 4 4 3-3 6 6M15 9h.01" />
            </svg>
          </span>
        )}
      </Link>
      <div className="flex flex-1 flex-col gap-2 p-4">
        <p className="text-xs font-semibold tracking-wide text-[var(--muted)] uppercase">
          {t(CATEGORY_LABEL[post.category])}
        </p>
        <h2 className="line-clamp-2 font-semibold">
          <Link to="/blog/$id" params={{ id: String(post.id) }} className="hover:underline">
            {post.title}
          </Link>
        </h2>
        <div className="mt-auto flex flex-wrap items-center gap-2 pt-2">
          <button
            type="button"
            role="switch"
            aria-checked={published}
            aria-label={t("Published: {{title}}", { title: post.title })}
            {...busyProps(publish.isPending)}
            onClick={() => void toggle()}
            className="flex items-center gap-2 rounded-full py-1 pr-2 text-sm aria-disabled:opacity-60"
          >
            <span
              aria-hidden="true"
              className={`relative h-6 w-11 shrink-0 rounded-full transition-colors ${published ? "bg-[var(--accent)]" : "bg-[var(--line)]"}`}
            >
              <span
                className={`absolute top-0.5 left-0.5 size-5 rounded-full bg-white shadow transition-transform ${published ? "translate-x-5" : ""}`}
              />
            </span>
            <span>{published ? t("Published") : t("Unpublished")}</span>
          </button>
          <span className="ml-auto flex items-center gap-1">
            {published ? (
              <a
                href={`/blog/${post.slug}`}
                target="_blank"
                rel="noreferrer"
                className="btn btn-ghost"
                aria-label={t("View {{title}}", { title: post.title })}
              >
                {t("View")}
              </a>
            ) : null}
            <button
              type="button"
              className="btn btn-ghost text-[var(--danger)]"
              disabled={remove.isPending}
              onClick={() => void onDelete()}
              aria-label={t("Delete {{title}}", { title: post.title })}
            >
              {t("Delete")}
            </button>
          </span>
        </div>
      </div>
    </li>
  );
}
