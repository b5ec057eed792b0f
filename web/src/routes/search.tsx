import { createFileRoute } from "@tanstack/react-router";
import { z } from "zod";
import { SEARCH_TYPES } from "../../../shared/src/enums";
import { EmptyState } from "../components/ui/empty-state";

// An unknown type falls back to posts (part 1 §2).
const searchParams = z.object({
  q: z.string().optional().catch(undefined),
  type: z.enum(SEARCH_TYPES).optional().catch("posts"),
});

export const Route = createFileRoute("/search")({
  validateSearch: searchParams,
  component: () => <EmptyState />,
});
