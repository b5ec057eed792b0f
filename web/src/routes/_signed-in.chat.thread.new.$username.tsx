import { createFileRoute } from "@tanstack/react-router";
import { ChatLayout } from "../features/chat/components/chat-layout";
import { NewConversation } from "../features/chat/components/new-conversation";
import { WithMe } from "../features/chat/components/with-me";

export const Route = createFileRoute("/_signed-in/chat/thread/new/$username")({
  component: NewConversationPage,
});

function NewConversationPage() {
  const { username } = Route.useParams();
  return (
    <WithMe>
      {(me) => (
        <ChatLayout myUsername={me.username} pane="thread">
          <NewConversation key={username} username={username} me={me} />
        </ChatLayout>
      )}
    </WithMe>
  );
}
