import { useInfiniteQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { useState } from "react";
import { totalOf } from "#admin/lib/paged.ts";
import { useTranslation } from "#client/react-i18n.tsx";
import { FEEDBACK_LABEL } from "#client/report-labels.ts";
import { ADMIN_FEEDBACK_PREVIEW } from "#shared/constants.ts";
import type { AdminFeedback } from "#shared/schemas/admin.ts";
import { Dialog } from "../../components/ui/dialog";
import { DataTable, InfiniteList, PageTitle } from "../../components/ui/list-page";
import { useDateTime } from "../../components/ui/list-states";
import { feedbackListQueryOptions } from "./queries";

/** The first 21 characters of a text (whole characters, not halves of an emoji). */
export function preview(text: string): { short: string; cut: boolean } {
  const chars = [...text];
  return chars.length > ADMIN_FEEDBACK_PREVIEW
    ? { short: `${chars.slice(0, ADMIN_FEEDBACK_PREVIEW).join("")}…`, cut: true }
    : { short: text, cut: false };
}

/** One feedback's whole text, as plain text (people wrote it). */
function FeedbackDialog({ item, onClose }: { item: AdminFeedback; onClose: () => void }) {
  const { t } = useTranslation();
  const when = useDateTime();
  return (
    <Dialog
      title={t("Feedback from {{email}}", { email: item.user.email })}
      onClose={onClose}
      testId="feedback-dialog"
    >
      <p className="mb-3 text-xs text-[var(--muted)]">
        {t(FEEDBACK_LABEL[item.user_feedback.feedback_type])} · {when(item.user_feedback.created_at)}
      </p>
      <p className="break-words whitespace-pre-wrap" data-testid="feedback-text">
        {item.user_feedback.text}
      </p>
      {item.user_feedback.link ? (
        <p className="mt-3 text-sm">
          <span className="text-[var(--muted)]">{t("Link")}: </span>
          <a
            href={item.user_feedback.link}
            target="_blank"
            rel="noreferrer noopener"
            className="wrap-anywhere underline"
          >
            {item.user_feedback.link}
          </a>
        </p>
      ) : null}
    </Dialog>
  );
}

/** The feedbacks table: e-mail, type, the text cut to 21 characters (the whole on demand), created. */
export function FeedbacksPage() {
  const { t } = useTranslation();
  const when = useDateTime();
  const query = useInfiniteQuery(feedbackListQueryOptions());
  const [open, setOpen] = useState<AdminFeedback | null>(null);
  return (
    <div className="flex flex-col gap-4">
      <PageTitle title={t("Feedbacks")} total={totalOf(query.data)} />
      <InfiniteList query={query} empty={t("No feedback yet.")}>
        {(rows) => (
          <DataTable
            testId="feedbacks-table"
            stacked
            columns={[t("Email"), t("Type"), t("Text"), t("Created")]}
          >
            {rows.map((item) => {
              const { short, cut } = preview(item.user_feedback.text);
              return (
                <tr
                  key={item.user_feedback.id}
                  data-testid="feedback-row"
                  className="flex flex-wrap items-baseline gap-x-3 px-4 py-3 align-top sm:table-row sm:p-0"
                >
                  <td className="min-w-0 flex-1 font-semibold sm:px-4 sm:py-3 sm:font-normal">
                    <Link
                      to="/$username"
                      params={{ username: item.user.username }}
                      className="wrap-anywhere hover:underline"
                    >
                      {item.user.email}
                    </Link>
                  </td>
                  <td className="text-xs whitespace-nowrap text-[var(--muted)] sm:px-4 sm:py-3 sm:text-sm sm:text-[var(--text)]">
                    {t(FEEDBACK_LABEL[item.user_feedback.feedback_type])}
                  </td>
                  <td className="w-full py-1 sm:w-auto sm:px-4 sm:py-3">
                    <span className="break-words">{short}</span>
                    {cut ? (
                      <button
                        type="button"
                        className="ml-1 text-xs font-semibold text-[var(--accent)] hover:underline"
                        onClick={() => setOpen(item)}
                      >
                        {t("Read all")}
                      </button>
                    ) : null}
                  </td>
                  <td className="text-xs text-[var(--muted)] sm:px-4 sm:py-3 sm:text-sm">
                    {when(item.user_feedback.created_at)}
                  </td>
                </tr>
              );
            })}
          </DataTable>
        )}
      </InfiniteList>
      {open ? <FeedbackDialog item={open} onClose={() => setOpen(null)} /> : null}
    </div>
  );
}
