import { createFileRoute } from "@tanstack/react-router";
import { BlogEditPage } from "../features/blog/blog-form-page";

export const Route = createFileRoute("/blog/$id")({ component: BlogRoute });

function BlogRoute() {
  const { id } = Route.useParams();
  return <BlogEditPage key={id} id={Number(id)} />;
}
