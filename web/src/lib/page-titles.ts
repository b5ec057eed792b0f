import { msg } from "#client/i18n.ts";
import { type PageTitles, usePageTitle } from "#client/page-title.ts";
import type { FileRoutesById } from "../routeTree.gen";

/**
 * Every route's document title, "Jobs · Agora" (typed by the route tree, so a new route must name
 * itself). `null`: the page names itself once its data is in (a community, a post).
 */
export const PAGE_TITLES = {
  __root__: "",
  "/": "",
  // Layouts: the page under them names itself.
  "/_signed-in": "",
  "/_signed-in/chat": "",
  "/about": msg("About Us"),
  "/accessibility": msg("Accessibility"),
  "/announce": msg("Announce"),
  "/build-with-us": msg("Build With Us"),
  "/contact": msg("Contact"),
  "/_signed-in/drafts": msg("Drafts"),
  "/_signed-in/saved": msg("Saved posts"),
  "/forgot-password": msg("Forgot password"),
  "/_signed-in/notifications": msg("Notifications"),
  "/_signed-in/post": msg("Create a post"),
  "/referral-rewards": msg("Referral Rewards"),
  "/roadmap": msg("Our Roadmap"),
  "/search": msg("Search"),
  "/signin": msg("Sign In"),
  "/blog/$slug": msg("Blog"),
  "/email/confirm": msg("Confirm email"),
  "/_signed-in/jobs/manage": msg("Manage Jobs"),
  "/policies/$page": msg("Policies"),
  "/_signed-in/services/manage": msg("Manage Services"),
  "/_signed-in/settings/$tab": msg("Settings"),
  "/_signed-in/wallet/$blockchain": msg("Wallet"),
  "/blog/": msg("Blog"),
  "/_signed-in/chat/": msg("Chat"),
  "/_signed-in/job/": msg("Post a job"),
  "/jobs/": msg("Jobs"),
  "/register/": msg("Sign Up"),
  "/services/": msg("Services"),
  "/settings/": msg("Settings"),
  "/_signed-in/wallet/": msg("Wallet"),
  "/account/subscription/cancellation": msg("Cancel membership"),
  "/account/subscription/confirmed": msg("Membership"),
  "/c/$name/members": null,
  "/c/$name/modlog": null,
  "/c/$name/moderation": null,
  "/_signed-in/chat/thread/$publicId": msg("Chat"),
  "/job/$username/$slug": msg("Job"),
  "/register/code/verification": msg("Verify your email"),
  "/service/$username/$slug": msg("Service"),
  "/user/$username/followers": msg("u/{{username}} · Followers"),
  "/user/$username/following": msg("u/{{username}} · Following"),
  "/user/$username/jobs": msg("u/{{username}} · Jobs"),
  "/user/$username/payments": msg("u/{{username}} · Payments"),
  "/account/subscription/": msg("Membership"),
  "/c/$name/": null,
  "/user/$username/": msg("u/{{username}} · Posts"),
  "/_signed-in/chat/thread/new/$username": msg("New chat"),
  "/_signed-in/chat/thread/new/": msg("New chat"),
  "/_signed-in/chat/group/new": msg("New group"),
  "/c/$name/p/$publicId/$slug": null,
  "/c/$name/p/$publicId/": null,
  "/_signed-in/feeds/": msg("Your feeds"),
  "/_signed-in/feeds/new": msg("New feed"),
  "/feeds/$id/": msg("Feed"),
  "/_signed-in/feeds/$id/edit": msg("Edit feed"),
} satisfies Record<keyof FileRoutesById, string | null> as PageTitles;

const NOT_FOUND = msg("Page not found");

const load = () => Promise.resolve(PAGE_TITLES);

/** Sets the title of every route but home (whose title, "Agora", needs none of this on the first load). */
export default function PageTitle(): null {
  usePageTitle(load, "Agora", { known: PAGE_TITLES, notFound: NOT_FOUND });
  return null;
}
