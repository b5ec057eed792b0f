import { createFileRoute } from "@tanstack/react-router";
import { BlogListPage } from "../features/content/components/blog-pages";

export const Route = createFileRoute("/blog/")({
  component: BlogListPage,
});
