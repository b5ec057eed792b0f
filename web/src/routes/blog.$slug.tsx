import { createFileRoute } from "@tanstack/react-router";
import { BlogPostPage } from "../features/content/components/blog-pages";

export const Route = createFileRoute("/blog/$slug")({
  component: function BlogPost() {
    const { slug } = Route.useParams();
    return <BlogPostPage key={slug} slug={slug} />;
  },
});
