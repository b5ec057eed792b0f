import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { SnackbarHost } from "#client/ui/snackbar.tsx";
import type { Me } from "#shared/schemas/user.ts";
import { getToken, setToken } from "#web/lib/auth-token.ts";
import { closeModal, useOpenModal } from "#web/modals.tsx";
import { rememberCodeSent } from "./auth-flow";
import DeleteAccountDialog from "./components/delete-account-dialog";
import { LoginForm } from "./components/login-form";
import { RegisterForm } from "./components/register-form";
import UpdatePasswordDialog from "./components/update-password-dialog";
import { VerifyCodeForm } from "./components/verify-code-form";

// The router is not what these tests are about: navigation is recorded, links are plain links.
const navigate = vi.fn(async (_to: unknown) => {});
vi.mock("@tanstack/react-router", () => ({
  useNavigate: () => navigate,
  useRouter: () => ({ navigate: vi.fn(async () => {}) }),
  Link: ({ children, to }: { children: ReactNode; to: string }) => <a href={to}>{children}</a>,
}));

const ME: Me = {
  username: "carmen",
  profile_name: "Carmen",
  profile_image: null,
  status: "ACTIVE",
  created_at: "2026-01-01T00:00:00.000Z",
  is_staff: false,
  is_verified_user: false,
  is_verified_business: false,
  email: "carmen@example.com",
  profile_cover: null,
  headline: "",
  bio: "",
  links: [],
  is_following: false,
  is_blocked: false,
  is_blocking: false,
  user_is_owner: true,
  allow_new_chat: true,
  total_followers: 0,
  total_following: 0,
  use_night_mode: true,
  default_micropost_sort: "NEW",
  role: "USER",
  settings: {},
  referrer_username: null,
  is_service_provider: false,
};

/** Answers the API calls the way the Worker does, recording what was sent. */
type Answer = { status: number; body?: unknown };
function fakeApi(answers: Record<string, Answer | (() => Answer)>) {
  const calls: Array<{ url: string; method: string; body: string; auth: string }> = [];
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const url = String(input);
    const auth = new Headers(init?.headers).get("authorization") ?? "";
    calls.push({ url, method: init?.method ?? "GET", body: String(init?.body ?? ""), auth });
    const path = url.split("?")[0]!;
    const given = answers[path];
    const answer = path.endsWith("/auth/me")
      ? { status: 200, body: ME }
      : typeof given === "function"
        ? given()
        : given;
    if (!answer) return new Response(JSON.stringify({ detail: "Not found" }), { status: 404 });
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
      status: answer.status,
      headers: { "content-type": "application/json" },
    });
  });
  return calls;
}

function OpenModal() {
  return <output data-testid="open-modal">{useOpenModal()}</output>;
}

function renderWithClient(ui: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      {ui}
      <OpenModal />
      <SnackbarHost />
    </QueryClientProvider>,
  );
}

