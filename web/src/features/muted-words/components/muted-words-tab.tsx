import { useQuery } from "@tanstack/react-query";
import { useId, useState } from "react";
import { msg } from "#client/i18n.ts";
import { useTranslation } from "#client/react-i18n.tsx";
import { Spinner } from "#client/ui/spinner.tsx";
import { MUTE_CONTEXTS, type MuteContext } from "#shared/enums.ts";
import { MUTED_PHRASE_MAX } from "#shared/schemas/muted-words.ts";
import { SettingsSection } from "#web/components/ui/settings-section.tsx";
import { formatDateTime } from "#web/lib/format.ts";
import { mutedWordsQueryOptions, useAddMutedWord, useRemoveMutedWord } from "../queries";

const CONTEXT_LABEL: Record<MuteContext, string> = {
  FEED: msg("Feeds"),
  COMMENTS: msg("Comments"),
  NOTIFICATIONS: msg("Notifications"),
  SEARCH: msg("Search"),
  CHAT_REQUESTS: msg("New chats"),
};

const EXPIRY_DAYS = [0, 1, 7, 30] as const;
const EXPIRY_LABEL: Record<(typeof EXPIRY_DAYS)[number], string> = {
  0: msg("Forever"),
  1: msg("1 day"),
  7: msg("7 days"),
  30: msg("30 days"),
};

/** Settings → Muted words: phrases hidden from the places the person picks, for good or a while. */
export default function MutedWordsTab() {
  const { t } = useTranslation();
  const ids = useId();
  const list = useQuery(mutedWordsQueryOptions());
  const add = useAddMutedWord();
  const remove = useRemoveMutedWord();
  const [phrase, setPhrase] = useState("");
  const [wholeWord, setWholeWord] = useState(true);
  const [contexts, setContexts] = useState<MuteContext[]>([...MUTE_CONTEXTS]);
  const [days, setDays] = useState<(typeof EXPIRY_DAYS)[number]>(0);

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!phrase.trim() || contexts.length === 0) return;
    add.mutate(
      {
        phrase: phrase.trim(),
        whole_word: wholeWord,
        contexts,
        expires_at: days ? new Date(Date.now() + days * 86_400_000).toISOString() : null,
      },
      { onSuccess: () => setPhrase("") },
    );
  };
  const toggle = (context: MuteContext, on: boolean) =>
    setContexts((now) => (on ? [...now, context] : now.filter((c) => c !== context)));

  return (
    <div className="flex flex-col gap-4">
      <SettingsSection
        title={t("Muted words")}
        description={t("Posts, comments, notifications and chats with these words are hidden from you.")}
      >
        <form className="flex flex-col gap-3 py-3" onSubmit={submit} aria-label={t("Mute a word or phrase")}>
          <label htmlFor={`${ids}-phrase`} className="text-sm font-medium">
            {t("Word or phrase")}
          </label>
          <input
            id={`${ids}-phrase`}
            className="field"
            value={phrase}
            maxLength={MUTED_PHRASE_MAX}
            required
            onChange={(e) => setPhrase(e.target.value)}
          />
          <label className="flex cursor-pointer items-center gap-2 text-sm">
            <input
              type="checkbox"
              className="size-4 accent-[var(--accent)]"
              checked={wholeWord}
              onChange={(e) => setWholeWord(e.target.checked)}
            />
            {t("Whole word only")}
          </label>
          <fieldset className="flex flex-wrap gap-x-4 gap-y-1">
            <legend className="mb-1 text-sm font-medium">{t("Hide it in")}</legend>
            {MUTE_CONTEXTS.map((context) => (
              <label key={context} className="flex cursor-pointer items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  className="size-4 accent-[var(--accent)]"
                  checked={contexts.includes(context)}
                  onChange={(e) => toggle(context, e.target.checked)}
                />
                {t(CONTEXT_LABEL[context])}
              </label>
            ))}
          </fieldset>
          <label htmlFor={`${ids}-expiry`} className="text-sm font-medium">
            {t("For how long")}
          </label>
          <select
            id={`${ids}-expiry`}
            className="field"
            value={days}
            onChange={(e) => setDays(Number(e.target.value) as (typeof EXPIRY_DAYS)[number])}
          >
            {EXPIRY_DAYS.map((d) => (
              <option key={d} value={d}>
                {t(EXPIRY_LABEL[d])}
              </option>
            ))}
          </select>
          <div>
            <button
              type="submit"
              className="btn btn-primary"
              disabled={add.isPending || !phrase.trim() || contexts.length === 0}
            >
              {t("Mute")}
            </button>
          </div>
        </form>
      </SettingsSection>
      <SettingsSection title={t("Your muted words")}>
        {list.isPending ? (
          <div className="grid place-items-center py-6">
            <Spinner />
          </div>
        ) : (list.data?.list.length ?? 0) === 0 ? (
          <p className="py-3 text-sm text-[var(--muted)]">{t("You have not muted anything.")}</p>
        ) : (
          <ul aria-label={t("Your muted words")}>
            {list.data?.list.map((word) => {
              const expired = word.expires_at !== null && Date.parse(word.expires_at) <= Date.now();
              return (
                <li
                  key={word.id}
                  className="flex flex-wrap items-center justify-between gap-3 py-3"
                  data-testid="muted-word"
                >
                  <div className="min-w-0">
                    <p className="text-sm font-medium wrap-anywhere">
                      {word.phrase}
                      {word.whole_word ? null : (
                        <span className="ml-2 text-[var(--muted)]">({t("anywhere in a word")})</span>
                      )}
                    </p>
                    <p className="text-sm text-[var(--muted)]">
                      {word.contexts.map((c) => t(CONTEXT_LABEL[c])).join(", ")}
                      {" · "}
                      {word.expires_at === null
                        ? t("Never expires")
                        : expired
                          ? t("Expired")
                          : t("Until {{time}}", { time: formatDateTime(word.expires_at) })}
                    </p>
                  </div>
                  <button
                    type="button"
                    className="btn btn-outline"
                    disabled={remove.isPending}
                    onClick={() => remove.mutate(word.id)}
                    aria-label={t("Unmute {{phrase}}", { phrase: word.phrase })}
                  >
                    {t("Remove")}
                  </button>
                </li>
              );
            })}
          </ul>
        )}
      </SettingsSection>
    </div>
  );
}
