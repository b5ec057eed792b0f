import { useInfiniteQuery } from "@tanstack/react-query";
import { Dialog } from "#client/dialog.tsx";
import { useTranslation } from "#client/react-i18n.tsx";
import { LoadError } from "#client/ui/list-states.tsx";
import { Spinner } from "#client/ui/spinner.tsx";
import type { PostVersion } from "#shared/schemas/post-versions.ts";
import { htmlToText } from "#shared/schemas/posts.ts";
import type { ModalProps } from "#web/components/ui/modal-host.tsx";
import { api } from "#web/lib/api.ts";
import { formatDateTime } from "#web/lib/format.ts";
import { postKeys } from "../queries";
import { wordDiff } from "../word-diff";

const VERSIONS_PAGE = 20;

/** What each version changed from the one before it, word by word; the first is shown whole. */
function Changes({ version, older }: { version: PostVersion; older: PostVersion | undefined }) {
  const { t } = useTranslation();
  const text = htmlToText(version.body);
  if (version.redacted)
    return <p className="text-sm text-[var(--muted)] italic">{t("Staff removed this version.")}</p>;
  if (!older || older.redacted) return <p className="text-sm break-words whitespace-pre-wrap">{text}</p>;
  return (
    <p className="text-sm break-words whitespace-pre-wrap">
      {wordDiff(htmlToText(older.body), text).map((part, i) =>
        part.kind === "same" ? (
          <span key={i}>{part.text}</span>
        ) : part.kind === "added" ? (
          <ins key={i} className="rounded bg-[var(--success)]/25 text-[var(--text)] no-underline">
            <span className="sr-only">{t("Added:")} </span>
            {part.text}
          </ins>
        ) : (
          <del key={i} className="rounded bg-[var(--danger)]/25 text-[var(--text)]">
            <span className="sr-only">{t("Removed:")} </span>
            {part.text}
          </del>
        ),
      )}
    </p>
  );
}

/** The EDIT_HISTORY modal: every version of a post or a comment, newest first, each with what it changed. */
export default function EditHistoryDialog({
  onClose,
  kind,
  publicId,
}: ModalProps & { kind: "post" | "comment"; publicId: string }) {
  const { t } = useTranslation();
  const path = kind === "post" ? "/api/v1/micropost/history" : "/api/v1/micropost/comment/history";
  const query = useInfiniteQuery({
    queryKey: [...postKeys.root, "history", kind, publicId],
    queryFn: ({ pageParam, signal }) =>
      api.get(path, {
        query: { public_id: publicId, skip: pageParam, limit: VERSIONS_PAGE },
        signal,
      }),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => {
      const read = pages.length * VERSIONS_PAGE;
      return read < last.total_list ? read : undefined;
    },
  });
  const versions = query.data?.pages.flatMap((p) => p.list) ?? [];
  return (
    <Dialog title={t("Edit history")} onClose={onClose} size="lg" testId="edit-history">
      {query.isPending ? (
        <Spinner />
      ) : query.isError ? (
        <LoadError error={query.error} retry={query.refetch} />
      ) : (
        <>
          <ol className="flex flex-col gap-3" aria-label={t("Versions, newest first")}>
            {versions.map((version, i) => (
              <li key={version.id ?? "current"} className="rounded-xl border border-[var(--line)] p-3">
                <h3 className="mb-1 text-xs font-semibold text-[var(--muted)]">
                  {i === 0 ? `${t("Current version")} · ` : null}
                  {version.edited_at
                    ? t("Edited {{time}}", { time: formatDateTime(version.edited_at) })
                    : t("Original")}
                </h3>
                <Changes version={version} older={versions[i + 1]} />
              </li>
            ))}
          </ol>
          {query.hasNextPage ? (
            <button
              type="button"
              className="btn btn-outline mt-3"
              disabled={query.isFetchingNextPage}
              onClick={() => void query.fetchNextPage()}
            >
              {t("Show older versions")}
            </button>
          ) : null}
        </>
      )}
    </Dialog>
  );
}
