import { createFileRoute } from "@tanstack/react-router";
import { MismatchesPage } from "../features/payments/mismatches-page";

export const Route = createFileRoute("/payments")({ component: MismatchesPage });
