import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { useEffect } from "react";
import { useTranslation } from "#client/react-i18n.tsx";
import { ListSkeleton } from "#client/ui/list-states.tsx";
import { moderationNoticeSchema } from "#shared/schemas/moderation.ts";
import { EmptyState } from "#web/components/ui/empty-state.tsx";
import { api } from "#web/lib/api.ts";
import { getToken } from "#web/lib/auth-token.ts";
import { ModerationNotice } from "./moderation-notice";

/** The decision that hides the reader's own post, if staff removed it (none for anyone else's). */
const removalQueryOptions = (publicId: string) => ({
  queryKey: ["moderation", "post", publicId] as const,
  queryFn: async ({ signal }: { signal: AbortSignal }) =>
    moderationNoticeSchema.parse(
      await api.get("/api/v1/private/user/moderation/post", { query: { public_id: publicId }, signal }),
    ),
  retry: false,
  meta: { silent: true },
  staleTime: 10_000,
});

/**
 * A post's page when the post cannot be shown (the routes give it to the posts feature's page). Its author, when staff removed it, reads "Removed
 * by staff" with why and their appeal (everyone else sees it as gone); anyone else is told the
 * post was not found, with ways on.
 */
export function PostNotFound({ publicId }: { publicId: string }) {
  const { t } = useTranslation();
  // Only a signed-in reader can be the author; the page mounts after the post was not found.
  const isSignedIn = Boolean(getToken());
  const removal = useQuery({ ...removalQueryOptions(publicId), enabled: isSignedIn });
  const notice = removal.data ?? null;
  useEffect(() => {
    document.title = `${notice ? t("Removed by staff") : t("Post not found")} · Agora`;
    return () => {
      document.title = "Agora";
    };
  }, [notice, t]);

  if (isSignedIn && removal.isPending) return <ListSkeleton rows={1} height="h-40" />;
  if (notice)
    return (
      <section className="card mx-auto flex max-w-3xl flex-col gap-3 p-4 sm:p-5" data-testid="removed-post">
        <h1 className="text-xl font-semibold">{t("Removed by staff")}</h1>
        <p className="text-sm text-[var(--muted)]">
          {t(
            "Only you can see this page. Your post is hidden from everyone else while this decision stands.",
          )}
        </p>
        <ModerationNotice notice={notice} />
      </section>
    );
  return (
    <EmptyState title={t("Post not found")} home={false}>
      <p>{t("It may have been deleted by its author or removed by staff, or the link may be wrong.")}</p>
      <div className="mt-4 flex flex-wrap justify-center gap-2">
        <Link to="/" className="btn btn-primary">
          {t("Return to Home")}
        </Link>
        <Link to="/search" className="btn btn-outline">
          {t("Search")}
        </Link>
      </div>
    </EmptyState>
  );
}
