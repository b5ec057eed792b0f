import { useInfiniteQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { type FormEvent, useState } from "react";
import { totalOf } from "#admin/lib/paged.ts";
import { apiErrorText } from "#client/api-error-text.ts";
import { FormAlert, SubmitButton } from "#client/form-fields.tsx";
import { msg } from "#client/i18n.ts";
import { useTranslation } from "#client/react-i18n.tsx";
import { CAUSE_LABEL } from "#client/report-labels.ts";
import { showSnackbar } from "#client/ui/snackbar.tsx";
import {
  type AdminAppeal,
  APPEAL_DECISIONS,
  APPEAL_NOTE_MAX,
  APPEAL_STATUSES,
  type AppealDecision,
  type AppealStatus,
  MODERATION_MSG,
  type ModerationAction,
} from "#shared/schemas/moderation.ts";
import { Dialog } from "../../components/ui/dialog";
import { InfiniteList, PageTitle } from "../../components/ui/list-page";
import { useDateTime } from "../../components/ui/list-states";
import { appealListQueryOptions, useDecideAppeal } from "./queries";

const STATUS_LABEL: Record<AppealStatus, string> = { OPEN: msg("Open"), DECIDED: msg("Decided") };
const DECISION_LABEL: Record<AppealDecision, string> = {
  UPHOLD: msg("Uphold: keep the decision"),
  REVERSE: msg("Reverse: restore the content or lift the suspension"),
};
const ACTION_LABEL: Record<ModerationAction, string> = {
  REMOVE_CONTENT: msg("Removed the post or comment"),
  SUSPEND_USER: msg("Suspended the person"),
};

/** The decision appealed, the content as it was and the reports behind it: all user text, shown as text. */
function Case({ appeal }: { appeal: AdminAppeal }) {
  const { t } = useTranslation();
  const when = useDateTime();
  const { moderation, content, reports } = appeal;
  return (
    <div className="flex min-w-0 flex-col gap-2 text-sm">
      <p className="flex flex-wrap items-center gap-2">
        {appeal.user ? (
          <Link
            to="/$username"
            params={{ username: appeal.user.username }}
            className="font-semibold hover:underline"
          >
            @{appeal.user.username}
          </Link>
        ) : (
          <span>{t("Deleted account")}</span>
        )}
        <span className="text-[var(--muted)]">{when(appeal.created_at)}</span>
      </p>
      <blockquote className="rounded-lg bg-[var(--surface-strong)] px-3 py-2 break-words whitespace-pre-wrap">
        {appeal.text}
      </blockquote>
      <p>
        <span className="font-semibold">{t(ACTION_LABEL[moderation.action])}</span>
        {" · "}
        {t("by {{admin}} on {{date}}", {
          admin: moderation.admin ?? t("a deleted admin"),
          date: when(moderation.created_at),
        })}
        {moderation.cause ? ` · ${t(CAUSE_LABEL[moderation.cause])}` : null}
      </p>
      {moderation.note ? (
        <p className="break-words whitespace-pre-wrap text-[var(--muted)]">{moderation.note}</p>
      ) : null}
      {content ? (
        <div className="rounded-lg border border-[var(--line)] px-3 py-2" data-testid="appeal-content">
          <p className="mb-1 text-xs text-[var(--muted)]">
            {content.hidden ? t("Hidden from the site") : t("Shown on the site")}
          </p>
          {content.title ? <p className="font-semibold break-words">{content.title}</p> : null}
          <p className="line-clamp-4 break-words whitespace-pre-wrap">{content.text}</p>
        </div>
      ) : null}
      {reports ? (
        <details>
          <summary className="cursor-pointer text-[var(--muted)]">
            {t("Reports: {{n}}", { n: reports.total_reports })}
          </summary>
          <ul className="mt-2 flex flex-wrap gap-1.5" aria-label={t("Causes")}>
            {reports.causes.map((c) => (
              <li
                key={c.report_cause}
                className="rounded-full border border-[var(--line)] px-2 py-0.5 text-xs"
              >
                {t(CAUSE_LABEL[c.report_cause])} · {c.total}
              </li>
            ))}
          </ul>
          <ul className="mt-2 flex flex-col gap-2">
            {reports.texts.map((r, i) => (
              <li
                key={`${reports.group_id}-${i}`}
                className="rounded-lg bg-[var(--surface-strong)] px-3 py-2"
              >
                <p className="mb-1 text-xs text-[var(--muted)]">{t(CAUSE_LABEL[r.report_cause])}</p>
                <p className="break-words whitespace-pre-wrap">{r.text}</p>
              </li>
            ))}
          </ul>
        </details>
      ) : null}
    </div>
  );
}

function DecideDialog({ appeal, onClose }: { appeal: AdminAppeal; onClose: () => void }) {
  const { t } = useTranslation();
  const [decision, setDecision] = useState<AppealDecision>("UPHOLD");
  const [note, setNote] = useState("");
  const decide = useDecideAppeal();
  const tooLong = note.trim().length > APPEAL_NOTE_MAX;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (tooLong) return;
    decide.mutate(
      { id: appeal.id, decision, note },
      {
        onSuccess: () => {
          showSnackbar({ variant: "success", message: t(MODERATION_MSG.appealDecidedDone) });
          onClose();
        },
      },
    );
  };
  return (
    <Dialog title={t("Decide this appeal")} onClose={onClose} testId="decide-dialog">
      <form onSubmit={submit} aria-label={t("Decide this appeal")}>
        {decide.isError ? <FormAlert>{apiErrorText(decide.error, t)}</FormAlert> : null}
        <fieldset className="mb-4 flex flex-col gap-2">
          <legend className="field-label mb-2">{t("Decision")}</legend>
          {APPEAL_DECISIONS.map((d) => (
            <label
              key={d}
              className="flex cursor-pointer items-center gap-3 rounded-lg border border-[var(--line)] px-3 py-2 has-[:checked]:border-[var(--accent)]"
            >
              <input
                type="radio"
                name="decision"
                value={d}
                checked={decision === d}
                onChange={() => setDecision(d)}
              />
              <span>{t(DECISION_LABEL[d])}</span>
            </label>
          ))}
        </fieldset>
        <label className="field-label" htmlFor={`appeal-note-${appeal.id}`}>
          {t("Note")}
        </label>
        <textarea
          id={`appeal-note-${appeal.id}`}
          className="field resize-y"
          rows={3}
          value={note}
          aria-invalid={tooLong}
          aria-describedby={`appeal-note-${appeal.id}-count`}
          onChange={(e) => setNote(e.target.value)}
          placeholder={t("What the person reads with the decision")}
        />
        <p
          id={`appeal-note-${appeal.id}-count`}
          className={`mt-1 mb-4 text-right text-xs tabular-nums ${tooLong ? "text-[var(--danger)]" : "text-[var(--muted)]"}`}
        >
          {note.trim().length} / {APPEAL_NOTE_MAX}
        </p>
        <SubmitButton pending={decide.isPending} disabled={tooLong}>
          {t("Decide")}
        </SubmitButton>
      </form>
    </Dialog>
  );
}

