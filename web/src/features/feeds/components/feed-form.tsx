import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { type FormEvent, useId, useState } from "react";
import { useTranslation } from "#client/react-i18n.tsx";
import {
  type CustomFeed,
  FEED_COMMUNITIES_MAX,
  FEED_DESCRIPTION_MAX,
  FEED_NAME_MAX,
  FEED_PEOPLE_MAX,
} from "#shared/schemas/feeds.ts";
import { Switch } from "#web/components/ui/switch.tsx";
import { handleApiError } from "#web/lib/errors.ts";
import { communitySuggestions, flairsQueryOptions, saveFeed } from "../api";

interface CommunityChoice {
  name: string;
  include: number[];
  exclude: number[];
}

/** One community of the feed: its flairs to include or exclude, and a button to take it out. */
function CommunityRow({
  choice,
  onChange,
  onRemove,
}: {
  choice: CommunityChoice;
  onChange: (next: CommunityChoice) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const flairs = useQuery(flairsQueryOptions(choice.name));
  const modeOf = (id: number) =>
    choice.include.includes(id) ? "include" : choice.exclude.includes(id) ? "exclude" : "any";
  const setMode = (id: number, mode: string) =>
    onChange({
      ...choice,
      include:
        mode === "include"
          ? [...choice.include.filter((f) => f !== id), id]
          : choice.include.filter((f) => f !== id),
      exclude:
        mode === "exclude"
          ? [...choice.exclude.filter((f) => f !== id), id]
          : choice.exclude.filter((f) => f !== id),
    });
  return (
    <li
      className="flex flex-col gap-2 rounded-lg border border-[var(--line)] p-3"
      data-testid="feed-community"
    >
      <div className="flex items-center justify-between gap-2">
        <span className="font-medium">c/{choice.name}</span>
        <button type="button" className="btn btn-outline px-2 py-1 text-sm" onClick={onRemove}>
          {t("Remove")}
          <span className="sr-only"> c/{choice.name}</span>
        </button>
      </div>
      {flairs.data && flairs.data.length > 0 ? (
        <fieldset className="flex flex-col gap-1">
          <legend className="text-xs text-[var(--muted)]">{t("Flairs in this feed")}</legend>
          {flairs.data.map((flair) => (
            <label key={flair.id} className="flex items-center justify-between gap-2 text-sm">
              <span>{flair.name}</span>
              <select
                className="field w-40 py-1"
                value={modeOf(flair.id)}
                onChange={(e) => setMode(flair.id, e.target.value)}
              >
                <option value="any">{t("Any")}</option>
                <option value="include">{t("Only these")}</option>
                <option value="exclude">{t("Leave out")}</option>
              </select>
            </label>
          ))}
        </fieldset>
      ) : null}
    </li>
  );
}

/** The form to make a feed or change one: name, description, public or not, communities, people. */
export function FeedForm({ feed }: { feed?: CustomFeed }) {
  const { t } = useTranslation();
  const id = useId();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [name, setName] = useState(feed?.name ?? "");
  const [description, setDescription] = useState(feed?.description ?? "");
  const [isPublic, setPublic] = useState(feed?.is_public ?? false);
  const [communities, setCommunities] = useState<CommunityChoice[]>(
    feed?.communities.map((c) => ({ name: c.name, include: c.include_flairs, exclude: c.exclude_flairs })) ??
      [],
  );
  const [people, setPeople] = useState<string[]>(feed?.people.map((p) => p.username) ?? []);
  const [communityText, setCommunityText] = useState("");
  const [personText, setPersonText] = useState("");
  const [busy, setBusy] = useState(false);
  const suggestions = useQuery(communitySuggestions(communityText.trim()));

  const addCommunity = () => {
    const wanted = communityText.trim().replace(/^c\//i, "");
    if (!wanted || communities.length >= FEED_COMMUNITIES_MAX) return;
    if (!communities.some((c) => c.name.toLowerCase() === wanted.toLowerCase()))
      setCommunities([...communities, { name: wanted, include: [], exclude: [] }]);
    setCommunityText("");
  };
  const addPerson = () => {
    const wanted = personText.trim().replace(/^@/, "");
    if (!wanted || people.length >= FEED_PEOPLE_MAX) return;
    if (!people.includes(wanted)) setPeople([...people, wanted]);
    setPersonText("");
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    try {
      const saved = await saveFeed(queryClient, feed?.id ?? null, {
        name,
        description,
        is_public: isPublic,
        communities: communities.map((c) => ({
          name: c.name,
          include_flairs: c.include,
          exclude_flairs: c.exclude,
        })),
        people,
      });
      void navigate({ to: "/feeds/$id", params: { id: saved.id } });
    } catch (error) {
      handleApiError(error);
    } finally {
      setBusy(false);
    }
  };

  const onEnter = (add: () => void) => (e: React.KeyboardEvent) => {
    if (e.key === "Enter") {
      e.preventDefault();
      add();
    }
  };

  return (
    <form
      className="card mx-auto flex max-w-2xl flex-col gap-4 p-4"
      onSubmit={submit}
      data-testid="feed-form"
    >
      <h1 className="text-xl font-semibold">{feed ? t("Edit feed") : t("New feed")}</h1>
      <label className="flex flex-col gap-1 text-sm font-medium">
        {t("Name")}
        <input
          className="field"
          required
          maxLength={FEED_NAME_MAX}
          value={name}
          onChange={(e) => setName(e.target.value)}
        />
      </label>
      <label className="flex flex-col gap-1 text-sm font-medium">
        {t("Description")}
        <textarea
          className="field min-h-20"
          maxLength={FEED_DESCRIPTION_MAX}
          value={description}
          onChange={(e) => setDescription(e.target.value)}
        />
      </label>
      <Switch
        label={t("Public")}
        description={t("Anyone with the link can read a public feed; a private one is yours alone.")}
        checked={isPublic}
        onChange={setPublic}
        className="mb-0"
      />

      <section aria-labelledby={`${id}-communities`} className="flex flex-col gap-2">
        <h2 id={`${id}-communities`} className="font-semibold">
          {t("Communities ({{count}} of {{max}})", { count: communities.length, max: FEED_COMMUNITIES_MAX })}
        </h2>
        <div className="flex gap-2">
          <label className="sr-only" htmlFor={`${id}-community`}>
            {t("Add a community")}
          </label>
          <input
            id={`${id}-community`}
            className="field flex-1"
            list={`${id}-community-list`}
            placeholder={t("Community name")}
            value={communityText}
            autoComplete="off"
            onChange={(e) => setCommunityText(e.target.value)}
            onKeyDown={onEnter(addCommunity)}
            data-testid="feed-community-input"
          />
          <datalist id={`${id}-community-list`}>
            {(suggestions.data?.list ?? []).map((c) => (
              <option key={c.name} value={c.name} />
            ))}
          </datalist>
          <button
            type="button"
            className="btn btn-outline"
            onClick={addCommunity}
            data-testid="feed-community-add"
          >
            {t("Add")}
          </button>
        </div>
        {communities.length ? (
          <ul className="flex flex-col gap-2">
            {communities.map((choice, i) => (
              <CommunityRow
                key={choice.name}
                choice={choice}
                onChange={(next) => setCommunities(communities.map((c, j) => (j === i ? next : c)))}
                onRemove={() => setCommunities(communities.filter((_, j) => j !== i))}
              />
            ))}
          </ul>
        ) : (
          <p className="text-sm text-[var(--muted)]">{t("No communities yet.")}</p>
        )}
      </section>

      <section aria-labelledby={`${id}-people`} className="flex flex-col gap-2">
        <h2 id={`${id}-people`} className="font-semibold">
          {t("People ({{count}} of {{max}})", { count: people.length, max: FEED_PEOPLE_MAX })}
        </h2>
        <div className="flex gap-2">
          <label className="sr-only" htmlFor={`${id}-person`}>
            {t("Add a person")}
          </label>
          <input
            id={`${id}-person`}
            className="field flex-1"
            placeholder={t("Username")}
            value={personText}
            autoComplete="off"
            onChange={(e) => setPersonText(e.target.value)}
            onKeyDown={onEnter(addPerson)}
          />
          <button type="button" className="btn btn-outline" onClick={addPerson}>
            {t("Add")}
          </button>
        </div>
        {people.length ? (
          <ul className="flex flex-wrap gap-2">
            {people.map((username) => (
              <li
                key={username}
                className="flex items-center gap-1 rounded-full border border-[var(--line)] py-1 pr-1 pl-3 text-sm"
              >
                @{username}
                <button
                  type="button"
                  className="rounded-full px-2 hover:bg-[var(--hover)]"
                  aria-label={t("Remove @{{name}}", { name: username })}
                  onClick={() => setPeople(people.filter((p) => p !== username))}
                >
                  ×
                </button>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-[var(--muted)]">{t("No people yet.")}</p>
        )}
      </section>

      <div className="flex justify-end gap-2">
        <button type="button" className="btn btn-outline" onClick={() => window.history.back()}>
          {t("Cancel")}
        </button>
        <button type="submit" className="btn btn-primary" disabled={busy} data-testid="feed-save">
          {feed ? t("Save") : t("Create feed")}
        </button>
      </div>
    </form>
  );
}
