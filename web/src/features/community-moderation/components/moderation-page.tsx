import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { type FormEvent, type ReactNode, useId, useState } from "react";
import { msg } from "#client/i18n.ts";
import { useTranslation } from "#client/react-i18n.tsx";
import { LoadError } from "#client/ui/list-states.tsx";
import { showSnackbar } from "#client/ui/snackbar.tsx";
import type { Community } from "#shared/schemas/communities.ts";
import {
  FLAIR_NAME_MAX,
  FLAIRS_MAX,
  type Flair,
  RULE_DESCRIPTION_MAX,
  RULE_TITLE_MAX,
  RULES_MAX,
} from "#shared/schemas/community-moderation.ts";
import { FlairChip } from "#web/components/ui/flair-chip.tsx";
import { api } from "#web/lib/api.ts";
import { flairsQueryOptions, modCall } from "#web/lib/community-moderation.ts";
import { errorMessage } from "#web/lib/error-message.ts";
import { formatDateTime } from "#web/lib/format.ts";
import { openModal } from "#web/modals.tsx";
import { bansQueryOptions, moderatorsQueryOptions, modKeys, modReportsQueryOptions } from "../queries";
import { PaletteEditor } from "./palette-editor";

/** One part of the Moderation area: a card with its heading. */
function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="card p-4" aria-labelledby={id}>
      <h2 id={id} className="mb-3 text-base font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** Runs a moderator's call, shows its refusal in the reader's words, and refreshes what it changed. */
function useAct() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return async (work: () => Promise<unknown>, done: string) => {
    try {
      await work();
    } catch (error) {
      showSnackbar({ message: errorMessage(error), variant: "error" });
      return false;
    }
    await queryClient.invalidateQueries({ queryKey: modKeys.root });
    await queryClient.invalidateQueries({ queryKey: ["flairs"] });
    await queryClient.invalidateQueries({ queryKey: ["communities"] });
    await queryClient.invalidateQueries({ queryKey: ["posts"] });
    showSnackbar({ message: t(done), variant: "success" });
    return true;
  };
}

/** /c/:name/moderation: the queue, the moderators, the bans, the rules, the palette (its owner) and the flairs. */
export function ModerationPage({ community }: { community: Community }) {
  const { t } = useTranslation();
  const role = community.user_membership?.role;
  if (role !== "OWNER" && role !== "MODERATOR")
    return (
      <p className="card p-4 text-sm" role="status">
        {t("Only this community's owner and moderators can do that")}
      </p>
    );
  return (
    <div className="flex flex-col gap-3" data-testid="moderation-page">
      <ReportQueue name={community.name} />
      <Moderators name={community.name} owner={role === "OWNER"} />
      <Bans name={community.name} />
      <RulesEditor community={community} />
      {role === "OWNER" ? <PaletteEditor community={community} /> : null}
      <Flairs name={community.name} />
    </div>
  );
}

function ReportQueue({ name }: { name: string }) {
  const { t } = useTranslation();
  const act = useAct();
  const [status, setStatus] = useState<"OPEN" | "RESOLVED">("OPEN");
  const reports = useQuery(modReportsQueryOptions(name, status));
  return (
    <Section id="mod-reports" title={t("Reports")}>
      <fieldset className="mb-3 flex gap-2">
        <legend className="sr-only">{t("Reports")}</legend>
        {(["OPEN", "RESOLVED"] as const).map((s) => (
          <button
            key={s}
            type="button"
            aria-pressed={status === s}
            className={`btn ${status === s ? "btn-primary" : "btn-outline"}`}
            onClick={() => setStatus(s)}
          >
            {s === "OPEN" ? t("Open") : t("Resolved")}
          </button>
        ))}
      </fieldset>
      {reports.isError ? <LoadError error={reports.error} retry={reports.refetch} /> : null}
      {reports.data?.list.length === 0 ? (
        <p className="text-sm text-[var(--muted)]">{t("No reports here")}</p>
      ) : null}
      <ul className="divide-y divide-[var(--line)]">
        {reports.data?.list.map((r) => (
          <li key={r.id} className="py-2 text-sm">
            <a href={r.link} className="font-semibold break-words hover:underline">
              {r.excerpt || r.public_id}
            </a>
            <p className="text-xs text-[var(--muted)]">
              {r.author ? `u/${r.author} · ` : ""}
              {t("{{count}} reports", { count: r.total_reports })}
              {r.removed ? ` · ${t("Removed")}` : ""}
            </p>
            <ul className="mt-1 list-disc pl-5 text-xs">
              {r.reports.map((x, i) => (
                <li key={i} className="break-words">
                  {x.rule ? <strong>{t("Rule: {{rule}}", { rule: x.rule })} · </strong> : null}
                  {x.text}
                </li>
              ))}
            </ul>
            <div className="mt-2 flex gap-2">
              {r.removed ? (
                <button
                  type="button"
                  className="btn btn-outline"
                  onClick={() =>
                    void act(
                      () => modCall.restore({ name, target_type: r.target_type, public_id: r.public_id }),
                      msg("It was restored"),
                    )
                  }
                >
                  {t("Restore")}
                </button>
              ) : (
                <button
                  type="button"
                  className="btn btn-danger"
                  onClick={() =>
                    openModal("MOD_ACTION", {
                      action: {
                        kind: "remove",
                        community: name,
                        target_type: r.target_type,
                        public_id: r.public_id,
                      },
                    })
                  }
                >
                  {t("Remove")}
                </button>
              )}
            </div>
          </li>
        ))}
      </ul>
    </Section>
  );
}

