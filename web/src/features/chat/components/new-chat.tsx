import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Link, useNavigate } from "@tanstack/react-router";
import { type FormEvent, useId, useState } from "react";
import { useTranslation } from "#client/react-i18n.tsx";
import { SearchIcon } from "#client/ui/icons.tsx";
import { showSnackbar } from "#client/ui/snackbar.tsx";
import { Spinner } from "#client/ui/spinner.tsx";
import { useDebounced } from "#client/use-debounced.ts";
import { CHAT_USERNAME_SEARCH_MAX } from "#shared/constants.ts";
import { CHAT_MSG, type ChatSearchUser } from "#shared/schemas/chat.ts";
import type { Me } from "#shared/schemas/user.ts";
import { Avatar } from "#web/components/ui/avatar.tsx";
import { ApiError } from "#web/lib/api.ts";
import { displayName } from "../people";
import { personalThreadQueryOptions, userSearchQueryOptions } from "../queries";
import { ArrowLeftIcon, LinkIcon } from "./chat-icons";

/** The search is lowercased, spaces removed, and bounded. */
export function normalizeUsername(value: string): string {
  return value.toLowerCase().replace(/\s+/g, "").slice(0, CHAT_USERNAME_SEARCH_MAX);
}

/** An API failure as the words to show beside the field. */
export function chatErrorText(error: unknown): string {
  return error instanceof ApiError && error.detail ? error.detail : "Something went wrong";
}

/** New chat: username search on the left, an ad card on the right. */
export function NewChat({ me }: { me: Me }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [value, setValue] = useState("");
  const [error, setError] = useState<string | null>(null);
  const username = normalizeUsername(value);
  const searched = useDebounced(username, 250);
  const search = useQuery(userSearchQueryOptions(searched));
  const queryClient = useQueryClient();
  const [opening, setOpening] = useState<string | null>(null);
  const inputId = useId();
  const errorId = useId();

  /**
   * A pick opens the thread the two already have, or a new conversation that the first message
   * creates (ADR 044); a refusal shows by the field.
   */
  const start = (name: string) => {
    setError(null);
    if (!name) return;
    if (name === me.username.toLowerCase()) return setError(CHAT_MSG.withYourself);
    setOpening(name);
    queryClient
      .fetchQuery(personalThreadQueryOptions(name))
      .then(({ public_id }) =>
        public_id
          ? navigate({ to: "/chat/thread/$publicId", params: { publicId: public_id } })
          : navigate({ to: "/chat/thread/new/$username", params: { username: name } }),
      )
      .catch((e: unknown) => setError(chatErrorText(e)))
      .finally(() => setOpening(null));
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const exact = search.data?.list.find((u) => u.username.toLowerCase() === username);
    start(exact?.username ?? username);
  };

  const results = searched ? (search.data?.list ?? []) : [];
  const noMatch = Boolean(searched) && search.isSuccess && !search.isPlaceholderData && results.length === 0;
  const shareLink = `${location.origin}/chat/thread/new/${me.username}`;

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-4 md:grid-cols-[minmax(0,1fr)_260px] xl:grid-cols-[minmax(0,1fr)_280px]">
      <section className="card flex flex-col p-4 md:p-5" aria-labelledby={`${inputId}-title`}>
        <div className="mb-4 flex items-center gap-2">
          <Link
            to="/chat"
            className="grid size-9 place-items-center rounded-full hover:bg-[var(--hover)]"
            aria-label={t("Back to chats")}
          >
            <ArrowLeftIcon />
          </Link>
          <h1 id={`${inputId}-title`} className="text-xl font-semibold">
            {t("New chat")}
          </h1>
        </div>
        <form onSubmit={onSubmit}>
          <label htmlFor={inputId} className="field-label">
            {t("Username")}
          </label>
          <div className="flex gap-2">
            <div className="relative min-w-0 flex-1">
              <SearchIcon className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-[var(--muted)]" />
              <input
                id={inputId}
                value={value}
                onChange={(e) => {
                  setValue(e.target.value);
                  setError(null);
                }}
                autoComplete="off"
                autoCapitalize="none"
                spellCheck={false}
                placeholder={t("Search by username")}
                aria-invalid={Boolean(error)}
                aria-describedby={error ? errorId : undefined}
                className="field py-2.5 pl-10"
                data-testid="chat-user-search"
              />
            </div>
            {/* Enter starts the chat too; the button says so to those who tap. */}
            <button type="submit" className="btn btn-primary shrink-0">
              {t("Message")}
            </button>
          </div>
          {error ? (
            <p id={errorId} className="field-error" role="alert" data-testid="new-chat-error">
              {t(error)}
            </p>
          ) : null}
        </form>

        <div className="mt-4 min-h-40">
          {search.isFetching && results.length === 0 ? (
            <div className="grid place-items-center py-6">
              <Spinner label={t("Searching...")} size={22} />
            </div>
          ) : noMatch ? (
            <p className="py-6 text-center text-sm text-[var(--muted)]" data-testid="no-user">
              {t(CHAT_MSG.userNotFound)}
            </p>
          ) : !searched ? (
            <p className="py-6 text-center text-sm text-[var(--muted)]">
              {t("Type a username to find someone to talk to.")}
            </p>
          ) : (
            <ul aria-label={t("People")} className="flex flex-col gap-1" aria-busy={search.isFetching}>
              {results.map((user) => (
                <UserRow key={user.username} user={user} busy={opening === user.username} onStart={start} />
              ))}
            </ul>
          )}
        </div>

        <div className="mt-auto border-t border-[var(--line)] pt-4">
          <p className="text-sm font-medium">{t("Your chat link")}</p>
          <p className="mb-2 text-xs text-[var(--muted)]">
            {t("Anyone with this link can start a chat with you.")}
          </p>
          <div className="flex items-center gap-2">
            <code className="min-w-0 flex-1 break-all rounded-lg bg-[var(--surface-strong)] px-3 py-2 text-xs">
              {shareLink}
            </code>
            <button
              type="button"
              className="btn btn-outline shrink-0 px-3 py-1.5"
              onClick={() =>
                void navigator.clipboard
                  ?.writeText(shareLink)
                  .then(() => showSnackbar({ message: t("Saved the link to clipboard"), variant: "success" }))
                  .catch(() => showSnackbar({ message: t("Something went wrong"), variant: "error" }))
              }
            >
              <LinkIcon width={16} height={16} /> {t("Copy")}
            </button>
          </div>
        </div>
      </section>
      <ChatAdCard />
    </div>
  );
}

