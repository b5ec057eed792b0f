import { createFileRoute } from "@tanstack/react-router";
import { ChatLayout } from "../features/chat/components/chat-layout";
import { RequireSignIn } from "../features/chat/components/require-sign-in";
import { ThreadView } from "../features/chat/components/thread-view";

export const Route = createFileRoute("/chat/thread/$publicId")({
  component: ThreadPage,
});

function ThreadPage() {
  const { publicId } = Route.useParams();
  return (
    <RequireSignIn>
      {(me) => (
        <ChatLayout myUsername={me.username} activeId={publicId} pane="thread">
          {/* A new thread starts from a clean slate: its own socket, lines and typing state. */}
          <ThreadView key={publicId} publicId={publicId} me={me} />
        </ChatLayout>
      )}
    </RequireSignIn>
  );
}
