import { createFileRoute } from "@tanstack/react-router";
import { TextPageView } from "../features/content/components/text-page";

export const Route = createFileRoute("/build-with-us")({
  component: () => <TextPageView page="build-with-us" />,
});