function UserRow({
  user,
  busy,
  onStart,
}: {
  user: ChatSearchUser;
  busy: boolean;
  onStart: (username: string) => void;
}) {
  const { t } = useTranslation();
  const verified = user.is_staff || user.is_verified_user || user.is_verified_business;
  const unavailable = user.is_blocked || !user.allow_new_chat;
  return (
    <li>
      <button
        type="button"
        onClick={() => onStart(user.username)}
        disabled={busy}
        className="flex w-full items-center gap-3 rounded-xl px-2 py-2 text-left hover:bg-[var(--hover)] disabled:opacity-60"
        data-testid="chat-user-result"
      >
        <Avatar src={user.profile_image} name={user.username} size={40} />
        <span className="min-w-0 flex-1">
          <span className="flex items-center gap-1 wrap-anywhere font-semibold">
            {displayName(user)}
            {verified ? (
              <span className="text-[var(--accent)]" title={t("Verified")}>
                ✓<span className="sr-only">{t("Verified")}</span>
              </span>
            ) : null}
          </span>
          <span className="block wrap-anywhere text-xs text-[var(--muted)]">
            @{user.username}
            {user.is_blocked
              ? ` · ${t("Blocked")}`
              : !user.allow_new_chat
                ? ` · ${t("Not accepting new chats")}`
                : ""}
          </span>
        </span>
        {busy ? (
          <Spinner label={t("Starting chat...")} size={18} />
        ) : (
          <span
            className={`text-sm font-semibold ${unavailable ? "text-[var(--muted)]" : "text-[var(--accent)]"}`}
          >
            {t("Message")}
          </span>
        )}
      </button>
    </li>
  );
}

/** The ad card beside the search: our own promotion of the verified plans. */
function ChatAdCard() {
  const { t } = useTranslation();
  return (
    <aside
      aria-label={t("Advertisement")}
      className="card flex flex-col gap-3 self-start overflow-hidden"
      data-testid="chat-ad"
    >
      <div className="grid h-28 place-items-center bg-gradient-to-br from-[var(--accent)] to-[var(--accent-strong)] text-4xl text-[var(--accent-text)]">
        ✓
      </div>
      <div className="flex flex-col gap-2 px-4 pb-4">
        <span className="self-start rounded bg-[var(--surface-strong)] px-1.5 py-0.5 text-[10px] font-bold tracking-wider text-[var(--muted)] uppercase">
          {t("Ad")}
        </span>
        <h2 className="font-semibold">{t("Get verified")}</h2>
        <p className="text-sm text-[var(--muted)]">
          {t("A verified mark, search visibility and the top of the feed.")}
        </p>
        <Link to="/account/subscription" className="btn btn-primary mt-1">
          {t("See plans")}
        </Link>
      </div>
    </aside>
  );
}
