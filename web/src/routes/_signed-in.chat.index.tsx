import { createFileRoute, Link } from "@tanstack/react-router";
import { useTranslation } from "#client/react-i18n.tsx";
import { NewChatIcon } from "../features/chat/components/chat-icons";
import { ChatLayout } from "../features/chat/components/chat-layout";
import { WithMe } from "../features/chat/components/with-me";

export const Route = createFileRoute("/_signed-in/chat/")({
  component: ChatHome,
});

function ChatHome() {
  const { t } = useTranslation();
  return (
    <WithMe>
      {(me) => (
        <ChatLayout myUsername={me.username} pane="list">
          <div className="grid flex-1 place-items-center p-6 text-center">
            <div className="flex flex-col items-center gap-3">
              <span className="grid size-16 place-items-center rounded-full bg-[var(--surface-strong)] text-[var(--accent)]">
                <NewChatIcon width={30} height={30} />
              </span>
              <p className="font-semibold">{t("Your messages")}</p>
              <p className="max-w-xs text-sm text-[var(--muted)]">
                {t("Pick a chat on the left, or start a new one.")}
              </p>
              <Link to="/chat/thread/new" className="btn btn-primary">
                {t("New chat")}
              </Link>
            </div>
          </div>
        </ChatLayout>
      )}
    </WithMe>
  );
}
