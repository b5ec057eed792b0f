import { createFileRoute } from "@tanstack/react-router";
import { TemplateEditPage } from "../features/email-templates/template-form-page";

export const Route = createFileRoute("/email/template/$id")({ component: TemplateRoute });

function TemplateRoute() {
  const { id } = Route.useParams();
  return <TemplateEditPage key={id} id={Number(id)} />;
}
