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
  ADMIN_MSG,
  REPORT_ACTIONS,
  REPORT_NOTE_MAX,
  REPORT_STATUSES,
  type ReportAction,
  type ReportGroup,
  type ReportStatus,
} from "#shared/schemas/admin.ts";
import { Dialog } from "../../components/ui/dialog";
import { InfiniteList, PageTitle } from "../../components/ui/list-page";
import { useDateTime } from "../../components/ui/list-states";
import { StatusBadge } from "../users/user-row";
import { useResolveReport } from "./mutations";
import { reportListQueryOptions } from "./queries";
import { type HistoryTarget, VersionHistoryDialog } from "./version-history";

const STATUS_LABEL: Record<ReportStatus, string> = { OPEN: msg("Open"), RESOLVED: msg("Resolved") };

const ACTION_LABEL: Record<ReportAction, string> = {
  DISMISS: msg("Dismiss"),
  REMOVE_CONTENT: msg("Remove the post or comment"),
  SUSPEND_USER: msg("Suspend the person"),
};

const TARGET_LABEL: Record<ReportGroup["target"]["type"], string> = {
  MICROPOST: msg("A post"),
  COMMENT: msg("A comment"),
  USER: msg("A person"),
  LINK: msg("A link"),
};

/** Which actions make sense for a group: content to remove, a person to suspend. */
function possibleActions(group: ReportGroup): ReportAction[] {
  const { target } = group;
  const content = (target.type === "MICROPOST" || target.type === "COMMENT") && target.exists;
  const person = target.user !== null && target.user.status !== "INACTIVE";
  return REPORT_ACTIONS.filter(
    (a) => a === "DISMISS" || (a === "REMOVE_CONTENT" && content) || (a === "SUSPEND_USER" && person),
  );
}

/** What a group points at; every text here was written by users, so it is shown as text. */
function Target({ group }: { group: ReportGroup }) {
  const { t } = useTranslation();
  const { target } = group;
  const link = target.micropost?.link ?? target.comment?.link ?? target.link;
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <p className="flex flex-wrap items-center gap-2 text-xs text-[var(--muted)]">
        <span className="rounded-full bg-[var(--surface-strong)] px-2 py-0.5 font-semibold text-[var(--text)]">
          {t(TARGET_LABEL[target.type])}
        </span>
        {!target.exists ? <span>{t("Gone")}</span> : null}
      </p>
      {target.micropost ? <p className="font-semibold break-words">{target.micropost.title}</p> : null}
      {target.comment ? (
        <p className="line-clamp-3 break-words whitespace-pre-wrap">{target.comment.text}</p>
      ) : null}
      {target.user ? (
        <p className="flex flex-wrap items-center gap-2 text-sm">
          <Link
            to="/$username"
            params={{ username: target.user.username }}
            className="font-semibold hover:underline"
          >
            @{target.user.username}
          </Link>
          <span className="wrap-anywhere text-[var(--muted)]">{target.user.email}</span>
          <StatusBadge status={target.user.status} />
        </p>
      ) : null}
      {link ? (
        <a
          href={link}
          target="_blank"
          rel="noreferrer noopener"
          className="wrap-anywhere text-sm text-[var(--accent)] underline"
        >
          {link}
        </a>
      ) : null}
    </div>
  );
}

function ResolveDialog({ group, onClose }: { group: ReportGroup; onClose: () => void }) {
  const { t } = useTranslation();
  const actions = possibleActions(group);
  const [action, setAction] = useState<ReportAction>("DISMISS");
  const [note, setNote] = useState("");
  const resolve = useResolveReport();
  const tooLong = note.trim().length > REPORT_NOTE_MAX;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (tooLong) return;
    resolve.mutate(
      { id: group.id, action, note },
      {
        onSuccess: () => {
          showSnackbar({ variant: "success", message: t(ADMIN_MSG.reportsResolved) });
          onClose();
        },
      },
    );
  };
  return (
    <Dialog title={t("Resolve these reports")} onClose={onClose} testId="resolve-dialog">
      <form onSubmit={submit} aria-label={t("Resolve these reports")}>
        <div className="mb-4 rounded-lg bg-[var(--surface-strong)] px-3 py-2 text-sm">
          <Target group={group} />
        </div>
        {resolve.isError ? <FormAlert>{apiErrorText(resolve.error, t)}</FormAlert> : null}
        <fieldset className="mb-4 flex flex-col gap-2">
          <legend className="field-label mb-2">{t("Action")}</legend>
          {actions.map((a) => (
            <label
              key={a}
              className="flex cursor-pointer items-center gap-3 rounded-lg border border-[var(--line)] px-3 py-2 has-[:checked]:border-[var(--accent)]"
            >
              <input
                type="radio"
                name="action"
                value={a}
                checked={action === a}
                onChange={() => setAction(a)}
              />
              <span>{t(ACTION_LABEL[a])}</span>
            </label>
          ))}
        </fieldset>
        <label className="field-label" htmlFor={`note-${group.id}`}>
          {t("Note")}
        </label>
        <textarea
          id={`note-${group.id}`}
          className="field resize-y"
          rows={3}
          value={note}
          aria-invalid={tooLong}
          aria-describedby={`note-${group.id}-count`}
          onChange={(e) => setNote(e.target.value)}
          placeholder={t("Why, for the other staff (optional)")}
        />
        <p
          id={`note-${group.id}-count`}
          className={`mt-1 mb-4 text-right text-xs tabular-nums ${tooLong ? "text-[var(--danger)]" : "text-[var(--muted)]"}`}
        >
          {note.trim().length} / {REPORT_NOTE_MAX}
        </p>
        <SubmitButton pending={resolve.isPending} disabled={tooLong} danger={action !== "DISMISS"}>
          {t("Resolve")}
        </SubmitButton>
      </form>
    </Dialog>
  );
}

