import { createFileRoute } from "@tanstack/react-router";
import { CommunitiesPage } from "../features/communities/communities-page";

export const Route = createFileRoute("/communities")({ component: CommunitiesPage });
