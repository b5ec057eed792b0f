import { createFileRoute } from "@tanstack/react-router";
import { NewGroup } from "../features/chat/components/new-group";
import { WithMe } from "../features/chat/components/with-me";

export const Route = createFileRoute("/_signed-in/chat/group/new")({
  component: () => <WithMe>{(me) => <NewGroup me={me} />}</WithMe>,
});
