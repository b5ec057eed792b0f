import { Link } from "@tanstack/react-router";
import type { ReactNode } from "react";
import { useTranslation } from "#client/react-i18n.tsx";
import { GroupIcon, NewChatIcon } from "./chat-icons";
import { ThreadList } from "./thread-list";

/**
 * Chat's frame: the thread list beside the conversation from 768 px; on a phone one of the two,
 * as `pane` says (`list` on chat home, `thread` in a conversation).
 */
export function ChatLayout({
  myUsername,
  activeId,
  pane,
  children,
}: {
  myUsername: string;
  activeId?: string;
  pane: "list" | "thread";
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <div className="card flex h-[calc(100dvh-5.5rem)] min-h-[420px] overflow-hidden">
      <aside
        aria-label={t("Chats")}
        className={`${pane === "list" ? "flex" : "hidden"} w-full flex-col border-[var(--line)] md:flex md:w-64 md:shrink-0 md:border-r xl:w-72`}
      >
        <div className="flex items-center justify-between gap-2 border-b border-[var(--line)] px-4 py-3">
          <h1 className="text-lg font-semibold">{t("Chat")}</h1>
          <div className="flex items-center gap-1">
            <Link
              to="/chat/group/new"
              className="btn btn-outline px-2.5 py-1.5"
              aria-label={t("New group")}
              title={t("New group")}
              data-testid="new-group"
            >
              <GroupIcon width={18} height={18} />
            </Link>
            <Link to="/chat/thread/new" className="btn btn-primary px-3 py-1.5" data-testid="new-chat">
              <NewChatIcon width={18} height={18} /> {t("New chat")}
            </Link>
          </div>
        </div>
        <div className="min-h-0 flex-1 overflow-y-auto">
          <ThreadList myUsername={myUsername} activeId={activeId} />
        </div>
      </aside>
      <section className={`${pane === "thread" ? "flex" : "hidden"} min-w-0 flex-1 flex-col md:flex`}>
        {/* On a phone a conversation hides the list and its title: the page's h1 stays for
            screen readers, above the person's name (h2). */}
        {pane === "thread" ? <h1 className="sr-only md:hidden">{t("Chat")}</h1> : null}
        {children}
      </section>
    </div>
  );
}
