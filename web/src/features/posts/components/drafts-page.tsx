import { useInfiniteQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { useTranslation } from "#client/react-i18n.tsx";
import { confirm } from "#client/ui/confirm.tsx";
import { InfiniteFooter, ListSkeleton, LoadError } from "#client/ui/list-states.tsx";
import { showSnackbar } from "#client/ui/snackbar.tsx";
import { EmptyState } from "#web/components/ui/empty-state.tsx";
import { formatRelative } from "#web/lib/format.ts";
import { plainText } from "#web/lib/plain-text.ts";
import { draftsQueryOptions } from "../draft-queries";
import { useDeleteDraft } from "../mutations";
import { EditIcon, TrashIcon } from "./action-icons";

/** /drafts: the reader's drafts, newest first, each opening in the post form. */
export function DraftsPage() {
  const { t } = useTranslation();
  const drafts = useInfiniteQuery(draftsQueryOptions());
  const remove = useDeleteDraft();

  const list = drafts.data?.pages.flatMap((p) => p.list) ?? [];
  const total = drafts.data?.pages[0]?.total_list ?? 0;
  const del = async (publicId: string) => {
    if (
      !(await confirm({
        message: t("Do you really want to delete it?"),
        confirmLabel: t("Delete"),
        danger: true,
      }))
    )
      return;
    remove.mutate(publicId, {
      onSuccess: () => showSnackbar({ message: t("It was deleted"), variant: "success" }),
    });
  };

  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-3">
      <div className="flex items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">
          {t("Drafts")} {drafts.data ? <span className="text-[var(--muted)]">({total})</span> : null}
        </h1>
        <Link to="/post" className="btn btn-primary">
          {t("Create a post")}
        </Link>
      </div>
      {drafts.isPending ? (
        <ListSkeleton rows={3} />
      ) : drafts.isError ? (
        <LoadError error={drafts.error} retry={drafts.refetch} />
      ) : list.length === 0 ? (
        <EmptyState title={t("You have no drafts")} home={false} as="h2">
          <p>{t("Save a post as a draft to finish it later.")}</p>
        </EmptyState>
      ) : (
        <>
          <ul className="flex flex-col gap-2" data-testid="draft-list">
            {list.map((draft) => (
              <li key={draft.public_id} className="card flex items-start gap-3 p-4">
                <div className="min-w-0 flex-1">
                  <h2 className="font-semibold break-words">
                    <Link to="/post" search={{ draft: draft.public_id }} className="hover:underline">
                      {draft.title}
                    </Link>
                  </h2>
                  <p className="mt-0.5 text-xs text-[var(--muted)]">
                    c/{draft.community.name} ·{" "}
                    {t("Saved {{when}}", { when: formatRelative(draft.updated_at) })}
                  </p>
                  {draft.body ? (
                    <p className="mt-1 line-clamp-2 text-sm text-[var(--muted)]">
                      {plainText(draft.body, 200)}
                    </p>
                  ) : null}
                </div>
                <div className="flex shrink-0 gap-1">
                  <Link
                    to="/post"
                    search={{ draft: draft.public_id }}
                    className="btn btn-ghost px-3"
                    aria-label={t("Edit {{title}}", { title: draft.title })}
                  >
                    <EditIcon />
                  </Link>
                  <button
                    type="button"
                    className="btn btn-ghost px-3 text-[var(--danger)]"
                    aria-label={t("Delete {{title}}", { title: draft.title })}
                    onClick={() => void del(draft.public_id)}
                  >
                    <TrashIcon />
                  </button>
                </div>
              </li>
            ))}
          </ul>
          <InfiniteFooter query={drafts} />
        </>
      )}
    </div>
  );
}
