import { useQuery } from "@tanstack/react-query";
import { Link, useNavigate } from "@tanstack/react-router";
import { type FormEvent, useId, useRef, useState } from "react";
import { useTranslation } from "#client/react-i18n.tsx";
import { SearchIcon } from "#client/ui/icons.tsx";
import { Spinner } from "#client/ui/spinner.tsx";
import { useDebounced } from "#client/use-debounced.ts";
import { GROUP_NAME_MAX, GROUP_OTHERS_MAX } from "#shared/constants.ts";
import { CHAT_MSG, type ChatSearchUser, type ChatUser, createGroupSchema } from "#shared/schemas/chat.ts";
import type { Me } from "#shared/schemas/user.ts";
import { Avatar } from "#web/components/ui/avatar.tsx";
import { useCreateGroup } from "../groups";
import { displayName } from "../people";
import { userSearchQueryOptions } from "../queries";
import { ArrowLeftIcon } from "./chat-icons";
import { chatErrorText, normalizeUsername } from "./new-chat";

/** Why a person cannot be added, or null when they can. */
function unavailable(user: ChatSearchUser, me: string): string | null {
  if (user.username.toLowerCase() === me.toLowerCase()) return CHAT_MSG.groupWithYourself;
  if (user.is_blocked) return "Blocked";
  if (!user.allow_new_chat) return "Not accepting new chats";
  return null;
}

