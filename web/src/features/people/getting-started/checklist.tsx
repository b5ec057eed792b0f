import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Link, useNavigate } from "@tanstack/react-router";
import { type ReactNode, useEffect } from "react";
import { useTranslation } from "#client/react-i18n.tsx";
import { ListSkeleton, LoadError } from "#client/ui/list-states.tsx";
import { GETTING_STARTED_GOAL as GOAL } from "#shared/schemas/getting-started.ts";
import { handleApiError } from "#web/lib/errors.ts";
import { saveDefaultSort } from "#web/lib/feed-sort.ts";
import { accountKeys } from "#web/lib/session.ts";
import { suggestionsKey } from "#web/lib/suggestions.ts";
import SuggestionsPanel from "../components/suggestions-panel";
import { gettingStartedQueryOptions, stepsDone } from "./queries";

/** Queries whose change may finish a step: a join or follow in the lists, the person's profile. */
const WATCHED = [JSON.stringify(suggestionsKey), JSON.stringify(accountKeys.me())];

function Step({
  done,
  title,
  detail,
  children,
}: {
  done: boolean;
  title: string;
  detail?: string;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <li className="flex gap-3 py-3" data-testid="getting-started-step" data-done={done}>
      <span
        aria-hidden="true"
        className={`mt-0.5 grid size-6 shrink-0 place-items-center rounded-full border-2 text-xs font-bold ${
          done
            ? "border-[var(--accent)] bg-[var(--accent)] text-[var(--accent-text)]"
            : "border-[var(--line)] text-transparent"
        }`}
      >
        ✓
      </span>
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        <p className="font-semibold">
          {title}
          <span className="sr-only">{done ? ` (${t("done")})` : ` (${t("to do")})`}</span>
        </p>
        {detail ? <p className="text-sm text-[var(--muted)]">{detail}</p> : null}
        {done ? null : children}
      </div>
    </li>
  );
}

/**
 * Get started (docs/decisions/171): a picture and a name, three communities, three people, a first
 * post, each ticked from what the server counts. The communities and people to pick from are in
 * their steps, joined and followed without a notice over the list. "Go to my feed" lands on the
 * person's own communities (or the people they follow) and keeps that as their Home.
 */
export default function GettingStartedChecklist({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const query = useQuery(gettingStartedQueryOptions());
  const { refetch } = query;

  // A join, a follow or a profile change in this dialog or elsewhere: count again.
  useEffect(
    () =>
      queryClient.getQueryCache().subscribe((event) => {
        if (
          event.type === "updated" &&
          event.action.type === "success" &&
          WATCHED.includes(JSON.stringify(event.query.queryKey))
        )
          void refetch();
      }),
    [queryClient, refetch],
  );

  if (query.isPending) return <ListSkeleton rows={4} height="h-12" />;
  if (query.isError) return <LoadError error={query.error} retry={query.refetch} />;
  const p = query.data;
  const done = stepsDone(p, GOAL);
  const home = p.communities > 0 ? "COMMUNITIES" : p.people > 0 ? "FOLLOWING" : null;

  const goHome = () => {
    onClose();
    if (!home) {
      void navigate({ to: "/" });
      return;
    }
    void navigate({ to: "/", search: { sort: home === "COMMUNITIES" ? "communities" : "following" } });
    saveDefaultSort(queryClient, home).catch(handleApiError);
  };

  return (
    <div className="flex flex-col gap-3" data-testid="getting-started">
      <div className="flex flex-col gap-1">
        <p className="text-sm font-semibold" id="getting-started-progress">
          {p.done ? t("You are all set") : t("{{done}} of 4 done", { done })}
        </p>
        <div
          role="progressbar"
          aria-labelledby="getting-started-progress"
          aria-valuemin={0}
          aria-valuemax={4}
          aria-valuenow={done}
          className="h-2 overflow-hidden rounded-full bg-[var(--surface-strong)]"
        >
          <div
            className="h-full bg-[var(--accent)] transition-[width]"
            style={{ width: `${(done / 4) * 100}%` }}
          />
        </div>
      </div>
      <ol className="divide-y divide-[var(--line)]" aria-label={t("Get started")}>
        <Step done={p.profile} title={t("Add a photo and your name")}>
          <Link
            to="/settings/$tab"
            params={{ tab: "profile" }}
            className="btn btn-outline self-start px-3 py-1 text-sm"
            onClick={onClose}
          >
            {t("Edit profile")}
          </Link>
        </Step>
        <Step
          done={p.communities >= GOAL}
          title={t("Join three communities")}
          detail={t("{{count}} of {{goal}}", { count: Math.min(p.communities, GOAL), goal: GOAL })}
        >
          <SuggestionsPanel show="communities" quiet />
        </Step>
        <Step
          done={p.people >= GOAL}
          title={t("Follow three people")}
          detail={t("{{count}} of {{goal}}", { count: Math.min(p.people, GOAL), goal: GOAL })}
        >
          <SuggestionsPanel show="people" quiet />
        </Step>
        <Step done={p.post} title={t("Write your first post")}>
          <Link to="/post" className="btn btn-outline self-start px-3 py-1 text-sm" onClick={onClose}>
            {t("Create a post")}
          </Link>
        </Step>
      </ol>
      <div className="flex flex-wrap justify-end gap-2">
        <button type="button" className="btn btn-primary" onClick={goHome}>
          {t("Go to my feed")}
        </button>
      </div>
    </div>
  );
}
