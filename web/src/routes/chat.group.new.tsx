import { createFileRoute } from "@tanstack/react-router";
import { NewGroup } from "../features/chat/components/new-group";
import { RequireSignIn } from "../features/chat/components/require-sign-in";

export const Route = createFileRoute("/chat/group/new")({
  component: () => <RequireSignIn>{(me) => <NewGroup me={me} />}</RequireSignIn>,
});
