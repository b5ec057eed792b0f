import { Link } from "@tanstack/react-router";
import type { ReactNode } from "react";
import { useTranslation } from "#client/react-i18n.tsx";
import type { ChatUser } from "#shared/schemas/chat.ts";
import { Avatar } from "#web/components/ui/avatar.tsx";
import { displayName } from "../people";
import { ArrowLeftIcon } from "./chat-icons";
import { GroupAvatar } from "./group-avatar";
import { WithPresence } from "./presence-dot";

/**
 * The top of a conversation, started or not: back to the list on a phone, the person (a blank
 * bar until known), "Typing..." in place of their username, and the conversation's actions.
 */
export function ConversationHeader({
  user,
  typing = false,
  actions,
  group = null,
}: {
  user: ChatUser | null;
  typing?: boolean;
  actions?: ReactNode;
  /** A group: its name and member count stand where the person would. */
  group?: { name: string; total_members: number } | null;
}) {
  const { t } = useTranslation();
  return (
    <header className="flex items-center gap-3 border-b border-[var(--line)] px-3 py-2.5">
      <Link
        to="/chat"
        className="grid size-9 place-items-center rounded-full hover:bg-[var(--hover)] md:hidden"
        aria-label={t("Back to chats")}
      >
        <ArrowLeftIcon />
      </Link>
      {group ? (
        <>
          <GroupAvatar name={group.name} size={40} />
          <div className="min-w-0 flex-1">
            <h2 className="wrap-anywhere font-semibold" data-testid="group-title">
              {group.name}
            </h2>
            <p className="text-xs text-[var(--muted)]" aria-live="polite">
              {typing ? (
                <span className="text-[var(--accent)]">{t("Typing...")}</span>
              ) : (
                t(group.total_members === 1 ? "{{count}} member" : "{{count}} members", {
                  count: group.total_members,
                })
              )}
            </p>
          </div>
          {actions}
        </>
      ) : user ? (
        <>
          <WithPresence username={user.username}>
            <Avatar src={user.profile_image} name={user.username} size={40} />
          </WithPresence>
          <div className="min-w-0 flex-1">
            <h2 className="wrap-anywhere font-semibold">{displayName(user)}</h2>
            <p className="wrap-anywhere text-xs text-[var(--muted)]">
              {typing ? (
                <span className="text-[var(--accent)]">{t("Typing...")}</span>
              ) : (
                <Link to="/user/$username" params={{ username: user.username }} className="hover:underline">
                  @{user.username}
                </Link>
              )}
            </p>
          </div>
          {actions}
        </>
      ) : (
        <div className="h-10 flex-1" aria-busy="true" />
      )}
    </header>
  );
}