const type = (label: RegExp | string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

beforeEach(() => {
  navigate.mockClear();
  sessionStorage.clear();
});
afterEach(() => {
  vi.restoreAllMocks();
  act(() => closeModal());
  document.cookie = "access_token=; Expires=Thu, 01 Jan 1970 00:00:00 GMT; Path=/";
});

describe("the update password dialog", () => {
  it("says the new password must differ before sending anything", async () => {
    const calls = fakeApi({});
    setToken("token-1");
    document.documentElement.dataset.theme = "day";
    renderWithClient(<UpdatePasswordDialog onClose={() => {}} />);
    type(/^Old password/, "secret-1");
    type(/^New password/, "secret-1");
    fireEvent.click(screen.getByRole("button", { name: "Update password" }));
    await screen.findByText("The new password must be different from the old one.");
    expect(calls.filter((c) => c.url.includes("update/password"))).toEqual([]);
  });

  it("keeps the session and shows the server's words for a wrong old password", async () => {
    fakeApi({
      "/api/v1/private/user/auth/update/password": {
        status: 403,
        body: { detail: "The password is incorrect." },
      },
    });
    setToken("token-1");
    renderWithClient(<UpdatePasswordDialog onClose={() => {}} />);
    type(/^Old password/, "not-mine");
    type(/^New password/, "secret-2");
    fireEvent.click(screen.getByRole("button", { name: "Update password" }));
    expect((await screen.findByRole("alert")).textContent).toBe("The password is incorrect.");
    expect(getToken()).toBe("token-1");
  });

  it("sends a form, then signs out, goes home and opens the login with the notice", async () => {
    const calls = fakeApi({
      "/api/v1/private/user/auth/update/password": { status: 202, body: { message: "ok" } },
    });
    setToken("token-1");
    document.documentElement.dataset.theme = "day";
    renderWithClient(<UpdatePasswordDialog onClose={() => {}} />);
    type(/^Old password/, "secret-1");
    type(/^New password/, "secret-2");
    fireEvent.click(screen.getByRole("button", { name: "Update password" }));
    await waitFor(() => expect(screen.getByTestId("open-modal").textContent).toBe("LOGIN"));
    const sent = calls.find((c) => c.url.includes("update/password"))!;
    expect(sent.method).toBe("PATCH");
    expect(Object.fromEntries(new URLSearchParams(sent.body))).toEqual({
      old_password: "secret-1",
      new_password: "secret-2",
      remove_recent_passkeys: "false",
    });
    expect(getToken()).toBeNull();
    expect(navigate).toHaveBeenCalledWith({ to: "/" });
    // The theme chosen on this device stays after signing out.
    expect(document.documentElement.dataset.theme).toBe("day");
  });

  it("offers to remove the passkeys added in the last 24 hours, and sends the choice", async () => {
    const recent = {
      id: 7,
      name: "Unknown laptop",
      created_at: new Date().toISOString(),
      last_used_at: null,
      created_from: "Firefox on Linux · 203.0.113.5",
      recent: true,
    };
    const calls = fakeApi({
      "/api/v1/private/user/auth/passkey/list": { status: 200, body: { passkeys: [recent] } },
      "/api/v1/private/user/auth/update/password": { status: 202, body: { message: "ok" } },
    });
    setToken("token-1");
    renderWithClient(<UpdatePasswordDialog onClose={() => {}} />);
    const offer = await screen.findByRole("checkbox", { name: /Unknown laptop/ });
    expect((offer as HTMLInputElement).checked).toBe(false);
    fireEvent.click(offer);
    type(/^Old password/, "secret-1");
    type(/^New password/, "secret-2");
    fireEvent.click(screen.getByRole("button", { name: "Update password" }));
    await waitFor(() => expect(screen.getByTestId("open-modal").textContent).toBe("LOGIN"));
    const sent = calls.find((c) => c.url.includes("update/password"))!;
    expect(new URLSearchParams(sent.body).get("remove_recent_passkeys")).toBe("true");
  });

  it("asks for a code when the account has a factor, then sends the form again with the new session", async () => {
    let tries = 0;
    const calls = fakeApi({
      "/api/v1/private/user/auth/update/password": () => {
        tries += 1;
        return tries === 1
          ? { status: 403, body: { detail: "Confirm it is you", code: "step_up_required" } }
          : { status: 202, body: { message: "ok" } };
      },
      "/api/v1/private/user/auth/step-up": {
        status: 200,
        body: { access_token: "token-2", token_type: "bearer" },
      },
    });
    setToken("token-1");
    renderWithClient(<UpdatePasswordDialog onClose={() => {}} />);
    type(/^Old password/, "secret-1");
    type(/^New password/, "secret-2");
    fireEvent.click(screen.getByRole("button", { name: "Update password" }));
    await screen.findByText("Enter a code from your authenticator app or use a passkey.");
    type(/^Code from your authenticator app/, "123456");
    fireEvent.click(screen.getByRole("button", { name: "Confirm" }));
    await waitFor(() => expect(screen.getByTestId("open-modal").textContent).toBe("LOGIN"));
    const sends = calls.filter((c) => c.url.includes("update/password"));
    expect(sends).toHaveLength(2);
    expect(sends[1]!.auth).toContain("token-2");
  });
});

describe("the delete account dialog", () => {
  it("enables Delete only for the account's own username, then signs out with the notice", async () => {
    const calls = fakeApi({
      "/api/v1/private/user/auth/delete/account": { status: 202, body: { message: "ok" } },
    });
    setToken("token-1");
    renderWithClient(<DeleteAccountDialog onClose={() => {}} />);
    await screen.findByText("Type carmen");
    const remove = screen.getByRole("button", { name: "Delete account" });
    type(/^Username/, "bruno");
    type(/^Password/, "secret-1");
    expect((remove as HTMLButtonElement).disabled).toBe(true);
    type(/^Username/, "carmen");
    expect((remove as HTMLButtonElement).disabled).toBe(false);
    fireEvent.click(remove);
    await screen.findByText("Your account will be deleted");
    expect(calls.find((c) => c.url.includes("delete/account"))?.method).toBe("DELETE");
    expect(getToken()).toBeNull();
    expect(screen.getByTestId("open-modal").textContent).toBe("none");
  });
});

describe("the code step", () => {
  it("counts the 60 seconds down after a code was sent, then offers a new one", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: false });
    try {
      rememberCodeSent("carmen");
      renderWithClient(<VerifyCodeForm mode="modal" username="carmen" email="carmen@example.com" />);
      const resend = screen.getByRole("button", { name: "Resend code in 60 s" });
      expect((resend as HTMLButtonElement).disabled).toBe(true);
      // One second at a time, as the page lives it: each tick renders and sets the next.
      const wait = async (seconds: number) => {
        for (let i = 0; i < seconds; i++) {
          await act(async () => {
            await vi.advanceTimersByTimeAsync(1_000);
          });
        }
      };
      await wait(30);
      expect(screen.getByRole("button", { name: "Resend code in 30 s" })).toBeTruthy();
      await wait(30);
      expect((screen.getByRole("button", { name: "Resend code" }) as HTMLButtonElement).disabled).toBe(false);
    } finally {
      vi.useRealTimers();
    }
  });

  it("asks for the username when there is none to resend for", async () => {
    fakeApi({});
    renderWithClient(<VerifyCodeForm mode="modal" />);
    fireEvent.click(screen.getByRole("button", { name: "Resend code" }));
    expect((await screen.findByRole("alert")).textContent).toBe(
      "Username is required to resend verification email",
    );
  });

  it("opens the login when the code was already used (409)", async () => {
    fakeApi({
      "/api/v1/user/auth/register/email/confirm": {
        status: 409,
        body: { detail: "already", code: "already_verified" },
      },
    });
    renderWithClient(<VerifyCodeForm mode="modal" username="carmen" />);
    type(/^Verification code/, "ABCDEFGHJK");
    fireEvent.click(screen.getByRole("button", { name: "Verify" }));
    await waitFor(() => expect(screen.getByTestId("open-modal").textContent).toBe("LOGIN"));
  });
});

