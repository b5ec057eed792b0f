import { redirect } from "@tanstack/react-router";
import { getToken } from "#web/lib/auth-token.ts";

/**
 * `beforeLoad` of the authentication pages: a signed-in person is sent home. It runs
 * in the first load, so it stays this small. The Google return (`/signin#access_token=…`) passes.
 */
export function homeIfSignedIn(): void {
  if (getToken() && !window.location.hash.includes("access_token="))
    throw redirect({ to: "/", replace: true });
}
