import { useInfiniteQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { useState } from "react";
import { Dialog } from "#client/dialog.tsx";
import { useTranslation } from "#client/react-i18n.tsx";
import { LoadError } from "#client/ui/list-states.tsx";
import { Spinner } from "#client/ui/spinner.tsx";
import { pageSchema } from "#shared/api.ts";
import { type ReactionTarget, reactorSchema } from "#shared/schemas/reactions.ts";
import { Avatar } from "#web/components/ui/avatar.tsx";
import type { ModalProps } from "#web/components/ui/modal-host.tsx";
import { api } from "#web/lib/api.ts";
import { formatCount } from "#web/lib/format.ts";
import { EMOJI_NAMES } from "./emoji-names";

const PAGE = 30;
const reactorPageSchema = pageSchema(reactorSchema);

/** The REACTIONS modal: who reacted to an item, one emoji at a time (a tab each). */
export default function ReactionListDialog({
  onClose,
  targetType,
  publicId,
  reactions,
}: ModalProps & {
  targetType: ReactionTarget;
  publicId: string;
  reactions: Array<{ emoji: string; total: number }>;
}) {
  const { t } = useTranslation();
  const [emoji, setEmoji] = useState(reactions[0]?.emoji ?? "");
  const query = useInfiniteQuery({
    queryKey: ["reactions", targetType, publicId, emoji],
    enabled: emoji !== "",
    queryFn: async ({ pageParam, signal }) =>
      reactorPageSchema.parse(
        await api.get("/api/v1/reaction/list", {
          query: { target_type: targetType, public_id: publicId, emoji, skip: pageParam, limit: PAGE },
          signal,
        }),
      ),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => {
      const read = pages.length * PAGE;
      return read < last.total_list ? read : undefined;
    },
  });
  const people = query.data?.pages.flatMap((p) => p.list) ?? [];
  const nameOf = (e: string) => (EMOJI_NAMES[e] ? t(EMOJI_NAMES[e]) : e);
  return (
    <Dialog title={t("Who reacted")} onClose={onClose} testId="reaction-list">
      {reactions.length === 0 ? (
        <p className="text-sm text-[var(--muted)]">{t("No reactions yet.")}</p>
      ) : (
        <>
          <fieldset className="mb-3 flex flex-wrap gap-1">
            <legend className="sr-only">{t("Reactions")}</legend>
            {reactions.map((r) => (
              <button
                key={r.emoji}
                type="button"
                aria-pressed={r.emoji === emoji}
                aria-label={`${nameOf(r.emoji)} (${formatCount(r.total)})`}
                onClick={() => setEmoji(r.emoji)}
                className={`rounded-full border px-3 py-1 text-sm font-semibold ${
                  r.emoji === emoji
                    ? "border-[var(--accent)] bg-[var(--accent)]/15"
                    : "border-[var(--line)] text-[var(--muted)] hover:bg-[var(--hover)]"
                }`}
              >
                <span aria-hidden="true">
                  {r.emoji} {formatCount(r.total)}
                </span>
              </button>
            ))}
          </fieldset>
          {query.isPending ? (
            <Spinner />
          ) : query.isError ? (
            <LoadError error={query.error} retry={query.refetch} />
          ) : people.length === 0 ? (
            <p className="text-sm text-[var(--muted)]">{t("No reactions yet.")}</p>
          ) : (
            <ul
              className="flex flex-col gap-2"
              aria-label={t("People who reacted with {{emoji}}", { emoji: nameOf(emoji) })}
            >
              {people.map((p) => (
                <li key={p.user.username} className="flex items-center gap-3">
                  <Avatar src={p.user.profile_image} name={p.user.username} size={32} />
                  <Link
                    to="/user/$username"
                    params={{ username: p.user.username }}
                    onClick={onClose}
                    className="min-w-0 truncate font-medium hover:underline"
                  >
                    {p.user.profile_name || p.user.username}
                    <span className="ml-1 text-sm text-[var(--muted)]">@{p.user.username}</span>
                  </Link>
                </li>
              ))}
            </ul>
          )}
          {query.hasNextPage ? (
            <button
              type="button"
              className="btn btn-outline mt-3"
              disabled={query.isFetchingNextPage}
              onClick={() => void query.fetchNextPage()}
            >
              {t("Show more")}
            </button>
          ) : null}
        </>
      )}
    </Dialog>
  );
}
