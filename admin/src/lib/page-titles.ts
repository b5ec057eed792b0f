import { msg } from "#client/i18n.ts";
import type { PageTitles } from "#client/page-title.ts";
import type { FileRoutesById } from "../routeTree.gen";

/** Every admin route's document title, "Users · Agora Admin" (typed by the route tree). */
export const PAGE_TITLES = {
  __root__: "",
  "/": msg("Home"),
  "/$username": msg("User"),
  "/admins": msg("Admins"),
  "/audit": msg("Audit"),
  "/communities": msg("Communities"),
  "/feedbacks": msg("Feedbacks"),
  "/files": msg("Files"),
  "/jobs": msg("Jobs"),
  "/login": msg("Log In"),
  "/payments": msg("Payments"),
  "/reports": msg("Reports"),
  "/security": msg("Security"),
  "/appeals": msg("Appeals"),
  "/users": msg("Users"),
  "/blog/$id": msg("Edit blog post"),
  "/blog/new": msg("New blog post"),
  "/blog/": msg("Blog"),
  "/email/template/$id": msg("Edit email template"),
  "/email/template/new": msg("New email template"),
  "/email/template/": msg("Email Templates"),
} satisfies Record<keyof FileRoutesById, string | null> as PageTitles;
