import { describe, expect, it } from "vitest";
import { shot, useBrowser } from "./browser";
import { playProviders } from "./provider-doubles";
import { newAccount, signIn } from "./sign-in";

// Payments as people use them, with Stripe and PayPal played by their stand-ins in
// test-support/stand-ins/ (the server's STRIPE_API_BASE and PAYPAL_API_BASE point at them) and
// their browser scripts by the doubles of e2e/doubles/ (Playwright serves them in place of
// js.stripe.com and www.paypal.com/sdk/js, and routes their calls to the stand-in). The membership,
// tips, orders and payouts change only when the stand-in's signed webhooks or PayPal lookups say so.
//
// One story, in order: Ana subscribes by card (a card that needs confirming) and sees her mark,
// turns payouts on and offers a service; Ben tips her post and orders her service on Stripe
// Checkout; both read their histories; Cleo subscribes by PayPal and cancels.

/** Stripe's test card that asks for 3-D Secure confirmation. */
const CARD_NEEDS_CONFIRMING = "4000 0025 0000 3155";

describe("payments", () => {
  const { page: open, baseUrl } = useBrowser();

  /** A fresh browser for an account, with the providers' scripts and calls played locally. */
  async function session(account: { token: string }, options: { width?: number } = {}) {
    const s = await open(options);
    await signIn(s.context, account);
    await playProviders(s.context);
    return s;
  }

  async function api<T>(path: string, token: string, init: RequestInit = {}): Promise<T> {
    const headers = new Headers(init.headers);
    headers.set("authorization", `Bearer ${token}`);
    const res = await fetch(`${baseUrl()}${path}`, { ...init, headers });
    expect(res.ok, `${path}: ${res.status} ${res.ok ? "" : await res.clone().text()}`).toBe(true);
    return (res.status === 204 ? undefined : await res.json()) as T;
  }

  /** With E2E_SCREENSHOTS=<folder>, the screens are saved there to be looked at. */
  let ana: Awaited<ReturnType<typeof newAccount>>;
  let ben: Awaited<ReturnType<typeof newAccount>>;
  let anaPost = "";

  it("subscribes by card, confirming the card, and shows the mark once Stripe says it is paid", async () => {
    const { page, errors } = await open();
    ana = await newAccount(page.request);
    ben = await newAccount(page.request);
    const s = await session(ana);
    await s.page.goto("/account/subscription");
    await s.page.getByTestId("plan-USER").getByRole("button", { name: "SUBSCRIBE" }).click();
    const dialog = s.page.getByRole("dialog", { name: "Subscribe to the User plan" });
    await expect(dialog.getByTestId("subscription-price").textContent()).resolves.toBe("$10");
    await dialog.getByLabel("Card number").fill(CARD_NEEDS_CONFIRMING);
    await shot(s.page, "subscription-dialog-card");
    await dialog.getByRole("button", { name: "Pay and subscribe" }).click();
    await s.page.waitForURL(/\/account\/subscription\/confirmed\?/);
    expect(new URL(s.page.url()).searchParams.get("payment_method")).toBe("STRIPE");
    const confirmed = s.page.getByTestId("subscription-confirmed");
    await confirmed.getByRole("heading", { name: "You are verified" }).waitFor({ timeout: 30_000 });
    await expect(confirmed.getByTestId("verified-mark").textContent()).resolves.toContain("Verified User");
    await shot(s.page, "subscription-confirmed");

    // A second membership is refused before any card is asked for.
    await s.page.goto("/account/subscription");
    await expect(
      s.page.getByTestId("plan-BUSINESS").getByRole("button", { name: "SUBSCRIBE" }).isDisabled(),
    ).resolves.toBe(true);
    const start = await fetch(`${baseUrl()}/api/v1/private/user/payment/subscription/start`, {
      method: "POST",
      headers: { authorization: `Bearer ${ana.token}`, "content-type": "application/json" },
      body: JSON.stringify({ paid_user_membership_type: "BUSINESS" }),
    });
    expect(start.status).toBe(409);
    expect(errors).toEqual([]);
    expect(s.errors).toEqual([]);
  });

  it("turns payouts on through Stripe Connect onboarding and shows the status", async () => {
    const s = await session(ana);
    await s.page.goto(`/user/${ana.username}/payments`);
    const payouts = s.page.getByTestId("payouts");
    await payouts
      .getByText("Payouts are off: set them up with Stripe to receive tips and service orders.")
      .waitFor();
    await payouts.getByRole("button", { name: "Set up payouts on Stripe" }).click();
    await s.page.getByRole("heading", { name: "Set up payouts" }).waitFor();
    await s.page.getByRole("button", { name: "Agree and submit" }).click();
    await s.page.waitForURL(`${baseUrl()}/user/${ana.username}/payments`);
    await payouts.getByText("Payouts are on: you can receive tips and service orders.").waitFor();
    await shot(s.page, "payouts-on");
    expect(s.errors).toEqual([]);
  });

  it("tips a post on Stripe Checkout, and the tip shows in both histories", async () => {
    // Ana writes a post and offers a service.
    const form = new FormData();
    form.set("title", "Notes from a verified member");
    form.set("community_name", "agora");
    form.set("body", "<p>Tips welcome.</p>");
    const post = await api<{ link: string }>("/api/v1/private/user/micropost", ana.token, {
      method: "POST",
      body: form,
    });
    anaPost = new URL(post.link, baseUrl()).pathname;

    const ben1 = await session(ben);
    await ben1.page.goto(anaPost);
    const detail = ben1.page.getByTestId("post-detail");
    await detail.getByRole("button", { name: "Post options" }).click();
    await ben1.page.getByRole("menuitem", { name: "Tip" }).click();
    const dialog = ben1.page.getByRole("dialog", { name: `Send USD to @${ana.username}` });
    const amount = dialog.getByLabel("Amount (USD)");
    await amount.fill("1");
    await dialog.getByRole("button", { name: "Send" }).click();
    await dialog.getByText("Amount must be at least $2").waitFor();
    await amount.fill("2.5");
    await dialog.getByText("Must be an integer").waitFor();
    await amount.fill("5");
    await shot(ben1.page, "send-fiat-dialog");
    await dialog.getByRole("button", { name: "Send" }).click();
    await ben1.page.getByRole("heading", { name: "Pay $5.00" }).waitFor();
    await ben1.page.getByRole("button", { name: "Pay" }).click();
    await ben1.page.waitForURL(`${baseUrl()}/user/${ben.username}/payments`);
    const benRows = ben1.page.getByTestId("payment-row");
    await benRows.filter({ hasText: `You Paid 5.00 USD to ${ana.username}` }).waitFor();

    const ana1 = await session(ana);
    await ana1.page.goto(`/user/${ana.username}/payments`);
    const anaRows = ana1.page.getByTestId("payment-row");
    await anaRows.filter({ hasText: `You Received 5.00 USD from ${ben.username}` }).waitFor();
    // Her own membership is there too, paid to Agora.
    await anaRows.filter({ hasText: "You Paid 10.00 USD" }).waitFor();
    await shot(ana1.page, "history-desktop");
    expect(ben1.errors).toEqual([]);
    expect(ana1.errors).toEqual([]);
  });

  it("says the USD session started on the way to Checkout, and who cannot receive tips yet", async () => {
    const cleoLike = await newAccount((await open()).page.request);
    const form = new FormData();
    form.set("title", "Not verified, no payouts");
    form.set("community_name", "agora");
    form.set("body", "<p>Hello.</p>");
    const post = await api<{ link: string }>("/api/v1/private/user/micropost", cleoLike.token, {
      method: "POST",
      body: form,
    });
    const s = await session(ben);
    await s.page.goto(new URL(post.link, baseUrl()).pathname);
    await s.page.getByTestId("post-detail").getByRole("button", { name: "Post options" }).click();
    await s.page.getByRole("menuitem", { name: "Tip" }).click();
    const dialog = s.page.getByRole("dialog", { name: `Send USD to @${cleoLike.username}` });
    await dialog.getByLabel("Amount (USD)").fill("3");
    await dialog.getByRole("button", { name: "Send" }).click();
    await dialog
      .getByRole("alert")
      .filter({ hasText: "This person cannot receive payments yet: they have not set up payouts" })
      .waitFor();

    // And toward someone who can: the notice shows as the browser leaves for Checkout.
    await s.page.goto(anaPost);
    await s.page.getByTestId("post-detail").getByRole("button", { name: "Post options" }).click();
    await s.page.getByRole("menuitem", { name: "Tip" }).click();
    const toAna = s.page.getByRole("dialog", { name: `Send USD to @${ana.username}` });
    await toAna.getByLabel("Amount (USD)").fill("2");
    // The notice shows as the browser leaves for Checkout: it is caught as it appears.
    const notices: string[] = [];
    await s.page.exposeFunction("reportNotice", (text: string) => notices.push(text));
    await s.page.evaluate(() => {
      const report = (window as unknown as { reportNotice: (t: string) => void }).reportNotice;
      new MutationObserver(() => {
        const shown = document.querySelectorAll('[data-testid="snackbar"]');
        for (let i = 0; i < shown.length; i++) report(shown[i]?.textContent ?? "");
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
    });
    await toAna.getByRole("button", { name: "Send" }).click();
    await expect
      .poll(() => notices.join(" | "), { timeout: 15_000 })
      .toContain("USD transfer session started. Please complete the payment");
    await s.page.getByRole("heading", { name: "Pay $2.00" }).waitFor();
    expect(s.errors).toEqual([]);
  });

  it("orders a service by card, and the provider sees the order", async () => {
    await api("/api/v1/private/user/setting/boolean?user_boolean_setting=SERVICE_PROVIDER", ana.token, {
      method: "PATCH",
    });
    const form = new FormData();
    form.set("title", "Logo design in a week");
    form.set("description", "A logo, three rounds of changes, every file format you need.");
    form.set("category", "DESIGN");
    form.set("price", "2500");
    form.set("delivery_days", "7");
    form.set("skills", "Design");
    const made = await api<{ slug: string }>("/api/v1/private/user/service", ana.token, {
      method: "POST",
      body: form,
    });
    const anaService = `/service/${ana.username}/${made.slug}`;

    const s = await session(ben);
    await s.page.goto(anaService);
    await s.page.getByTestId("order-button").waitFor();
    await shot(s.page, "service-page");
    await s.page.getByTestId("order-button").click();
    await s.page.getByRole("heading", { name: "Pay $25.00" }).waitFor();
    await s.page.getByRole("button", { name: "Pay" }).click();
    await s.page.waitForURL(`${baseUrl()}/user/${ben.username}/payments`);
    await s.page
      .getByTestId("payment-row")
      .filter({ hasText: `You Paid 25.00 USD to ${ana.username}` })
      .waitFor();

    const ana1 = await session(ana);
    await ana1.page.goto(`/user/${ana.username}/payments`);
    await ana1.page
      .getByTestId("payment-row")
      .filter({ hasText: `You Received 25.00 USD from ${ben.username}` })
      .waitFor();
    expect(s.errors).toEqual([]);
  });

  it("subscribes by PayPal, then cancels at once and the mark goes", async () => {
    const { page } = await open();
    const cleo = await newAccount(page.request);
    const s = await session(cleo);
    await s.page.goto("/account/subscription");
    await s.page.getByTestId("plan-BUSINESS").getByRole("button", { name: "SUBSCRIBE" }).click();
    const dialog = s.page.getByRole("dialog", { name: "Subscribe to the Business plan" });
    await dialog.getByRole("button", { name: "PayPal" }).click();
    await dialog.getByRole("button", { name: "PayPal Subscribe" }).waitFor();
    await shot(s.page, "subscription-dialog-paypal");
    await dialog.getByRole("button", { name: "PayPal Subscribe" }).click();
    await s.page.waitForURL(/\/account\/subscription\/confirmed\?/);
    expect(new URL(s.page.url()).searchParams.get("payment_method")).toBe("PAYPAL");
    await s.page.getByRole("heading", { name: "You are verified" }).waitFor({ timeout: 30_000 });
    await expect(s.page.getByTestId("verified-mark").textContent()).resolves.toContain("Verified Business");

    // PayPal's sale webhook (a moment after the approval) puts the first month in the history.
    const paid = s.page.getByTestId("payment-row").filter({ hasText: "You Paid 100.00 USD" });
    await expect
      .poll(
        async () => {
          await s.page.goto(`/user/${cleo.username}/payments`);
          await s.page.getByTestId("payouts").waitFor();
          await s.page.getByTestId("payment-row").or(s.page.getByTestId("empty-state")).first().waitFor();
          return paid.count();
        },
        { timeout: 30_000, interval: 1_000 },
      )
      .toBe(1);

    await s.page.goto("/settings/account");
    await s.page.getByRole("link", { name: "Manage", exact: true }).click();
    await s.page.waitForURL(/\/account\/subscription\/cancellation\?paid_user_membership_type=BUSINESS/);
    await shot(s.page, "cancellation");
    await s.page.getByRole("button", { name: "Cancel membership" }).click();
    await s.page
      .getByText("Your membership was cancelled. The verified mark is gone from your profile.")
      .waitFor();
    const me = await api<{ is_verified_business: boolean }>("/api/v1/private/user/auth/me", cleo.token);
    expect(me.is_verified_business).toBe(false);
    await s.page.goto("/settings/account");
    // The account tab and the sidebar prompt offer the plans again.
    await s.page
      .getByRole("region", { name: "Manage Your Subscription" })
      .getByRole("link", { name: "Subscribe" })
      .waitFor();
    await s.page.getByTestId("subscribe-prompt").waitFor();
    expect(s.errors).toEqual([]);
  });

  it("shows a newcomer the empty history, and nobody else's", async () => {
    const { page } = await open();
    const dan = await newAccount(page.request);
    const s = await session(dan, { width: 390 });
    await s.page.goto(`/user/${dan.username}/payments`);
    await s.page.getByRole("heading", { name: "You don't have anything here yet" }).waitFor();
    await shot(s.page, "history-empty-phone");
    await s.page.getByTestId("payouts").getByText("Only verified members can turn on payouts").waitFor();
    await s.page.goto(`/user/${ana.username}/payments`);
    await s.page.getByRole("heading", { name: "Only the owner can see their payments" }).waitFor();

    // On a phone, in the day theme: the tip and subscription dialogs fit and read well.
    await api("/api/v1/private/user/setting/boolean?user_boolean_setting=USE_NIGHT_MODE", dan.token, {
      method: "PATCH",
    });
    await s.page.goto(anaPost);
    await s.page.getByTestId("post-detail").getByRole("button", { name: "Post options" }).click();
    await s.page.getByRole("menuitem", { name: "Tip" }).click();
    const tip = s.page.getByRole("dialog", { name: `Send USD to @${ana.username}` });
    await expect(tip.getByLabel("Amount (USD)").evaluate((e) => e === document.activeElement)).resolves.toBe(
      true,
    );
    await shot(s.page, "send-fiat-phone-day");
    await s.page.keyboard.press("Escape");
    await s.page.goto("/account/subscription");
    await s.page.getByTestId("plan-USER").getByRole("button", { name: "SUBSCRIBE" }).click();
    const subscribe = s.page.getByRole("dialog", { name: "Subscribe to the User plan" });
    await subscribe.getByLabel("Card number").waitFor();
    await shot(s.page, "subscription-dialog-phone-day");
    const box = await subscribe.boundingBox();
    expect(box && box.width <= 390).toBe(true);
    expect(s.errors).toEqual([]);
  });
});
