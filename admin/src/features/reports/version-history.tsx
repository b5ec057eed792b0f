import { useInfiniteQuery, useMutation, useQueryClient } from "@tanstack/react-query";
import { adminApi } from "#admin/lib/api.ts";
import { skipPagesQueryOptions, totalOf } from "#admin/lib/paged.ts";
import { apiErrorText } from "#client/api-error-text.ts";
import { useTranslation } from "#client/react-i18n.tsx";
import { confirm } from "#client/ui/confirm.tsx";
import { showSnackbar } from "#client/ui/snackbar.tsx";
import { Dialog } from "../../components/ui/dialog";
import { InfiniteList } from "../../components/ui/list-page";
import { useDateTime } from "../../components/ui/list-states";
import { auditKeys } from "../audit/queries";

export interface HistoryTarget {
  kind: "post" | "comment";
  publicId: string;
}

const historyKeys = {
  root: ["admin", "version-history"] as const,
  of: (target: HistoryTarget) => [...historyKeys.root, target.kind, target.publicId] as const,
};

const PAGE = 10;
const PATHS = { post: "/api/v1/micropost/history", comment: "/api/v1/micropost/comment/history" } as const;

/** A version's text without its markup: what people wrote is shown as text, never as HTML. */
function plainText(html: string): string {
  return new DOMParser().parseFromString(html, "text/html").body.textContent?.trim() ?? "";
}

const versionItemId = (id: number) => `version-${id}`;

/**
 * A reported post's or comment's edit history, newest first: the current text, then each one an
 * edit replaced, which staff may redact (its text is wiped for good, and the audit log says who).
 */
export function VersionHistoryDialog({ target, onClose }: { target: HistoryTarget; onClose: () => void }) {
  const { t } = useTranslation();
  const when = useDateTime();
  const queryClient = useQueryClient();
  const query = useInfiniteQuery(
    skipPagesQueryOptions(historyKeys.of(target), PAGE, (skip, limit) =>
      adminApi.get(PATHS[target.kind], {
        query: { public_id: target.publicId, skip, limit },
      }),
    ),
  );
  // Versions are numbered from the first written (1) to the current text (the total).
  const total = totalOf(query.data) ?? 0;
  const redact = useMutation({
    mutationFn: (id: number) =>
      adminApi.patch("/api/admin/private/micropost/version/redact", {
        body: { id },
      }),
    onSuccess: async (_answer, id) => {
      void queryClient.invalidateQueries({ queryKey: auditKeys.root });
      await queryClient.invalidateQueries({ queryKey: historyKeys.of(target) });
      showSnackbar({ variant: "success", message: t("The version was redacted.") });
      // Its Redact button is gone: focus stays on the version, inside this dialog.
      document.getElementById(versionItemId(id))?.focus();
    },
    onError: (error) => showSnackbar({ message: apiErrorText(error, t), variant: "error" }),
  });

  const askRedact = async (id: number) => {
    const ok = await confirm({
      message: t("Redact this version? Its text is wiped for good and cannot be restored."),
      danger: true,
    });
    if (ok) redact.mutate(id);
  };

  return (
    <Dialog
      title={target.kind === "post" ? t("Edit history of the post") : t("Edit history of the comment")}
      onClose={onClose}
      wide
      testId="history-dialog"
    >
      <InfiniteList query={query} empty={t("No versions.")}>
        {(versions) => (
          <ol className="flex flex-col gap-2" aria-label={t("Versions, newest first")}>
            {versions.map((v, i) => (
              <li
                key={v.id ?? "current"}
                id={v.id === null ? undefined : versionItemId(v.id)}
                tabIndex={v.id === null ? undefined : -1}
                className="flex flex-col gap-1 rounded-lg border border-[var(--line)] px-3 py-2 outline-none focus:border-[var(--accent)]"
                data-testid="version"
              >
                <p className="flex flex-wrap items-center gap-2 text-xs text-[var(--muted)]">
                  <span className="font-semibold text-[var(--text)]">
                    {v.id === null ? t("Current text") : t("Version {{n}}", { n: total - i })}
                  </span>
                  <span>{v.edited_at ? when(v.edited_at) : t("First written")}</span>
                </p>
                {v.redacted ? (
                  <p className="text-sm text-[var(--muted)] italic">{t("Redacted by staff.")}</p>
                ) : (
                  <>
                    {v.title ? <p className="font-semibold break-words">{v.title}</p> : null}
                    <p className="text-sm break-words whitespace-pre-wrap">{plainText(v.body)}</p>
                  </>
                )}
                {v.id !== null && !v.redacted ? (
                  <button
                    type="button"
                    className="btn btn-outline self-end"
                    disabled={redact.isPending && redact.variables === v.id}
                    onClick={() => void askRedact(v.id as number)}
                    aria-label={t("Redact version {{n}}", { n: total - i })}
                  >
                    {t("Redact")}
                  </button>
                ) : null}
              </li>
            ))}
          </ol>
        )}
      </InfiniteList>
    </Dialog>
  );
}
