import { createFileRoute } from "@tanstack/react-router";
import { TemplateForm } from "../features/email-templates/template-form-page";

export const Route = createFileRoute("/email/template/new")({ component: () => <TemplateForm /> });
