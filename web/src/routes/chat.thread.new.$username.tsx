import { createFileRoute } from "@tanstack/react-router";
import { RequireSignIn } from "../features/chat/components/require-sign-in";
import { StartChatFromLink } from "../features/chat/components/start-chat-link";

export const Route = createFileRoute("/chat/thread/new/$username")({
  component: StartChatPage,
});

function StartChatPage() {
  const { username } = Route.useParams();
  return <RequireSignIn>{(me) => <StartChatFromLink username={username} me={me} />}</RequireSignIn>;
}
