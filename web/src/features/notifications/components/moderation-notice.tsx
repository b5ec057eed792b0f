import { msg } from "#client/i18n.ts";
import { useTranslation } from "#client/react-i18n.tsx";
import { CAUSE_LABEL } from "#client/report-labels.ts";
import type { ModerationNotice as Notice } from "#shared/schemas/moderation.ts";
import { openModal } from "#web/modals.tsx";

/** What staff did, by action and what it was done to. */
function headline(notice: Notice): string {
  if (notice.reversed)
    return notice.action === "SUSPEND_USER"
      ? msg("Staff lifted your suspension")
      : notice.target_type === "COMMENT"
        ? msg("Staff restored your comment")
        : msg("Staff restored your post");
  if (notice.action === "SUSPEND_USER") return msg("Staff suspended your account");
  return notice.target_type === "COMMENT"
    ? msg("Staff removed your comment")
    : msg("Staff removed your post");
}

/**
 * A MODERATION notification's body: what was done and to what, the cause reporters gave, the
 * staff note, and the one appeal: a button while none was sent, then where it stands.
 */
export function ModerationNotice({ notice }: { notice: Notice }) {
  const { t } = useTranslation();
  const appeal = notice.appeal;
  return (
    <div className="mt-0.5 space-y-1 text-sm" data-testid="moderation-notice">
      <p className="font-medium">{t(headline(notice))}</p>
      {notice.excerpt ? (
        <p className="line-clamp-2 break-words text-[var(--muted)]">“{notice.excerpt}”</p>
      ) : null}
      {notice.cause ? <p>{t("Reason: {{cause}}.", { cause: t(CAUSE_LABEL[notice.cause]) })}</p> : null}
      {notice.note ? <p className="break-words">{t("Staff note: {{note}}", { note: notice.note })}</p> : null}
      {appeal ? (
        <p className="text-[var(--muted)]" data-testid="appeal-state">
          {appeal.status === "OPEN"
            ? t("Your appeal was sent. Staff will answer it here.")
            : appeal.decision === "REVERSE"
              ? t("Your appeal was accepted.")
              : t("Your appeal was turned down.")}
        </p>
      ) : notice.reversed ? null : (
        <button
          type="button"
          className="btn btn-outline relative z-10 mt-1"
          onClick={() => openModal("APPEAL", { moderation_id: notice.id })}
        >
          {t("Appeal")}
        </button>
      )}
    </div>
  );
}