function UsernameForm({
  label,
  button,
  onSubmit,
}: {
  label: string;
  button: string;
  onSubmit: (u: string) => Promise<boolean>;
}) {
  const id = useId();
  const [username, setUsername] = useState("");
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (username.trim() && (await onSubmit(username.trim().replace(/^u\//, "")))) setUsername("");
  };
  return (
    <form onSubmit={(e) => void submit(e)} className="mt-3 flex flex-wrap items-end gap-2">
      <div className="min-w-40 flex-1">
        <label htmlFor={id} className="field-label">
          {label}
        </label>
        <input
          id={id}
          className="field"
          value={username}
          onChange={(e) => setUsername(e.target.value)}
          autoComplete="off"
        />
      </div>
      <button type="submit" className="btn btn-primary">
        {button}
      </button>
    </form>
  );
}

function Moderators({ name, owner }: { name: string; owner: boolean }) {
  const { t } = useTranslation();
  const act = useAct();
  const moderators = useQuery(moderatorsQueryOptions(name));
  return (
    <Section id="mod-moderators" title={t("Moderators")}>
      <ul className="divide-y divide-[var(--line)]">
        {moderators.data?.map((m) => (
          <li key={m.owner.username} className="flex items-center justify-between gap-2 py-2 text-sm">
            <Link
              to="/user/$username"
              params={{ username: m.owner.username }}
              className="font-semibold hover:underline"
            >
              u/{m.owner.username}
            </Link>
            {m.role === "OWNER" ? (
              <span className="text-xs text-[var(--muted)]">{t("Owner")}</span>
            ) : owner ? (
              <button
                type="button"
                className="btn btn-outline"
                onClick={() =>
                  void act(
                    () =>
                      api.delete("/api/v1/private/user/community/moderator", {
                        body: { name, username: m.owner.username },
                      }),
                    msg("They are no longer a moderator"),
                  )
                }
              >
                {t("Dismiss")}
              </button>
            ) : (
              <span className="text-xs text-[var(--muted)]">{t("Moderator")}</span>
            )}
          </li>
        ))}
      </ul>
      {owner ? (
        <UsernameForm
          label={t("Appoint a member as moderator")}
          button={t("Appoint")}
          onSubmit={(username) =>
            act(
              () =>
                api.post("/api/v1/private/user/community/moderator", {
                  body: { name, username },
                }),
              msg("They are a moderator now"),
            )
          }
        />
      ) : null}
    </Section>
  );
}

function Bans({ name }: { name: string }) {
  const { t } = useTranslation();
  const act = useAct();
  const bans = useQuery(bansQueryOptions(name));
  return (
    <Section id="mod-bans" title={t("Bans")}>
      {bans.data?.length === 0 ? (
        <p className="text-sm text-[var(--muted)]">{t("Nobody is banned")}</p>
      ) : null}
      <ul className="divide-y divide-[var(--line)]">
        {bans.data?.map((b) => (
          <li
            key={b.owner.username}
            className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm"
          >
            <div className="min-w-0">
              <p className="font-semibold">u/{b.owner.username}</p>
              <p className="text-xs break-words text-[var(--muted)]">
                {b.ends_at ? t("Until {{date}}", { date: formatDateTime(b.ends_at) }) : t("Until lifted")}
                {b.reason ? ` · ${b.reason}` : ""}
              </p>
            </div>
            <button
              type="button"
              className="btn btn-outline"
              onClick={() =>
                void act(() => modCall.unban({ name, username: b.owner.username }), msg("The ban was lifted"))
              }
            >
              {t("Lift")}
            </button>
          </li>
        ))}
      </ul>
      <UsernameForm
        label={t("Ban someone")}
        button={t("Ban")}
        onSubmit={async (username) => {
          openModal("MOD_ACTION", { action: { kind: "ban", community: name, username } });
          return true;
        }}
      />
    </Section>
  );
}

function RulesEditor({ community }: { community: Community }) {
  const { t } = useTranslation();
  const act = useAct();
  const [rules, setRules] = useState(community.rules ?? []);
  const set = (i: number, field: "title" | "description", value: string) =>
    setRules((list) => list.map((r, j) => (j === i ? { ...r, [field]: value } : r)));
  const save = async (event: FormEvent) => {
    event.preventDefault();
    const body = new FormData();
    body.set("name", community.name);
    body.set("rules", JSON.stringify(rules.filter((r) => r.title.trim() || r.description.trim())));
    await act(() => api.patch("/api/v1/private/user/community", { body }), msg("The rules were saved"));
  };
  return (
    <Section id="mod-rules" title={t("Rules")}>
      <form onSubmit={(e) => void save(e)} className="flex flex-col gap-3">
        {rules.map((rule, i) => (
          <fieldset key={i} className="rounded-lg border border-[var(--line)] p-3">
            <legend className="px-1 text-xs text-[var(--muted)]">{t("Rule {{n}}", { n: i + 1 })}</legend>
            <label className="field-label" htmlFor={`rule-title-${i}`}>
              {t("Title")}
            </label>
            <input
              id={`rule-title-${i}`}
              className="field"
              maxLength={RULE_TITLE_MAX}
              value={rule.title}
              onChange={(e) => set(i, "title", e.target.value)}
            />
            <label className="field-label mt-2" htmlFor={`rule-description-${i}`}>
              {t("Description")}
            </label>
            <textarea
              id={`rule-description-${i}`}
              className="field min-h-16"
              maxLength={RULE_DESCRIPTION_MAX}
              value={rule.description}
              onChange={(e) => set(i, "description", e.target.value)}
            />
            <button
              type="button"
              className="btn btn-outline mt-2"
              onClick={() => setRules((list) => list.filter((_, j) => j !== i))}
            >
              {t("Delete rule")}
            </button>
          </fieldset>
        ))}
        <div className="flex flex-wrap gap-2">
          <button
            type="button"
            className="btn btn-outline"
            disabled={rules.length >= RULES_MAX}
            onClick={() => setRules((list) => [...list, { title: "", description: "" }])}
          >
            {t("Add a rule")}
          </button>
          <button type="submit" className="btn btn-primary">
            {t("Save the rules")}
          </button>
        </div>
      </form>
    </Section>
  );
}

function FlairRow({ flair }: { flair: Flair }) {
  const { t } = useTranslation();
  const act = useAct();
  const [name, setName] = useState(flair.name);
  const [colour, setColour] = useState(flair.colour);
  return (
    <li className="flex flex-wrap items-end gap-2 py-2">
      <FlairChip flair={{ name, colour }} />
      <div className="min-w-32 flex-1">
        <label className="sr-only" htmlFor={`flair-name-${flair.id}`}>
          {t("Flair name")}
        </label>
        <input
          id={`flair-name-${flair.id}`}
          className="field"
          maxLength={FLAIR_NAME_MAX}
          value={name}
          onChange={(e) => setName(e.target.value)}
        />
      </div>
      <label className="sr-only" htmlFor={`flair-colour-${flair.id}`}>
        {t("Colour")}
      </label>
      <input
        id={`flair-colour-${flair.id}`}
        type="color"
        className="h-9 w-12 rounded border border-[var(--line)]"
        value={colour}
        onChange={(e) => setColour(e.target.value)}
      />
      <button
        type="button"
        className="btn btn-outline"
        onClick={() =>
          void act(
            () =>
              api.patch("/api/v1/private/user/community/flair", {
                body: { id: flair.id, flair_name: name, colour },
              }),
            msg("The flair was saved"),
          )
        }
      >
        {t("Save")}
      </button>
      <button
        type="button"
        className="btn btn-outline"
        onClick={() =>
          void act(
            () => api.delete("/api/v1/private/user/community/flair", { body: { id: flair.id } }),
            msg("The flair was deleted"),
          )
        }
      >
        {t("Delete")}
      </button>
    </li>
  );
}

function Flairs({ name }: { name: string }) {
  const { t } = useTranslation();
  const act = useAct();
  const flairs = useQuery(flairsQueryOptions(name));
  const [flairName, setFlairName] = useState("");
  const [colour, setColour] = useState("#3b82f6");
  const nameId = useId();
  const colourId = useId();
  const add = async (event: FormEvent) => {
    event.preventDefault();
    const made = await act(
      () =>
        api.post("/api/v1/private/user/community/flair", {
          body: { name, flair_name: flairName, colour },
        }),
      msg("The flair was added"),
    );
    if (made) setFlairName("");
  };
  return (
    <Section id="mod-flairs" title={t("Flairs")}>
      <ul className="divide-y divide-[var(--line)]">
        {flairs.data?.map((f) => (
          <FlairRow key={`${f.id}-${f.name}-${f.colour}`} flair={f} />
        ))}
      </ul>
      {(flairs.data?.length ?? 0) < FLAIRS_MAX ? (
        <form onSubmit={(e) => void add(e)} className="mt-3 flex flex-wrap items-end gap-2">
          <div className="min-w-40 flex-1">
            <label htmlFor={nameId} className="field-label">
              {t("New flair")}
            </label>
            <input
              id={nameId}
              className="field"
              maxLength={FLAIR_NAME_MAX}
              value={flairName}
              onChange={(e) => setFlairName(e.target.value)}
            />
          </div>
          <div>
            <label htmlFor={colourId} className="field-label">
              {t("Colour")}
            </label>
            <input
              id={colourId}
              type="color"
              className="h-9 w-12 rounded border border-[var(--line)]"
              value={colour}
              onChange={(e) => setColour(e.target.value)}
            />
          </div>
          <button type="submit" className="btn btn-primary" disabled={!flairName.trim()}>
            {t("Add")}
          </button>
        </form>
      ) : null}
    </Section>
  );
}
