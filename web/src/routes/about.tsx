import { createFileRoute } from "@tanstack/react-router";
import { TextPageView } from "../features/content/components/text-page";

export const Route = createFileRoute("/about")({
  component: () => <TextPageView page="about" />,
});
