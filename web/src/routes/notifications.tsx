import { createFileRoute } from "@tanstack/react-router";
import { z } from "zod";
import { EmptyState } from "../components/ui/empty-state";

const searchParams = z.object({ view: z.enum(["unread", "all"]).optional().catch("all") });

export const Route = createFileRoute("/notifications")({
  validateSearch: searchParams,
  component: () => <EmptyState />,
});
