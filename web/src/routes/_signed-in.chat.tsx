import { createFileRoute, Outlet } from "@tanstack/react-router";
import { msg } from "#client/i18n.ts";

// /chat/…: chat's pages, behind the sign-in with chat's own words for a visitor.
export const Route = createFileRoute("/_signed-in/chat")({
  staticData: {
    signIn: {
      title: msg("Sign in to chat"),
      text: msg("Talk one-to-one with the people you meet in communities."),
      action: msg("Sign In"),
    },
  },
  component: Outlet,
});
