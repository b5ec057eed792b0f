import { createFileRoute } from "@tanstack/react-router";
import { TemplateListPage } from "../features/email-templates/template-list-page";

export const Route = createFileRoute("/email/template/")({ component: TemplateListPage });
