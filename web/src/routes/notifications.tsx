import { createFileRoute } from "@tanstack/react-router";
import { SignInRequired } from "../features/accounts/components/sign-in-required";
import { NotificationsPage } from "../features/notifications/components/notifications-page";
import { oneOf, searchParams } from "../lib/search-params";

export const Route = createFileRoute("/notifications")({
  validateSearch: searchParams({ view: oneOf(["unread", "all"], "all") }),
  component: function Notifications() {
    const { view } = Route.useSearch();
    return (
      <SignInRequired>
        <NotificationsPage view={view} />
      </SignInRequired>
    );
  },
});
