import { HOTP, Secret } from "otpauth";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { useBrowser } from "./browser";
import { lane } from "./lane";
import { accessToken, newAccount, PASSWORD_LABEL, signIn, submitLogin } from "./sign-in";
import { enterStaffCode } from "./staff";

// Two-factor sign-in as a person meets it: the code step of the login dialog with an authenticator
// app, and passkeys registered in Settings → Account and used to sign in with no password, on
// Chromium's virtual authenticator (WebAuthn through the DevTools protocol).

const code = (base32: string, offset = 0) =>
  HOTP.generate({ secret: Secret.fromBase32(base32), counter: Math.floor(Date.now() / 30_000) + offset });

async function api<T>(path: string, token: string, body?: unknown): Promise<T> {
  const res = await fetch(`${lane().baseUrl}${path}`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as T;
}

/** A virtual platform authenticator that holds passkeys and verifies the person. */
async function virtualAuthenticator(p: Page) {
  const cdp = await p.context().newCDPSession(p);
  await cdp.send("WebAuthn.enable");
  await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
}

describe("two-factor sign-in", () => {
  const { page } = useBrowser();

  it("asks for the app's code after the password, refuses a wrong one, and signs in with the right one", async () => {
    const { page: p, errors, request } = await page().then((o) => ({ ...o, request: o.page.request }));
    const account = await newAccount(request);
    // Turning the app on needs the password typed lately: a fresh sign-in's token has it.
    const token = await accessToken(account.username, account.password);
    const { secret } = await api<{ secret: string }>("/api/v1/private/user/auth/totp/setup", token);
    await api("/api/v1/private/user/auth/totp/enable", token, { code: code(secret, -1) });

    await p.goto("/");
    await p.getByRole("button", { name: "Sign In" }).click();
    const dialog = p.getByRole("dialog", { name: "Log In" });
    await submitLogin(dialog, account.username, account.password);
    const step = dialog.getByRole("form", { name: "Two-factor code" });
    await step.waitFor();
    // Not signed in yet: the password alone opens nothing.
    expect((await p.context().cookies()).find((c) => c.name === "access_token")).toBeUndefined();

    const field = step.getByLabel("Code from your authenticator app");
    const right = code(secret);
    const wrong = right === "000000" ? "111111" : "000000";
    await field.fill(wrong);
    await field.press("Enter");
    // Said once, at the field, which keeps what was typed.
    await step.getByText(/not right/).waitFor();
    expect(await step.getByText(/not right/).count()).toBe(1);
    expect(await step.getByText(/^code:/).count()).toBe(0);
    expect(await field.inputValue()).toBe(wrong);
    expect(await field.getAttribute("aria-invalid")).toBe("true");
    await field.fill(code(secret));
    await step.getByRole("button", { name: "Verify" }).click();
    await p.getByRole("button", { name: `Account menu for ${account.username}` }).waitFor();
    expect(errors).toEqual([]);
  });

  it("registers a passkey in Settings → Account after the password is typed again, and after signing out signs in with it and no password", async () => {
    const { page: p, context, errors } = await page();
    const account = await newAccount(p.request);
    // The registration's session never typed the password: adding a passkey asks for it first.
    await signIn(context, { token: account.token });
    await virtualAuthenticator(p);

    await p.goto("/settings/account");
    await p.getByRole("button", { name: "Add a passkey" }).click();
    await p.getByRole("heading", { name: "Confirm it is you" }).waitFor();
    await p.getByLabel(PASSWORD_LABEL).fill("not-my-password");
    await p.getByRole("button", { name: "Confirm" }).click();
    await p.getByText("The password is incorrect.").waitFor();
    await p.getByLabel(PASSWORD_LABEL).fill(account.password);
    await p.getByRole("button", { name: "Confirm" }).click();
    await p.getByText("Passkey added.").waitFor();
    await expect.poll(() => p.getByTestId("passkey-item").count()).toBe(1);
    const item = p.getByTestId("passkey-item");
    await item.getByText("Added in the last 24 hours").waitFor();
    await item.getByText(/from Chrome on Linux/).waitFor();

    await context.clearCookies();
    await p.goto("/signin");
    await p.getByRole("button", { name: "Sign in with a passkey" }).click();
    await p.getByRole("button", { name: `Account menu for ${account.username}` }).waitFor();
    expect((await context.cookies()).find((c) => c.name === "access_token")?.value).toBeTruthy();
    expect(errors).toEqual([]);
  });

  it("staff add a passkey on the admin Security page, sign in to the admin site with it alone, then remove it", async () => {
    const { page: p, errors } = await page();
    await p.goto("/admin/");
    await submitLogin(p.getByRole("form", { name: "Staff sign in" }), "admin", "agora-admin");
    await enterStaffCode(p);
    await virtualAuthenticator(p);

    const menu = p.getByRole("button", { name: "Admin menu for admin" });
    await menu.click();
    await p.getByRole("menuitem", { name: "Security" }).click();
    await p.getByRole("heading", { name: "Security" }).waitFor();
    const name = `Journey key ${Date.now()}`;
    await p.getByLabel("Passkey name (optional)").fill(name);
    await p.getByRole("button", { name: "Add a passkey" }).click();
    await p.getByTestId("snackbar").filter({ hasText: "Passkey added." }).waitFor();
    const item = p.getByTestId("passkey-item").filter({ hasText: name });
    await item.getByText("Never used").waitFor();

    await menu.click();
    await p.getByRole("menuitem", { name: "Log Out" }).click();
    await p.getByRole("button", { name: "Sign in with a passkey" }).click();
    await menu.waitFor();

    // Signed in with the passkey moments ago: removing it needs no further code.
    await menu.click();
    await p.getByRole("menuitem", { name: "Security" }).click();
    await item.getByText(/Last used/).waitFor();
    await item.getByRole("button", { name: `Remove passkey ${name}` }).click();
    await p.getByTestId("confirm-dialog").getByRole("button", { name: "Confirm" }).click();
    await p.getByTestId("snackbar").filter({ hasText: "The passkey was removed." }).waitFor();
    await item.waitFor({ state: "detached" });
    expect(errors).toEqual([]);
  });
});