/** The post or comment a group points at, when it is still there: its edit history can be read. */
function historyTarget(group: ReportGroup): HistoryTarget | null {
  const { target } = group;
  if (!target.exists) return null;
  if (target.micropost) return { kind: "post", publicId: target.micropost.public_id };
  if (target.comment) return { kind: "comment", publicId: target.comment.public_id };
  return null;
}

function GroupCard({ group, onResolve }: { group: ReportGroup; onResolve: () => void }) {
  const { t } = useTranslation();
  const when = useDateTime();
  const history = historyTarget(group);
  const [showHistory, setShowHistory] = useState(false);
  return (
    <li className="card flex flex-col gap-3 p-4" data-testid="report-group">
      {/* On a phone the count goes under the target instead of squeezing it into a column. */}
      <div className="flex flex-wrap items-start gap-3">
        <div className="min-w-0 flex-[1_1_14rem]">
          <Target group={group} />
        </div>
        <span
          className="shrink-0 rounded-full bg-[var(--danger)]/15 px-2.5 py-1 text-sm font-bold text-[var(--danger)] tabular-nums"
          data-testid="total-reports"
        >
          {t("Reports: {{n}}", { n: group.total_reports })}
        </span>
      </div>
      <ul className="flex flex-wrap gap-1.5" aria-label={t("Causes")}>
        {group.causes.map((c) => (
          <li key={c.report_cause} className="rounded-full border border-[var(--line)] px-2 py-0.5 text-xs">
            {t(CAUSE_LABEL[c.report_cause])} · {c.total}
          </li>
        ))}
      </ul>
      {group.texts.length ? (
        <details className="text-sm">
          <summary className="cursor-pointer text-[var(--muted)]">
            {t("What reporters wrote ({{n}})", { n: group.texts.length })}
          </summary>
          <ul className="mt-2 flex flex-col gap-2">
            {group.texts.map((r, i) => (
              <li key={`${r.created_at}-${i}`} className="rounded-lg bg-[var(--surface-strong)] px-3 py-2">
                <p className="mb-1 text-xs text-[var(--muted)]">
                  {r.reporter ? `@${r.reporter}` : t("Deleted account")} · {t(CAUSE_LABEL[r.report_cause])} ·{" "}
                  {when(r.created_at)}
                </p>
                <p className="break-words whitespace-pre-wrap">{r.text}</p>
              </li>
            ))}
          </ul>
        </details>
      ) : null}
      {history ? (
        <button type="button" className="btn btn-outline self-start" onClick={() => setShowHistory(true)}>
          {t("Edit history")}
        </button>
      ) : null}
      {history && showHistory ? (
        <VersionHistoryDialog target={history} onClose={() => setShowHistory(false)} />
      ) : null}
      {group.resolution ? (
        <p className="rounded-lg border border-[var(--line)] px-3 py-2 text-sm" data-testid="resolution">
          <span className="font-semibold">{t(ACTION_LABEL[group.resolution.action])}</span>
          {" · "}
          {t("by {{admin}} on {{date}}", {
            admin: group.resolution.admin ?? t("a deleted admin"),
            date: when(group.resolution.resolved_at),
          })}
          {group.resolution.note ? (
            <span className="mt-1 block break-words whitespace-pre-wrap text-[var(--muted)]">
              {group.resolution.note}
            </span>
          ) : null}
        </p>
      ) : (
        <div className="flex flex-wrap items-center justify-between gap-2">
          <span className="text-xs text-[var(--muted)]">
            {t("Last report {{date}}", { date: when(group.updated_at) })}
          </span>
          <button type="button" className="btn btn-primary" onClick={onResolve}>
            {t("Resolve")}
          </button>
        </div>
      )}
    </li>
  );
}

/** The reports queue: groups by what was reported, OPEN or RESOLVED, each resolved with an action. */
export function ReportsPage() {
  const { t } = useTranslation();
  const [status, setStatus] = useState<ReportStatus>("OPEN");
  const [resolving, setResolving] = useState<ReportGroup | null>(null);
  const query = useInfiniteQuery(reportListQueryOptions(status));
  return (
    <div className="flex flex-col gap-4">
      <PageTitle title={t("Reports")} total={totalOf(query.data)}>
        <fieldset className="flex gap-1 rounded-full border border-[var(--line)] p-1">
          <legend className="sr-only">{t("Status")}</legend>
          {REPORT_STATUSES.map((s) => (
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
        empty={status === "OPEN" ? t("No open reports. All clear.") : t("No resolved reports yet.")}
      >
        {(rows) => (
          <ul className="flex flex-col gap-3" aria-label={t("Reports")}>
            {rows.map((group) => (
              <GroupCard key={group.id} group={group} onResolve={() => setResolving(group)} />
            ))}
          </ul>
        )}
      </InfiniteList>
      {resolving ? <ResolveDialog group={resolving} onClose={() => setResolving(null)} /> : null}
    </div>
  );
}