function AppealCard({ appeal, onDecide }: { appeal: AdminAppeal; onDecide: () => void }) {
  const { t } = useTranslation();
  const when = useDateTime();
  return (
    <li className="card flex flex-col gap-3 p-4" data-testid="appeal">
      <Case appeal={appeal} />
      {appeal.decision ? (
        <p className="rounded-lg border border-[var(--line)] px-3 py-2 text-sm" data-testid="appeal-decision">
          <span className="font-semibold">{t(DECISION_LABEL[appeal.decision.decision])}</span>
          {" · "}
          {t("by {{admin}} on {{date}}", {
            admin: appeal.decision.admin ?? t("a deleted admin"),
            date: when(appeal.decision.decided_at),
          })}
          {appeal.decision.note ? (
            <span className="mt-1 block break-words whitespace-pre-wrap text-[var(--muted)]">
              {appeal.decision.note}
            </span>
          ) : null}
        </p>
      ) : (
        <div className="flex justify-end">
          <button type="button" className="btn btn-primary" onClick={onDecide}>
            {t("Decide")}
          </button>
        </div>
      )}
    </li>
  );
}

/** Appeals of staff decisions: OPEN ones to decide (UPHOLD or REVERSE with a note), DECIDED ones. */
export function AppealsPage() {
  const { t } = useTranslation();
  const [status, setStatus] = useState<AppealStatus>("OPEN");
  const [deciding, setDeciding] = useState<AdminAppeal | null>(null);
  const query = useInfiniteQuery(appealListQueryOptions(status));
  return (
    <div className="flex flex-col gap-4">
      <PageTitle title={t("Appeals")} total={totalOf(query.data)}>
        <fieldset className="flex gap-1 rounded-full border border-[var(--line)] p-1">
          <legend className="sr-only">{t("Status")}</legend>
          {APPEAL_STATUSES.map((s) => (
            <button
              key={s}
              type="button"
              aria-pressed={status === s}
              onClick={() => setStatus(s)}
              className={`rounded-full px-4 py-1.5 text-sm ${status === s ? "bg-[var(--accent)] font-semibold text-[var(--accent-text)]" : "hover:bg-[var(--hover)]"}`}
            >
              {t(STATUS_LABEL[s])}
            </button>
          ))}
        </fieldset>
      </PageTitle>
      <InfiniteList
        query={query}
        empty={status === "OPEN" ? t("No open appeals. All clear.") : t("No decided appeals yet.")}
      >
        {(rows) => (
          <ul className="flex flex-col gap-3" aria-label={t("Appeals")}>
            {rows.map((appeal) => (
              <AppealCard key={appeal.id} appeal={appeal} onDecide={() => setDeciding(appeal)} />
            ))}
          </ul>
        )}
      </InfiniteList>
      {deciding ? <DecideDialog appeal={deciding} onClose={() => setDeciding(null)} /> : null}
    </div>
  );
}
