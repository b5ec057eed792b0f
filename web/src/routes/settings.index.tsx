import { createFileRoute, redirect } from "@tanstack/react-router";

// /settings opens the profile tab, as the user menu's Settings item does.
export const Route = createFileRoute("/settings/")({
  beforeLoad: () => {
    throw redirect({ to: "/settings/$tab", params: { tab: "profile" } });
  },
});
