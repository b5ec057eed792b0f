import { createFileRoute } from "@tanstack/react-router";
import { AdminEmptyPage } from "../components/admin-empty-page";

export const Route = createFileRoute("/jobs")({
  component: () => <AdminEmptyPage />,
});
