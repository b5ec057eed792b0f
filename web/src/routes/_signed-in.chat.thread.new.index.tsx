import { createFileRoute } from "@tanstack/react-router";
import { NewChat } from "../features/chat/components/new-chat";
import { WithMe } from "../features/chat/components/with-me";

export const Route = createFileRoute("/_signed-in/chat/thread/new/")({
  component: () => <WithMe>{(me) => <NewChat me={me} />}</WithMe>,
});
