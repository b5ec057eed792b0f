import { createFileRoute } from "@tanstack/react-router";
import { ChatLayout } from "../features/chat/components/chat-layout";
import { ThreadView } from "../features/chat/components/thread-view";
import { WithMe } from "../features/chat/components/with-me";

export const Route = createFileRoute("/_signed-in/chat/thread/$publicId")({
  component: ThreadPage,
});

function ThreadPage() {
  const { publicId } = Route.useParams();
  return (
    <WithMe>
      {(me) => (
        <ChatLayout myUsername={me.username} activeId={publicId} pane="thread">
          {/* A new thread starts from a clean slate: its own socket, lines and typing state. */}
          <ThreadView key={publicId} publicId={publicId} me={me} />
        </ChatLayout>
      )}
    </WithMe>
  );
}
