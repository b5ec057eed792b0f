import { createFileRoute, Outlet, useMatches } from "@tanstack/react-router";
import { type SignInPrompt, SignInRequired } from "../features/accounts/components/sign-in-required";

declare module "@tanstack/react-router" {
  interface StaticDataRouteOption {
    /** What a visitor is told on a page behind the sign-in (`msg("…")` keys, translated there). */
    signIn?: SignInPrompt;
  }
}

// Every page that needs an account sits under this layout (its files are `_signed-in.*.tsx`): one
// guard, so a new private page cannot forget it. It adds nothing to the address.
export const Route = createFileRoute("/_signed-in")({
  component: function SignedIn() {
    const prompt = useMatches({
      select: (matches) => matches.findLast((m) => m.staticData.signIn)?.staticData.signIn,
    });
    // The page's own match, not the address: the address moves on before this layout unmounts.
    const page = useMatches({ select: (matches) => matches.at(-1)?.pathname ?? "" });
    return (
      <SignInRequired prompt={prompt} page={page}>
        <Outlet />
      </SignInRequired>
    );
  },
});
