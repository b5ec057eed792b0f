import { redirect } from "@tanstack/react-router";
import { getToken } from "#web/lib/auth-token.ts";

/**
 * `beforeLoad` of the authentication pages: a signed-in person is sent home. It runs
 * in the first load, so it stays this small. The Google return (`/signin?code=…`) passes: the
 * page asks before it replaces a session.
 */
export function homeIfSignedIn(): void {
  if (getToken() && !/[?&]code=/.test(window.location.search)) throw redirect({ to: "/", replace: true });
}
