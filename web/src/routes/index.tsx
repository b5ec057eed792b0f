import { createFileRoute } from "@tanstack/react-router";
import { EmptyState } from "../components/ui/empty-state";

export const Route = createFileRoute("/")({
  component: () => <EmptyState />,
});
