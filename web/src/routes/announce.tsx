import { createFileRoute } from "@tanstack/react-router";
import { TextPageView } from "../features/content/components/text-page";

export const Route = createFileRoute("/announce")({
  component: () => <TextPageView page="announce" />,
});
