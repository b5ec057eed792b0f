import { createFileRoute } from "@tanstack/react-router";
import { ChatLayout } from "../features/chat/components/chat-layout";
import { NewConversation } from "../features/chat/components/new-conversation";
import { RequireSignIn } from "../features/chat/components/require-sign-in";

export const Route = createFileRoute("/chat/thread/new/$username")({
  component: NewConversationPage,
});

function NewConversationPage() {
  const { username } = Route.useParams();
  return (
    <RequireSignIn>
      {(me) => (
        <ChatLayout myUsername={me.username} pane="thread">
          <NewConversation key={username} username={username} me={me} />
        </ChatLayout>
      )}
    </RequireSignIn>
  );
}
