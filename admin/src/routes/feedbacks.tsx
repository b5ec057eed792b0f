import { createFileRoute } from "@tanstack/react-router";
import { FeedbacksPage } from "../features/feedbacks/feedbacks-page";

export const Route = createFileRoute("/feedbacks")({ component: FeedbacksPage });
