import { createFileRoute } from "@tanstack/react-router";
import { PlansPage } from "../features/content/components/plans-page";

export const Route = createFileRoute("/account/subscription/")({
  component: PlansPage,
});
