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
  "/about": msg("About Us"),
  "/accessibility": msg("Accessibility"),
  "/announce": msg("Announce"),
  "/build-with-us": msg("Build With Us"),
  "/contact": msg("Contact"),
  "/drafts": msg("Drafts"),
  "/saved": msg("Saved posts"),
  "/forgot-password": msg("Forgot password"),
  "/notifications": msg("Notifications"),
  "/post": msg("Create a post"),
  "/referral-rewards": msg("Referral Rewards"),
  "/roadmap": msg("Our Roadmap"),
  "/search": msg("Search"),
  "/signin": msg("Sign In"),
  "/blog/$slug": msg("Blog"),
  "/email/confirm": msg("Confirm email"),
  "/jobs/manage": msg("Manage Jobs"),
  "/policies/$page": msg("Policies"),
  "/services/manage": msg("Manage Services"),
  "/settings/$tab": msg("Settings"),
  "/wallet/$blockchain": msg("Wallet"),
  "/blog/": msg("Blog"),
  "/chat/": msg("Chat"),
  "/job/": msg("Post a job"),
  "/jobs/": msg("Jobs"),
  "/register/": msg("Sign Up"),
  "/services/": msg("Services"),
  "/settings/": msg("Settings"),
  "/wallet/": msg("Wallet"),
  "/account/subscription/cancellation": msg("Cancel membership"),
  "/account/subscription/confirmed": msg("Membership"),
  "/c/$name/members": null,
  "/c/$name/modlog": null,
  "/c/$name/moderation": null,
  "/chat/thread/$publicId": msg("Chat"),
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
  "/chat/thread/new/$username": msg("New chat"),
  "/chat/thread/new/": msg("New chat"),
  "/chat/group/new": msg("New group"),
  "/c/$name/p/$publicId/$slug": null,
  "/c/$name/p/$publicId/": null,
  "/feeds/": msg("Your feeds"),
  "/feeds/new": msg("New feed"),
  "/feeds/$id/": msg("Feed"),
  "/feeds/$id/edit": msg("Edit feed"),
} satisfies Record<keyof FileRoutesById, string | null> as PageTitles;

const NOT_FOUND = msg("Page not found");

const load = () => Promise.resolve(PAGE_TITLES);

/** Sets the title of every route but home (whose title, "Agora", needs none of this on the first load). */
export default function PageTitle(): null {
  usePageTitle(load, "Agora", { known: PAGE_TITLES, notFound: NOT_FOUND });
  return null;
}
