import { useQueryClient } from "@tanstack/react-query";
import { Link, useNavigate, useRouter } from "@tanstack/react-router";
import type { ReactNode } from "react";
import { showSnackbar } from "#client/ui/snackbar.tsx";
import { RESEND_COUNTDOWN_S } from "#shared/constants.ts";
import { signIn, signOut } from "#web/lib/session.ts";
import { closeModal, openModal } from "#web/modals.tsx";

// The authentication forms live twice: as dialogs over any page, and as the pages /signin,
// /register, /register/code/verification and /forgot-password. The form is one
// component; `mode` decides whether a step opens the next dialog or goes to the next page.

export type AuthMode = "modal" | "page";
type Step = "login" | "register" | "forgot";

const PAGE_OF: Record<Step, "/signin" | "/register" | "/forgot-password"> = {
  login: "/signin",
  register: "/register",
  forgot: "/forgot-password",
};
const MODAL_OF = { login: "LOGIN", register: "REGISTER", forgot: "FORGOT_PASSWORD" } as const;

/** A link to another step: a real link on the pages, a button that swaps the dialog otherwise. */
export function StepLink({ mode, to, children }: { mode: AuthMode; to: Step; children: ReactNode }) {
  const className = "font-semibold text-[var(--accent)] hover:underline";
  if (mode === "page") {
    return (
      <Link to={PAGE_OF[to]} className={className}>
        {children}
      </Link>
    );
  }
  return (
    <button type="button" className={className} onClick={() => openModal(MODAL_OF[to])}>
      {children}
    </button>
  );
}

export interface CodeTarget {
  email?: string;
  username?: string;
}

export function useAuthFlow(mode: AuthMode) {
  const navigate = useNavigate();
  const router = useRouter();
  const queryClient = useQueryClient();
  return {
    toLogin() {
      if (mode === "page") {
        void navigate({ to: "/signin" });
        return;
      }
      clearCodeTargetFromAddress(router);
      openModal("LOGIN");
    },
    /** The code step; in a dialog the address also gets the email and username. */
    toVerify(target: CodeTarget) {
      if (mode === "page") {
        void navigate({ to: "/register/code/verification", search: target });
        return;
      }
      openModal("REGISTER_CODE_VERIFICATION", { ...target });
      const url = new URL(window.location.href);
      for (const [key, value] of Object.entries(target)) if (value) url.searchParams.set(key, value);
      void router.navigate({ href: `${url.pathname}${url.search}${url.hash}`, replace: true });
    },
    /**
     * Signed in: a dialog leaves the person where they were; a page goes home. A new account
     * (`welcome`) is then offered communities to join and people to follow.
     */
    signedIn(token: string, notice?: string, welcome = false) {
      signIn(queryClient, token);
      if (mode === "modal") {
        closeModal();
        clearCodeTargetFromAddress(router);
      } else void navigate({ to: "/", replace: true });
      // A new account gets the Get started checklist, the notice inside it rather than over it.
      if (welcome) openModal("WELCOME", { notice });
      else if (notice) showSnackbar({ message: notice, variant: "success" });
    },
  };
}

/**
 * After changing the e-mail or password or deleting the account the session is over:
 * signed out, home, and the notice; for a change, the login dialog opens with the notice in it.
 */
export function useEndSession() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return async (notice: string, openLogin: boolean) => {
    closeModal();
    signOut(queryClient);
    await navigate({ to: "/" });
    if (openLogin) openModal("LOGIN", { notice });
    else showSnackbar({ message: notice, variant: "success" });
  };
}

/** Forgets the email and username the code step put in the address. */
export function clearCodeTargetFromAddress(router: ReturnType<typeof useRouter>): void {
  const url = new URL(window.location.href);
  if (!url.searchParams.has("email") && !url.searchParams.has("username")) return;
  url.searchParams.delete("email");
  url.searchParams.delete("username");
  void router.navigate({ href: `${url.pathname}${url.search}${url.hash}`, replace: true });
}

// When the last code went out, per username, so the resend countdown survives a reload.
const SENT_KEY = "agora.code-sent.";

export function rememberCodeSent(username: string | undefined): void {
  if (username) sessionStorage.setItem(SENT_KEY + username, String(Date.now()));
}

/** Seconds until a new code may be asked for (0 when it may). */
export function resendWaitSeconds(username: string | undefined): number {
  const sentAt = Number(username ? sessionStorage.getItem(SENT_KEY + username) : 0) || 0;
  return Math.max(0, Math.ceil((sentAt + RESEND_COUNTDOWN_S * 1000 - Date.now()) / 1000));
}
