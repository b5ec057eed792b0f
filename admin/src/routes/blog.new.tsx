import { createFileRoute } from "@tanstack/react-router";
import { BlogForm } from "../features/blog/blog-form-page";

export const Route = createFileRoute("/blog/new")({ component: () => <BlogForm /> });
