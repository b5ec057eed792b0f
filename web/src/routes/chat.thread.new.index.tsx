import { createFileRoute } from "@tanstack/react-router";
import { NewChat } from "../features/chat/components/new-chat";
import { RequireSignIn } from "../features/chat/components/require-sign-in";

export const Route = createFileRoute("/chat/thread/new/")({
  component: () => <RequireSignIn>{(me) => <NewChat me={me} />}</RequireSignIn>,
});
