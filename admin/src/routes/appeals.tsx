import { createFileRoute } from "@tanstack/react-router";
import { AppealsPage } from "../features/appeals/appeals-page";

export const Route = createFileRoute("/appeals")({ component: AppealsPage });