describe("the login form", () => {
  const signIn = () => {
    type(/^Username/, "carmen");
    type(/^Password/, "secret-1");
    fireEvent.click(screen.getByRole("button", { name: "Log In" }));
  };

  it("offers the code step when the answer's code says the e-mail is not verified, whatever its words", async () => {
    fakeApi({
      "/api/v1/user/auth/login": {
        status: 403,
        body: { detail: "Verifica tu correo primero.", code: "email_unverified" },
      },
    });
    renderWithClient(<LoginForm mode="modal" />);
    signIn();
    fireEvent.click(await screen.findByRole("button", { name: "Enter the verification code" }));
    await waitFor(() =>
      expect(screen.getByTestId("open-modal").textContent).toBe("REGISTER_CODE_VERIFICATION"),
    );
  });

  it("offers no code step for another refusal, even in the same words", async () => {
    fakeApi({
      "/api/v1/user/auth/login": {
        status: 403,
        body: { detail: "Please verify your email first: enter the code we sent you.", code: "forbidden" },
      },
    });
    renderWithClient(<LoginForm mode="modal" />);
    signIn();
    expect((await screen.findByRole("alert")).textContent).toContain("Please verify your email first");
    expect(screen.queryByRole("button", { name: "Enter the verification code" })).toBeNull();
  });
});

describe("the register form", () => {
  it("keeps Sign Up off until e-mail, username and password are all valid", () => {
    renderWithClient(<RegisterForm mode="modal" />);
    const signUp = screen.getByRole("button", { name: "Sign Up" }) as HTMLButtonElement;
    expect(signUp.disabled).toBe(true);
    type(/^Email/, "carmen@example.com");
    type(/^Username/, "carmen");
    expect(signUp.disabled).toBe(true);
    type(/^Password/, "12345");
    expect(signUp.disabled).toBe(true);
    type(/^Password/, "123456");
    // The most common password there is: refused before anything is sent.
    expect(signUp.disabled).toBe(true);
    type(/^Password/, "x7#kq2");
    expect(signUp.disabled).toBe(false);
    type(/^Username/, "car men");
    expect(signUp.disabled).toBe(true);
  });

  it("shows the referrer it was given", () => {
    renderWithClient(<RegisterForm mode="page" refUsername="bruno" />);
    expect(screen.getByText("Your referrer is @bruno")).toBeTruthy();
  });
});
