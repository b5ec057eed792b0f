import type { BrowserContext, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { useBrowser } from "./browser";
import { latestCode, newAccount, newPerson, outbox, PASSWORD_LABEL, signIn, submitLogin } from "./sign-in";
import { enterStaffCode } from "./staff";

// Accounts as a newcomer meets them: the dialogs and pages of sign-up, verification, login,
// forgot password, the user menu, and the admin site's login, menu and profile.

async function tokenCookie(context: BrowserContext) {
  return (await context.cookies()).find((c) => c.name === "access_token");
}

async function logInThroughDialog(p: Page, username: string, password: string) {
  await p.getByRole("button", { name: "Sign In" }).click();
  await submitLogin(p.getByRole("dialog", { name: "Log In" }), username, password);
  await p.getByRole("button", { name: `Account menu for ${username}` }).waitFor();
}

describe("signing up", () => {
  const { page } = useBrowser();

  it("registers and verifies through the dialogs until the access_token cookie is set", async () => {
    const { page: p, errors, context } = await page();
    const person = newPerson();
    await p.goto("/");
    await p.getByRole("button", { name: "Sign In" }).click();
    await p.getByRole("dialog", { name: "Log In" }).getByRole("button", { name: "Sign Up" }).click();

    const register = p.getByRole("dialog", { name: "Sign Up" });
    const submit = register.getByRole("button", { name: "Sign Up" });
    await expect(submit.isDisabled()).resolves.toBe(true);
    await register.getByLabel("Email").fill(person.email);
    await register.getByLabel("Username").fill(person.username);
    await expect(submit.isDisabled()).resolves.toBe(true);
    await register.getByLabel(PASSWORD_LABEL).fill(person.password);
    await expect(submit.isEnabled()).resolves.toBe(true);
    // Enter submits.
    await register.getByLabel(PASSWORD_LABEL).press("Enter");

    const verify = p.getByRole("dialog", { name: "Verify your email" });
    await verify.getByText("The verification code will be sent to your email").waitFor();
    await p.waitForURL(
      (url) =>
        url.searchParams.get("email") === person.email &&
        url.searchParams.get("username") === person.username,
    );
    // A code was just sent: resending waits out the 60 seconds.
    const resend = verify.getByRole("button", { name: /^Resend code in \d+ s$/ });
    await expect(resend.isDisabled()).resolves.toBe(true);

    await verify.getByLabel("Verification code").fill(await latestCode(p.request, person.email));
    await verify.getByRole("button", { name: "Verify" }).click();
    // The first step of a new account: the Get started checklist, the notice inside it (no toast
    // over the list), communities to join and people to follow, then the feed.
    const welcome = p.getByRole("dialog", { name: "Welcome to Agora" });
    await welcome.getByText("Your account was verified with the email").waitFor();
    await p.getByRole("button", { name: `Account menu for ${person.username}` }).waitFor();
    await expect(verify.count()).resolves.toBe(0);
    await welcome.getByText("0 of 4 done").waitFor();
    await welcome.getByRole("button", { name: "Go to my feed" }).click();
    await expect(welcome.count()).resolves.toBe(0);
    // Until every step is done, the account menu offers the checklist again.
    await p.getByRole("button", { name: `Account menu for ${person.username}` }).click();
    await p.getByRole("menuitem", { name: /Get started/ }).click();
    await p.getByRole("dialog", { name: "Get started" }).getByText("0 of 4 done").waitFor();

    const cookie = await tokenCookie(context);
    expect(cookie?.value).toBeTruthy();
    const days = (cookie!.expires * 1000 - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThanOrEqual(7);
    expect(new URL(p.url()).searchParams.has("email")).toBe(false);
    expect(errors).toEqual([]);
  });

  it("shows the spec's messages, the referrer, and a taken username", async () => {
    const { page: p } = await page();
    await p.goto("/register?ref_username=bruno");
    await p.getByText("Your referrer is @bruno").waitFor();
    const form = p.getByRole("form", { name: "Sign Up" });
    const username = form.getByLabel("Username");
    const submit = form.getByRole("button", { name: "Sign Up" });

    await username.fill("ab");
    await username.blur();
    await form.getByText("Must be 3 characters or more").waitFor();
    await username.fill("ab_cd");
    await form.getByText("Must be alphanumeric characters").waitFor();
    await username.fill("a".repeat(19));
    await form.getByText("Must be 18 characters or less").waitFor();
    const email = form.getByLabel("Email");
    await email.fill("not-an-email");
    await email.blur();
    await form.getByText("Must be a valid email").waitFor();
    const password = form.getByLabel(PASSWORD_LABEL);
    await password.fill("12345");
    await password.blur();
    await form.getByText("Must be 6 characters or more").waitFor();
    await expect(submit.isDisabled()).resolves.toBe(true);
    // One of the 1,000 most common passwords is refused before anything is sent.
    await password.fill("Qwerty123");
    await form.getByText("This password is too common. Choose one that is harder to guess.").waitFor();
    await expect(submit.isDisabled()).resolves.toBe(true);

    await username.fill("bruno");
    await email.fill(`${newPerson().email}`);
    await password.fill("secret-pass-1");
    await submit.click();
    await form.getByRole("alert").getByText("This username is taken.").waitFor();
  });

  it("verifies on the page: a wrong code says so, the right one signs in and goes home", async () => {
    const { page: p, context } = await page();
    const person = newPerson();
    expect((await p.request.post("/api/v1/user/auth/register", { data: person })).status()).toBe(201);
    await p.goto(
      `/register/code/verification?email=${encodeURIComponent(person.email)}&username=${person.username}`,
    );
    const code = p.getByLabel("Verification code");
    await code.fill("WRONGCODE1");
    await p.getByRole("button", { name: "Verify" }).click();
    await p.getByText("This verification code is not valid.").waitFor();

    const right = await latestCode(p.request, person.email);
    await code.fill(right.toLowerCase());
    await p.getByRole("button", { name: "Verify" }).click();
    await p.waitForURL((url) => url.pathname === "/");
    await p.getByText("Your account was verified with the email").waitFor();
    expect(await tokenCookie(context)).toBeTruthy();
  });

  it("answers a registered address like a new one, and e-mails its owner instead", async () => {
    const { page: p } = await page();
    const owner = await newAccount(p.request);
    const stranger = newPerson();
    await p.goto("/register");
    const form = p.getByRole("form", { name: "Sign Up" });
    await form.getByLabel("Email").fill(owner.email);
    await form.getByLabel("Username").fill(stranger.username);
    await form.getByLabel(PASSWORD_LABEL).fill(stranger.password);
    await form.getByRole("button", { name: "Sign Up" }).click();
    // The same next step as for anyone, with a word for the person who already has an account.
    await p.waitForURL((url) => url.pathname === "/register/code/verification");
    await p.getByText("The verification code will be sent to your email").waitFor();
    await p
      .getByText("If this email already has an account, we e-mailed you how to log in instead of a code.")
      .waitFor();
    const [mail] = await outbox(p.request, owner.email);
    expect(mail).toMatch(/^Someone, maybe you, tried to create an Agora account with this email/);
  });

  it("sends a used code's owner to the login", async () => {
    const { page: p } = await page();
    const person = newPerson();
    await p.request.post("/api/v1/user/auth/register", { data: person });
    const code = await latestCode(p.request, person.email);
    await p.request.post(`/api/v1/user/auth/register/email/confirm?code=${code}`);
    await p.goto(`/register/code/verification?username=${person.username}`);
    await p.getByLabel("Verification code").fill(code);
    await p.getByRole("button", { name: "Verify" }).click();
    await p.waitForURL((url) => url.pathname === "/signin");
  });
});

describe("logging in and out", () => {
  const { page, baseUrl } = useBrowser();

  it("says 'Login failed.' for a wrong password, then signs in and shows every menu item", async () => {
    const { page: p, errors, context } = await page();
    const person = await newAccount(p.request);
    await p.goto("/c/agora");
    await p.getByRole("button", { name: "Sign In" }).click();
    const dialog = p.getByRole("dialog", { name: "Log In" });
    await submitLogin(dialog, person.username, "not-the-password");
    const alert = dialog.getByRole("alert");
    await alert.getByText("Login failed.").waitFor();
    await alert.getByText("Incorrect username or password.").waitFor();
    expect(await tokenCookie(context)).toBeUndefined();

    await dialog.getByLabel(PASSWORD_LABEL).fill(person.password);
    await dialog.getByRole("button", { name: "Log In" }).click();
    const menuButton = p.getByRole("button", { name: `Account menu for ${person.username}` });
    await menuButton.waitFor();
    // A dialog login keeps the person where they were.
    expect(new URL(p.url()).pathname).toBe("/c/agora");

    await menuButton.click();
    const menu = p.getByRole("menu");
    for (const item of [
      "View Profile",
      "Settings",
      "Payments",
      "Night Mode",
      "Wallet",
      "Chat",
      "Notifications",
    ]) {
      await expect(menu.getByRole("menuitem", { name: new RegExp(item) }).count()).resolves.toBe(1);
    }
    await menu.getByRole("menuitem", { name: "Log Out" }).click();
    await p.getByRole("button", { name: "Sign In" }).waitFor();
    expect(await tokenCookie(context)).toBeUndefined();
    await expect(p.locator("html").getAttribute("data-theme")).resolves.toBe("night");
    expect(errors).toEqual([]);
  });

  it("remembers the night mode choice with the account", async () => {
    const { page: p } = await page();
    const person = await newAccount(p.request);
    await signIn(p.context(), person);
    await p.goto("/");
    await p.getByRole("button", { name: `Account menu for ${person.username}` }).click();
    const saved = p.waitForResponse((r) => r.url().includes("/setting/boolean") && r.status() === 200);
    await p.getByRole("menuitem", { name: /Night Mode/ }).click();
    await saved;
    await expect(p.locator("html").getAttribute("data-theme")).resolves.toBe("day");

    // Another browser, same account, signed in through the dialog: the day theme follows the account.
    const { page: other } = await page();
    await other.goto("/");
    await logInThroughDialog(other, person.username, person.password);
    await other.waitForFunction(() => document.documentElement.dataset.theme === "day");
  });

  it("logs in on /signin and goes home; signed in, the auth pages send home", async () => {
    const { page: p } = await page();
    const person = await newAccount(p.request);
    await p.goto("/signin");
    await submitLogin(p, person.username.toUpperCase(), person.password);
    await p.waitForURL((url) => url.pathname === "/");
    await p.getByRole("button", { name: `Account menu for ${person.username}` }).waitFor();
    for (const path of ["/signin", "/register", "/forgot-password", "/register/code/verification"]) {
      await p.goto(path);
      await p.waitForURL((url) => url.pathname === "/");
    }
  });

  it("signs out and goes home when the token is no longer valid", async () => {
    const { page: p, context } = await page();
    await context.addCookies([{ name: "access_token", value: "an.expired.token", url: baseUrl() }]);
    await p.goto("/blog");
    await p.waitForURL((url) => url.pathname === "/");
    await p.getByRole("button", { name: "Sign In" }).waitFor();
    expect(await tokenCookie(context)).toBeUndefined();
  });

  it("offers the unverified account its code step from the login", async () => {
    const { page: p } = await page();
    const person = newPerson();
    await p.request.post("/api/v1/user/auth/register", { data: person });
    await p.goto("/signin");
    await submitLogin(p, person.username, person.password);
    await p.getByText("Please verify your email first: enter the code we sent you.").waitFor();
    await p.getByRole("button", { name: "Enter the verification code" }).click();
    await p.waitForURL((url) => url.pathname === "/register/code/verification");
    expect(new URL(p.url()).searchParams.get("username")).toBe(person.username);
  });

  it("shows only known, translated messages for a Google return, never the link's words", async () => {
    const { page: p, context } = await page();
    await p.goto("/signin?error=cancelled");
    await p.getByRole("alert").getByText("Google sign-in was cancelled.").waitFor();
    expect(new URL(p.url()).search).toBe("");

    await p.goto(`/signin?error=${encodeURIComponent("Your account is locked. Call +1 555 0100")}`);
    await p.getByRole("alert").getByText("Login failed.").waitFor();
    await p.goto("/signin#error=Your+account+is+locked.+Call+us&access_token=x.y.z");
    await p.getByRole("form", { name: "Log In" }).waitFor();
    expect(await p.getByText(/locked|Call/).count()).toBe(0);
    expect(await tokenCookie(context)).toBeUndefined();

    // A code this browser did not start signs nobody in.
    await p.goto("/signin?code=made-in-another-browser");
    await p
      .getByRole("alert")
      .getByText("This sign-in link has expired or was already used. Please sign in again.")
      .waitFor();
    expect(await tokenCookie(context)).toBeUndefined();
  });

  it("never swaps a signed-in browser's session for a link's", async () => {
    const { page: p, context } = await page();
    const person = await newAccount(p.request);
    await signIn(context, person);
    await p.goto("/signin?code=someone-elses-sign-in");
    await p.waitForURL((url) => url.pathname === "/");
    await p.getByRole("button", { name: `Account menu for ${person.username}` }).waitFor();
    expect((await tokenCookie(context))?.value).toBe(person.token);
    // A fragment token, as older links carried, does nothing either.
    await p.goto("/signin#access_token=someone.elses.token");
    await p.waitForURL((url) => url.pathname === "/");
    expect((await tokenCookie(context))?.value).toBe(person.token);
  });

  it("says when Google sign-in is not configured", async () => {
    const { page: p } = await page();
    await p.goto("/signin");
    // The username field has the focus; leaving it empty must not move the button under the pointer.
    await p.getByRole("link", { name: "Continue with Google" }).click();
    await p.getByText("Google sign-in is not configured").waitFor();
    expect(new URL(p.url()).pathname).toBe("/signin");
  });
});

describe("forgot password", () => {
  const { page } = useBrowser();

  it("e-mails a new password and returns to the login dialog after 4 seconds", async () => {
    const { page: p } = await page();
    // The page's timers run on a clock this test moves on by the 4 s (it flows as usual otherwise).
    await p.clock.install();
    const person = await newAccount(p.request);
    await p.goto("/");
    await p.getByRole("button", { name: "Sign In" }).click();
    await p.getByRole("dialog", { name: "Log In" }).getByRole("button", { name: "Forgot password?" }).click();
    const dialog = p.getByRole("dialog", { name: "Forgot password" });
    await dialog.getByLabel("Email").fill(person.email);
    await dialog.getByRole("button", { name: "Send me a new password" }).click();
    await dialog.getByText("Email with a new password was sent. Please login with it.").waitFor();
    // 8 s of the page's time at most, as before: the 4 s moved on, then 4 s as they come.
    await p.clock.runFor(4_000);
    await p.getByRole("dialog", { name: "Log In" }).waitFor({ timeout: 4_000 });

    const [mail] = await outbox(p.request, person.email);
    const password = /Your new password: (\S+)/.exec(mail ?? "")?.[1];
    expect(password).toBeTruthy();
    // The e-mailed password works once, and that sign-in chooses the password from now on.
    await submitLogin(p.getByRole("dialog", { name: "Log In" }), person.username, password!);
    const choose = p.getByRole("form", { name: "Choose a new password" });
    await choose
      .getByText("You signed in with a temporary password. Choose a new password to continue.")
      .waitFor();
    await choose.getByLabel("New password").fill("my-own-new-password");
    await choose.getByRole("button", { name: "Save and log in" }).click();
    await p.getByRole("button", { name: `Account menu for ${person.username}` }).waitFor();
    const again = await p.request.post("/api/v1/user/auth/login", {
      data: { username: person.username, password: "my-own-new-password" },
    });
    expect(again.status()).toBe(200);
  });

  it("works as a page, going back to /signin", async () => {
    const { page: p } = await page();
    await p.clock.install();
    await p.goto("/forgot-password");
    await p.getByLabel("Email").fill("nobody-here@example.com");
    await p.getByRole("button", { name: "Send me a new password" }).click();
    await p.getByText("Email with a new password was sent. Please login with it.").waitFor();
    await p.clock.runFor(4_000);
    await p.waitForURL((url) => url.pathname === "/signin", { timeout: 4_000 });
  });
});

describe("changing the account from Settings", () => {
  const { page } = useBrowser();

  // Signed in with the session cookie (the sign-in forms are the journeys above).
  async function signedInAtSettings(p: Page) {
    const person = await newAccount(p.request);
    await signIn(p.context(), person);
    await p.goto("/settings/account");
    return person;
  }

  it("updates the e-mail only with the code sent to the new address: signed out, code, then the login says why", async () => {
    const { page: p, context } = await page();
    const person = await signedInAtSettings(p);
    await p.getByRole("button", { name: "Update email" }).click();
    const dialog = p.getByRole("dialog", { name: "Update email" });
    const newEmail = `new${person.email}`;
    await dialog.getByLabel("New email").fill(newEmail);
    await dialog.getByLabel(PASSWORD_LABEL).fill(person.password);
    await dialog.getByRole("button", { name: "Update email" }).click();

    // Signed out, on the code step; nothing has changed yet.
    await p.waitForURL((url) => url.pathname === "/email/confirm");
    const form = p.getByRole("form", { name: "Confirm your new email" });
    await form.getByText(newEmail).waitFor();
    expect(await tokenCookie(context)).toBeUndefined();
    const mail = (await outbox(p.request, newEmail))[0] ?? "";
    const code = /Your code to confirm this email: (\d{6})/.exec(mail)?.[1];
    expect(code).toBeTruthy();

    const field = form.getByLabel("6-digit code");
    await field.fill("12ab56");
    await form.getByRole("button", { name: "Confirm email" }).click();
    await form.getByText("Enter the 6 digits we e-mailed you.").waitFor();
    await field.fill(code === "000000" ? "000001" : "000000");
    await form.getByRole("button", { name: "Confirm email" }).click();
    await form.getByRole("alert").getByText("This verification code is not valid.").waitFor();

    await field.fill(code!);
    await form.getByRole("button", { name: "Confirm email" }).click();
    const login = p.getByRole("dialog", { name: "Log In" });
    await login.getByText("Your email was updated. Please log in again.").waitFor();
    expect(new URL(p.url()).pathname).toBe("/");
    // The old address hears about it; the new one signs in.
    expect((await outbox(p.request, person.email))[0]).toContain(newEmail);
    await submitLogin(login, person.username, person.password);
    await p.getByRole("button", { name: `Account menu for ${person.username}` }).waitFor();
    await p.goto("/settings/account");
    await p.getByText(newEmail).waitFor();
  });

  it("updates the password: a wrong old one is refused; then only the new one opens the account", async () => {
    const { page: p } = await page();
    const person = await signedInAtSettings(p);
    await p.getByRole("button", { name: "Update password" }).click();
    const dialog = p.getByRole("dialog", { name: "Update password" });
    await dialog.getByLabel("Old password").fill("not-my-password");
    await dialog.getByLabel("New password").fill("a-brand-new-one");
    await dialog.getByRole("button", { name: "Update password" }).click();
    await dialog.getByRole("alert").getByText("The password is incorrect.").waitFor();
    await dialog.getByLabel("Old password").fill(person.password);
    await dialog.getByRole("button", { name: "Update password" }).click();

    const login = p.getByRole("dialog", { name: "Log In" });
    await login.getByText("Your password was updated. Please log in again.").waitFor();
    await submitLogin(login, person.username, person.password);
    await login.getByText("Incorrect username or password.").waitFor();
    await login.getByLabel(PASSWORD_LABEL).fill("a-brand-new-one");
    await login.getByRole("button", { name: "Log In" }).click();
    await p.getByRole("button", { name: `Account menu for ${person.username}` }).waitFor();
  });

  it("deletes the account after typing its username and password", async () => {
    const { page: p, context } = await page();
    const person = await signedInAtSettings(p);
    await p.getByRole("button", { name: "Delete account" }).click();
    const dialog = p.getByRole("dialog", { name: "Delete account" });
    const confirm = dialog.getByRole("button", { name: "Delete account" });
    await dialog.getByLabel("Username").fill("someone");
    await dialog.getByLabel(PASSWORD_LABEL).fill(person.password);
    await expect(confirm.isDisabled()).resolves.toBe(true);
    await dialog.getByLabel("Username").fill(person.username);
    await confirm.click();
    await p.getByText("Your account will be deleted").waitFor();
    await p.waitForURL((url) => url.pathname === "/");
    expect(await tokenCookie(context)).toBeUndefined();
    const again = await p.request.post("/api/v1/user/auth/login", {
      data: { username: person.username, password: person.password },
    });
    expect(again.status()).toBe(401);
  });
});

describe("the admin site", () => {
  const { page } = useBrowser();

  async function adminLogin(p: Page, password = "agora-admin") {
    await p.goto("/admin/");
    await submitLogin(p.getByRole("form", { name: "Staff sign in" }), "admin", password);
    await enterStaffCode(p);
  }

  it("refuses a wrong password, then signs in with the admin token", async () => {
    const { page: p, context, errors } = await page();
    await p.goto("/admin/");
    const form = p.getByRole("form", { name: "Staff sign in" });
    const submit = form.getByRole("button", { name: "Log In" });
    await expect(submit.isDisabled()).resolves.toBe(true);
    await form.getByLabel("Username").fill("admin");
    await form.getByLabel(PASSWORD_LABEL).fill("wrong-password");
    await submit.click();
    await form.getByRole("alert").getByText("Incorrect username or password.").waitFor();

    await form.getByLabel(PASSWORD_LABEL).fill("agora-admin");
    await submit.click();
    // Staff have a second factor: the code step comes before the admin pages.
    await enterStaffCode(p);
    await p.getByRole("button", { name: "Admin menu for admin" }).waitFor();
    const cookie = (await context.cookies()).find((c) => c.name === "admin_access_token");
    expect(cookie?.value).toBeTruthy();
    // An admin token is no user session.
    expect((await context.cookies()).find((c) => c.name === "access_token")).toBeUndefined();
    expect(errors).toEqual([]);
  });

  it("opens the profile from the menu, toggles night mode, changes the password and logs out", async () => {
    const { page: p } = await page();
    await adminLogin(p);
    const menuButton = p.getByRole("button", { name: "Admin menu for admin" });
    await menuButton.click();
    await p.getByRole("menuitem", { name: "Profile" }).click();
    await p.waitForURL((url) => url.pathname === "/admin/admin");
    await p.getByRole("heading", { name: "admin", exact: true }).waitFor();

    const night = p.getByRole("switch", { name: "Night Mode" });
    await night.click();
    await p.waitForFunction(() => document.documentElement.dataset.theme === "day");
    await night.click();
    await p.waitForFunction(() => document.documentElement.dataset.theme === "night");

    const change = p.getByRole("form", { name: "Change password" });
    const changeTo = async (from: string, to: string) => {
      await change.getByLabel("Old password").fill(from);
      await change.getByLabel("New password").fill(to);
      await change.getByRole("button", { name: "Update password" }).click();
    };
    await changeTo("not-my-password", "agora-admin-2");
    await change.getByRole("alert").getByText("The password is incorrect.").waitFor();
    await changeTo("agora-admin", "agora-admin-2");
    // Every admin session ends: the login says why.
    await p.getByText("Your password was updated. Please log in again.").waitFor();
    const adminCookie = async () =>
      (await p.context().cookies()).find((c) => c.name === "admin_access_token")?.value;
    let token: string | undefined;
    try {
      await adminLogin(p, "agora-admin-2");
      await p.getByRole("button", { name: "Admin menu for admin" }).waitFor();
      // Logging out forgets the session in this browser (the token itself stays good until it
      // expires): it is kept to put the seeded password back below. One staff sign-in fewer,
      // each of which may wait for an unused code step.
      token = await adminCookie();
      await p.getByRole("button", { name: "Admin menu for admin" }).click();
      await p.getByRole("menuitem", { name: "Log Out" }).click();
      await p.getByRole("form", { name: "Staff sign in" }).waitFor();
      expect(await adminCookie()).toBeUndefined();
    } finally {
      // Other journeys sign in with the seeded password.
      token ??= await adminCookie();
      await p.request.patch("/api/admin/private/auth/update/password", {
        headers: { authorization: `Bearer ${token}` },
        form: { old_password: "agora-admin-2", new_password: "agora-admin" },
      });
    }
    // The seeded password opens the account again (its first step: the code step comes next).
    const again = await p.request.post("/api/admin/auth/login", {
      form: { username: "admin", password: "agora-admin" },
    });
    expect(again.status()).toBe(200);
    expect(((await again.json()) as { mfa_token?: string }).mfa_token).toBeTruthy();
  });
});