/** New group: a name and 2 to 49 people picked by username; the group opens once made. */
export function NewGroup({ me }: { me: Me }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [name, setName] = useState("");
  const [picked, setPicked] = useState<ChatUser[]>([]);
  const [search, setSearch] = useState("");
  const [errors, setErrors] = useState<{ name?: string; usernames?: string; form?: string }>({});
  const searched = useDebounced(normalizeUsername(search), 250);
  const results = useQuery(userSearchQueryOptions(searched));
  const create = useCreateGroup();
  const searchInput = useRef<HTMLInputElement>(null);
  const ids = { title: useId(), name: useId(), nameError: useId(), people: useId(), peopleError: useId() };

  const pick = (user: ChatUser) => {
    setErrors((e) => ({ ...e, usernames: undefined, form: undefined }));
    if (picked.length >= GROUP_OTHERS_MAX)
      return setErrors((e) => ({ ...e, usernames: CHAT_MSG.groupTooLarge }));
    setPicked((list) => (list.some((u) => u.username === user.username) ? list : [...list, user]));
    setSearch("");
    searchInput.current?.focus();
  };
  const unpick = (username: string) => {
    setPicked((list) => list.filter((u) => u.username !== username));
    searchInput.current?.focus();
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const input = { name, usernames: picked.map((u) => u.username) };
    const parsed = createGroupSchema.safeParse(input);
    if (!parsed.success) {
      const found: typeof errors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] === "name" ? "name" : "usernames";
        found[field] ??= issue.message;
      }
      setErrors(found);
      document.getElementById(found.name ? ids.name : ids.people)?.focus();
      return;
    }
    setErrors({});
    create.mutate(input, {
      onSuccess: (thread) =>
        void navigate({ to: "/chat/thread/$publicId", params: { publicId: thread.public_id } }),
      onError: (error) => setErrors({ form: chatErrorText(error) }),
    });
  };

  const list = searched ? (results.data?.list ?? []) : [];
  return (
    <section className="card mx-auto flex max-w-2xl flex-col p-4 md:p-5" aria-labelledby={ids.title}>
      <div className="mb-4 flex items-center gap-2">
        <Link
          to="/chat"
          className="grid size-9 place-items-center rounded-full hover:bg-[var(--hover)]"
          aria-label={t("Back to chats")}
        >
          <ArrowLeftIcon />
        </Link>
        <h1 id={ids.title} className="text-xl font-semibold">
          {t("New group")}
        </h1>
      </div>
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        <div>
          <label htmlFor={ids.name} className="field-label">
            {t("Group name")}
          </label>
          <input
            id={ids.name}
            value={name}
            onChange={(e) => {
              setName(e.target.value);
              setErrors((x) => ({ ...x, name: undefined }));
            }}
            maxLength={GROUP_NAME_MAX + 20}
            autoComplete="off"
            aria-invalid={Boolean(errors.name)}
            aria-describedby={errors.name ? ids.nameError : undefined}
            className="field"
            data-testid="group-name"
          />
          {errors.name ? (
            <p id={ids.nameError} className="field-error" role="alert">
              {t(errors.name)}
            </p>
          ) : null}
        </div>

        <div>
          <label htmlFor={ids.people} className="field-label">
            {t("Add people")}
          </label>
          <p className="mb-2 text-xs text-[var(--muted)]" aria-live="polite">
            {t("{{count}} of {{max}} picked (at least 2)", { count: picked.length, max: GROUP_OTHERS_MAX })}
          </p>
          {picked.length ? (
            <ul aria-label={t("Picked people")} className="mb-2 flex flex-wrap gap-1.5">
              {picked.map((user) => (
                <li
                  key={user.username}
                  className="flex items-center gap-1 rounded-full bg-[var(--surface-strong)] py-0.5 pr-0.5 pl-2 text-sm"
                >
                  {displayName(user)}
                  <button
                    type="button"
                    onClick={() => unpick(user.username)}
                    aria-label={t("Remove {{name}}", { name: displayName(user) })}
                    className="grid size-6 place-items-center rounded-full hover:bg-[var(--hover)]"
                  >
                    ×
                  </button>
                </li>
              ))}
            </ul>
          ) : null}
          <div className="relative">
            <SearchIcon className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-[var(--muted)]" />
            <input
              ref={searchInput}
              id={ids.people}
              value={search}
              onChange={(e) => setSearch(e.target.value)}
              autoComplete="off"
              autoCapitalize="none"
              spellCheck={false}
              placeholder={t("Search by username")}
              aria-invalid={Boolean(errors.usernames)}
              aria-describedby={errors.usernames ? ids.peopleError : undefined}
              className="field py-2.5 pl-10"
              data-testid="group-people-search"
            />
          </div>
          {errors.usernames ? (
            <p id={ids.peopleError} className="field-error" role="alert">
              {t(errors.usernames)}
            </p>
          ) : null}
          <div className="mt-2 min-h-24">
            {results.isFetching && list.length === 0 ? (
              <div className="grid place-items-center py-4">
                <Spinner label={t("Searching...")} size={20} />
              </div>
            ) : searched && results.isSuccess && list.length === 0 ? (
              <p className="py-4 text-center text-sm text-[var(--muted)]">{t(CHAT_MSG.userNotFound)}</p>
            ) : (
              <ul aria-label={t("People")} className="flex flex-col gap-1">
                {list.map((user) => {
                  const why = unavailable(user, me.username);
                  const chosen = picked.some((u) => u.username === user.username);
                  return (
                    <li key={user.username} className="flex items-center gap-3 rounded-xl px-2 py-1.5">
                      <Avatar src={user.profile_image} name={user.username} size={36} />
                      <span className="min-w-0 flex-1">
                        <span className="block wrap-anywhere font-semibold">{displayName(user)}</span>
                        <span className="block wrap-anywhere text-xs text-[var(--muted)]">
                          @{user.username}
                          {why ? ` · ${t(why)}` : ""}
                        </span>
                      </span>
                      <button
                        type="button"
                        className="btn btn-outline px-3 py-1 text-sm"
                        disabled={Boolean(why) || chosen}
                        onClick={() => pick(user)}
                        aria-label={t("Add {{name}}", { name: displayName(user) })}
                        data-testid="group-pick"
                      >
                        {chosen ? t("Added") : t("Add")}
                      </button>
                    </li>
                  );
                })}
              </ul>
            )}
          </div>
        </div>

        {errors.form ? (
          <p className="field-error" role="alert" data-testid="new-group-error">
            {t(errors.form)}
          </p>
        ) : null}
        <button
          type="submit"
          className="btn btn-primary self-end"
          disabled={create.isPending}
          data-testid="create-group"
        >
          {create.isPending ? t("Creating...") : t("Create group")}
        </button>
      </form>
    </section>
  );
}
