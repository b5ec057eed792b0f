import type { ReactNode } from "react";
import { msg } from "#client/i18n.ts";
import { useTranslation } from "#client/react-i18n.tsx";
import { CAUSE_LABEL } from "#client/report-labels.ts";
import type { ModerationNotice as Notice } from "#shared/schemas/moderation.ts";
import { formatDateTime, formatRelative } from "#web/lib/format.ts";
import { openModal } from "#web/modals.tsx";

/** What staff did, by action and what it was done to: the first step, never rewritten later. */
function headline(notice: Notice): string {
  if (notice.action === "SUSPEND_USER") return msg("Staff suspended your account");
  return notice.target_type === "COMMENT"
    ? msg("Staff removed your comment")
    : msg("Staff removed your post");
}

/** What reversing the decision gave back. */
function restored(notice: Notice): string {
  return notice.action === "SUSPEND_USER"
    ? msg("Staff lifted your suspension")
    : notice.target_type === "COMMENT"
      ? msg("Staff restored your comment")
      : msg("Staff restored your post");
}

function Step({ title, at, children }: { title: string; at: string | null; children?: ReactNode }) {
  return (
    <li className="relative pl-5" data-testid="moderation-step">
      <span
        aria-hidden="true"
        className="absolute top-1.5 left-0 size-2.5 rounded-full border-2 border-[var(--accent)] bg-[var(--surface)]"
      />
      <p>
        <span className="font-medium">{title}</span>
        {at ? (
          <>
            {" · "}
            <time dateTime={at} title={formatDateTime(at)} className="text-xs text-[var(--muted)]">
              {formatRelative(at)}
            </time>
          </>
        ) : null}
      </p>
      {children}
    </li>
  );
}

/**
 * One decision about the person, told as one story: what staff did (and why, with their note),
 * the appeal (with the person's words) and the answer (with the note staff wrote with it). The
 * appeal button shows while none was sent; a sent one says where it stands.
 */
export function ModerationNotice({ notice }: { notice: Notice }) {
  const { t } = useTranslation();
  const appeal = notice.appeal;
  const decided = appeal?.status === "DECIDED";
  return (
    <div className="mt-0.5 text-sm" data-testid="moderation-notice">
      <ol className="space-y-2 border-l border-[var(--line)] pl-1">
        <Step title={t(headline(notice))} at={notice.created_at}>
          {notice.excerpt ? (
            <p className="line-clamp-2 break-words text-[var(--muted)]">“{notice.excerpt}”</p>
          ) : null}
          {notice.cause ? <p>{t("Reason: {{cause}}.", { cause: t(CAUSE_LABEL[notice.cause]) })}</p> : null}
          {notice.note ? (
            <p className="break-words">{t("Staff note: {{note}}", { note: notice.note })}</p>
          ) : null}
        </Step>
        {appeal ? (
          <Step title={t("You appealed")} at={appeal.created_at}>
            {appeal.text ? (
              <p className="line-clamp-3 break-words text-[var(--muted)]">“{appeal.text}”</p>
            ) : null}
          </Step>
        ) : null}
        {appeal && decided ? (
          <Step
            title={
              appeal.decision === "REVERSE"
                ? `${t("Your appeal was accepted.")} ${t(restored(notice))}`
                : t("Your appeal was turned down.")
            }
            at={appeal.decided_at}
          >
            {appeal.note ? (
              <p className="break-words" data-testid="decision-note">
                {t("Staff note: {{note}}", { note: appeal.note })}
              </p>
            ) : null}
          </Step>
        ) : null}
        {!appeal && notice.reversed ? <Step title={t(restored(notice))} at={null} /> : null}
      </ol>
      {appeal && !decided ? (
        <p className="mt-1 text-[var(--muted)]" data-testid="appeal-state">
          {t("Your appeal was sent. Staff will answer it here.")}
        </p>
      ) : null}
      {!appeal && !notice.reversed ? (
        <button
          type="button"
          className="btn btn-outline relative z-10 mt-2"
          onClick={() => openModal("APPEAL", { moderation_id: notice.id })}
        >
          {t("Appeal")}
        </button>
      ) : null}
    </div>
  );
}
