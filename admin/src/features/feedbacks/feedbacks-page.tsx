import { useInfiniteQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { rowsOf } from "#admin/lib/paged.ts";
import { ADMIN_FEEDBACK_PREVIEW } from "#shared/constants.ts";
import type { AdminFeedback } from "#shared/schemas/admin.ts";
import { Dialog } from "../../components/ui/dialog";
import { EmptyList, LoadError, Loading, useDateTime } from "../../components/ui/list-states";
import { LoadMore } from "../../components/ui/load-more";
import { FEEDBACK_LABEL } from "../../lib/labels";
import { feedbackListQuery } from "./queries";

/** The first 21 characters of a text (whole characters, not halves of an emoji). */
function preview(text: string): { short: string; cut: boolean } {
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
            className="break-all underline"
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
  const query = useInfiniteQuery(feedbackListQuery());
  const [open, setOpen] = useState<AdminFeedback | null>(null);
  const rows = rowsOf(query.data);
  const total = query.data?.pages[0]?.total_list;
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-4">
      <h1 className="text-2xl font-bold">
        {t("Feedbacks")}
        {total !== undefined ? (
          <span className="ml-2 text-base font-normal text-[var(--muted)]">({total})</span>
        ) : null}
      </h1>
      {query.isPending ? (
        <Loading />
      ) : query.isError && !query.isFetchNextPageError ? (
        <LoadError error={query.error} retry={query.refetch} />
      ) : rows.length === 0 ? (
        <EmptyList>{t("No feedback yet.")}</EmptyList>
      ) : (
        <>
          <div className="card overflow-x-auto">
            <table className="w-full text-left text-sm" data-testid="feedbacks-table">
              <thead className="border-b border-[var(--line)] text-xs text-[var(--muted)] uppercase">
                <tr>
                  <th scope="col" className="px-4 py-2 font-semibold">
                    {t("Email")}
                  </th>
                  <th scope="col" className="px-4 py-2 font-semibold">
                    {t("Type")}
                  </th>
                  <th scope="col" className="px-4 py-2 font-semibold">
                    {t("Text")}
                  </th>
                  <th scope="col" className="px-4 py-2 font-semibold">
                    {t("Created")}
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-[var(--line)]">
                {rows.map((item) => {
                  const { short, cut } = preview(item.user_feedback.text);
                  return (
                    <tr key={item.user_feedback.id} data-testid="feedback-row" className="align-top">
                      <td className="px-4 py-3">
                        <Link
                          to="/$username"
                          params={{ username: item.user.username }}
                          className="break-all hover:underline"
                        >
                          {item.user.email}
                        </Link>
                      </td>
                      <td className="px-4 py-3 whitespace-nowrap">
                        {t(FEEDBACK_LABEL[item.user_feedback.feedback_type])}
                      </td>
                      <td className="px-4 py-3">
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
                      <td className="px-4 py-3 text-[var(--muted)]">{when(item.user_feedback.created_at)}</td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
          <LoadMore query={query} />
        </>
      )}
      {open ? <FeedbackDialog item={open} onClose={() => setOpen(null)} /> : null}
    </div>
  );
}
