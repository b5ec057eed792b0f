import { and, eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Page } from "#shared/api.ts";
import type { PaymentConfig, PaymentHistoryItem } from "#shared/schemas/payments.ts";
import {
  microposts,
  notifications,
  payments,
  services,
  subscriptions,
  users,
} from "#worker/db/schema/index.ts";
import { api, deps, json } from "#worker-test/api.ts";
import { openLive } from "#worker-test/live.ts";
import { createUser, type TestUser } from "#worker-test/people.ts";
import { newCommunity, newPost } from "#worker-test/posts.ts";
import {
  call,
  deliverStripe,
  detail,
  expectStatus,
  invoice,
  jsonInit,
  KEYS,
  NO_KEYS,
  Providers,
  paypalCustomIdOf,
  stripeEvent,
  verifiedUser,
} from "./test-kit";

// Every payments call's bounds and refusals, with Stripe and PayPal played by an intercepted
// fetch (test-kit.ts). Webhook ordering and replays are in webhooks.test.ts.

let providers: Providers;
beforeEach(() => {
  providers = new Providers().install();
});
afterEach(() => vi.restoreAllMocks());

const PRIVATE = "/api/v1/private/user";

const flagsOf = async (id: number) =>
  deps.db.orm
    .select({ user: users.isVerifiedUser, business: users.isVerifiedBusiness })
    .from(users)
    .where(eq(users.id, id))
    .get();

describe("without provider keys", () => {
  it("config answers nulls and every money call says payments are not configured", async () => {
    const config = await json<PaymentConfig>(await call("/api/v1/payment/config", {}, NO_KEYS));
    expect(config).toMatchObject({
      stripe_publishable_key: null,
      paypal_client_id: null,
      paypal_plan_id_user: null,
      paypal_plan_id_business: null,
      prices: { USER: 1000, BUSINESS: 10000 },
    });
    const me = await createUser();
    const other = await createUser();
    const attempts: [string, RequestInit, string][] = [
      [
        `${PRIVATE}/payment/subscription/start`,
        jsonInit("POST", { paid_user_membership_type: "USER" }, me.auth),
        "Payments are not configured",
      ],
      [
        `${PRIVATE}/payment/subscription/cancel`,
        { method: "DELETE", headers: me.auth },
        "Payments are not configured",
      ],
      [
        `${PRIVATE}/payment/stripe/complete/subscription`,
        jsonInit("POST", { payment_method_id: "pm_1", paid_user_membership_type: "USER" }, me.auth),
        "Stripe is not configured",
      ],
      [
        `${PRIVATE}/payment/paypal/complete/subscription`,
        jsonInit("POST", { subscription_id: "I-1", paid_user_membership_type: "USER" }, me.auth),
        "PayPal is not configured",
      ],
      [
        "/api/v1/tip/stripe",
        jsonInit("POST", { username: other.username, amount: 500 }, me.auth),
        "Stripe is not configured",
      ],
      [
        `${PRIVATE}/service/order`,
        jsonInit("POST", { username: other.username, slug: "x" }, me.auth),
        "Stripe is not configured",
      ],
      [
        `${PRIVATE}/payment/stripe/onboarding-status`,
        { method: "PATCH", headers: me.auth },
        "Stripe is not configured",
      ],
      ["/api/v1/payment/stripe/webhook", { method: "POST", body: "{}" }, "Stripe is not configured"],
      ["/api/v1/payment/paypal/webhook", { method: "POST", body: "{}" }, "PayPal is not configured"],
    ];
    for (const [path, init, message] of attempts) {
      const res = await call(path, init, NO_KEYS);
      expect(res.status, path).toBe(503);
      expect(await detail(res), path).toBe(message);
    }
    expect(providers.calls).toHaveLength(0);
  });

  it("config shows the publishable key and the PayPal ids when set, never a secret", async () => {
    const res = await call("/api/v1/payment/config");
    const body = await res.text();
    expect(JSON.parse(body)).toMatchObject({
      stripe_publishable_key: KEYS.STRIPE_PUBLISHABLE_KEY,
      paypal_client_id: KEYS.PAYPAL_CLIENT_ID,
      paypal_plan_id_user: "P-USER",
      paypal_plan_id_business: "P-BUSINESS",
    });
    expect(body).not.toContain(KEYS.STRIPE_SECRET_KEY);
    expect(body).not.toContain(KEYS.PAYPAL_SECRET);
    expect(body).not.toContain(KEYS.STRIPE_WEBHOOK_SECRET);
  });
});

describe("visitors", () => {
  it("get 401 from every private money call and the tip", async () => {
    const attempts: [string, RequestInit][] = [
      [`${PRIVATE}/payment/subscription/start`, jsonInit("POST", { paid_user_membership_type: "USER" })],
      [
        `${PRIVATE}/payment/stripe/complete/subscription`,
        jsonInit("POST", { payment_method_id: "pm_1", paid_user_membership_type: "USER" }),
      ],
      [
        `${PRIVATE}/payment/paypal/complete/subscription`,
        jsonInit("POST", { subscription_id: "I-1", paid_user_membership_type: "USER" }),
      ],
      [`${PRIVATE}/payment/subscription/cancel`, { method: "DELETE" }],
      ["/api/v1/tip/stripe", jsonInit("POST", { username: "someone", amount: 500 })],
      [`${PRIVATE}/service/order`, jsonInit("POST", { username: "someone", slug: "x" })],
      [`${PRIVATE}/payment/stripe/onboarding-status`, { method: "PATCH" }],
      [`${PRIVATE}/payment/history/list`, {}],
      ["/api/admin/private/payment/mismatch/list", {}],
    ];
    for (const [path, init] of attempts) expect((await call(path, init)).status, path).toBe(401);
    expect(providers.calls).toHaveLength(0);
  });
});

describe("subscribing by card", () => {
  const complete = (user: TestUser, fields: Record<string, string>) => {
    const body = new FormData();
    for (const [k, v] of Object.entries(fields)) body.append(k, v);
    return call(`${PRIVATE}/payment/stripe/complete/subscription`, {
      method: "POST",
      headers: user.auth,
      body,
    });
  };

  it("makes a Stripe subscription to our price, every POST keyed by our row, and waits for invoice.paid", async () => {
    const me = await createUser();
    const start = await call(
      `${PRIVATE}/payment/subscription/start`,
      jsonInit("POST", { paid_user_membership_type: "BUSINESS" }, me.auth),
    );
    expect(await json(await expectStatus(start, 200))).toEqual({
      paid_user_membership_type: "BUSINESS",
      amount: 10000,
      currency: "USD",
      paypal_custom_id: expect.stringMatching(/^agora-[a-z0-9]{20}$/),
    });

    const res = await expectStatus(
      await complete(me, { payment_method_id: "pm_card_visa", paid_user_membership_type: "BUSINESS" }),
      200,
    );
    const body = await json<{ subscription_id: string; client_secret: string | null }>(res);
    expect(body.subscription_id).toMatch(/^sub_/);
    expect(body.client_secret).toBeNull();

    const posts = providers.stripePosts();
    expect(posts.map((p) => p.path)).toEqual([
      "/v1/customers",
      "/v1/payment_methods/pm_card_visa/attach",
      "/v1/subscriptions",
    ]);
    for (const p of posts) expect(p.idempotencyKey, p.path).toMatch(/^(customer|subscription)-\d+/);
    expect(posts[2]!.body.get("items[0][price]")).toBe(KEYS.STRIPE_PRICE_ID_BUSINESS);
    expect(posts[2]!.body.get("metadata[user_id]")).toBe(String(me.id));

    // The client's word changes nothing: the mark waits for Stripe's invoice.paid.
    expect(await flagsOf(me.id)).toEqual({ user: false, business: false });
    const event = await stripeEvent("invoice.paid", {
      id: "in_first_business",
      object: "invoice",
      amount_paid: 10000,
      currency: "usd",
      parent: { type: "subscription_details", subscription_details: { subscription: body.subscription_id } },
    });
    await expectStatus(await deliverStripe(event), 200);
    expect(await flagsOf(me.id)).toEqual({ user: false, business: true });

    // Someone subscribed cannot start a second membership, by any route.
    const again = await call(
      `${PRIVATE}/payment/subscription/start`,
      jsonInit("POST", { paid_user_membership_type: "USER" }, me.auth),
    );
    expect(again.status).toBe(409);
    expect(await detail(again)).toBe("You already have an active membership");
    // A card form sent again right away (a second tab) gets this subscription, not a new one.
    const twice = await complete(me, {
      payment_method_id: "pm_card_amex",
      paid_user_membership_type: "USER",
    });
    expect(await json(await expectStatus(twice, 200))).toEqual({
      subscription_id: body.subscription_id,
      client_secret: null,
    });
    expect(providers.subscriptionCreates()).toHaveLength(1);
  });

  it("keeps one row when Stripe's invoice.paid arrives before Stripe's answer to us", async () => {
    const me = await createUser();
    providers.onSubscriptionCreated = async (sub) => {
      const paid = await deliverStripe(await stripeEvent("invoice.paid", invoice(sub.id as string)));
      expect(paid.status).toBe(200);
    };
    const res = await complete(me, { payment_method_id: "pm_card_visa", paid_user_membership_type: "USER" });
    const { subscription_id } = await json<{ subscription_id: string }>(await expectStatus(res, 200));
    const rows = await deps.db.orm.select().from(subscriptions).where(eq(subscriptions.userId, me.id)).all();
    expect(rows).toEqual([
      expect.objectContaining({ providerSubscriptionId: subscription_id, status: "ACTIVE" }),
    ]);
    expect(await flagsOf(me.id)).toEqual({ user: true, business: false });
  });

  it("answers the client secret when the card needs confirming", async () => {
    const me = await createUser();
    const res = await complete(me, {
      payment_method_id: Providers.NEEDS_CONFIRMING,
      paid_user_membership_type: "USER",
    });
    const body = await json<{ subscription_id: string; client_secret: string | null }>(
      await expectStatus(res, 200),
    );
    // The secret of the payment Stripe waits on for this subscription's first invoice.
    expect(body.client_secret).toMatch(/^pi_\w+_secret_\w+$/);
    expect(body.client_secret).toBe(providers.stripe.clientSecretOf(body.subscription_id));
    expect(await flagsOf(me.id)).toEqual({ user: false, business: false });
  });

  it("says plainly when the card is declined and keeps nothing", async () => {
    const me = await createUser();
    const res = await complete(me, {
      payment_method_id: Providers.DECLINED,
      paid_user_membership_type: "USER",
    });
    expect(res.status).toBe(400);
    expect(await detail(res)).toBe("Your card was declined.");
    expect(
      await deps.db.orm.select().from(subscriptions).where(eq(subscriptions.userId, me.id)).all(),
    ).toHaveLength(0);
  });

  it("refuses a missing payment method or an unknown plan with the field named", async () => {
    const me = await createUser();
    const missing = await complete(me, { paid_user_membership_type: "USER" });
    expect(missing.status).toBe(422);
    expect(await detail(missing)).toContain("payment_method_id");
    const odd = await complete(me, { payment_method_id: "../customers", paid_user_membership_type: "USER" });
    expect(odd.status).toBe(422);
    expect(await detail(odd)).toBe("payment_method_id: This is not a valid id");
    const plan = await complete(me, { payment_method_id: "pm_card_visa", paid_user_membership_type: "GOLD" });
    expect(plan.status).toBe(422);
    expect(await detail(plan)).toContain("paid_user_membership_type");
  });

  it("cancels at once: Stripe cancels and the mark goes", async () => {
    const me = await createUser();
    const sub = providers.stripeSubscription({ price: KEYS.STRIPE_PRICE_ID_USER, userId: me.id });
    await expectStatus(await deliverStripe(await stripeEvent("customer.subscription.updated", sub)), 200);
    expect(await flagsOf(me.id)).toEqual({ user: true, business: false });

    await expectStatus(
      await call(`${PRIVATE}/payment/subscription/cancel`, { method: "DELETE", headers: me.auth }),
      204,
    );
    expect(
      providers.calls.some((c) => c.method === "DELETE" && c.path === `/v1/subscriptions/${sub.id}`),
    ).toBe(true);
    expect(await flagsOf(me.id)).toEqual({ user: false, business: false });
    const none = await call(`${PRIVATE}/payment/subscription/cancel`, { method: "DELETE", headers: me.auth });
    expect(none.status).toBe(404);
    expect(await detail(none)).toBe("You do not have an active membership");
  });
});

describe("the verified mark", () => {
  it("follows the membership onto the member's posts (VERIFIED feed)", async () => {
    const me = await createUser();
    const post = await newPost(me, await newCommunity(me));
    const ownerVerified = async () =>
      (
        await deps.db.orm
          .select({ v: microposts.isOwnerVerified })
          .from(microposts)
          .where(eq(microposts.ownerId, me.id))
          .get()
      )?.v;
    expect(post).toBeTruthy();
    expect(await ownerVerified()).toBe(false);
    const sub = providers.stripeSubscription({ price: KEYS.STRIPE_PRICE_ID_USER, userId: me.id });
    await expectStatus(await deliverStripe(await stripeEvent("customer.subscription.updated", sub)), 200);
    expect(await ownerVerified()).toBe(true);
    await expectStatus(
      await call(`${PRIVATE}/payment/subscription/cancel`, { method: "DELETE", headers: me.auth }),
      204,
    );
    expect(await ownerVerified()).toBe(false);
  });
});

describe("the API document", () => {
  it("lists every payments call", async () => {
    const doc = await json<{ paths: Record<string, Record<string, unknown>> }>(
      await api("/api/openapi.json"),
    );
    const ops = Object.entries(doc.paths).flatMap(([path, o]) =>
      Object.keys(o).map((m) => `${m.toUpperCase()} ${path}`),
    );
    for (const op of [
      "GET /api/v1/payment/config",
      `POST ${PRIVATE}/payment/subscription/start`,
      `POST ${PRIVATE}/payment/stripe/complete/subscription`,
      `POST ${PRIVATE}/payment/paypal/complete/subscription`,
      `DELETE ${PRIVATE}/payment/subscription/cancel`,
      "POST /api/v1/payment/stripe/webhook",
      "POST /api/v1/payment/paypal/webhook",
      "POST /api/v1/tip/stripe",
      `POST ${PRIVATE}/service/order`,
      `PATCH ${PRIVATE}/payment/stripe/onboarding-status`,
      `GET ${PRIVATE}/payment/history/list`,
      "GET /api/admin/private/payment/mismatch/list",
    ])
      expect(ops).toContain(op);
  });
});

describe("subscribing with PayPal", () => {
  const complete = (user: TestUser, subscription_id: string, type = "USER") =>
    call(
      `${PRIVATE}/payment/paypal/complete/subscription`,
      jsonInit("POST", { subscription_id, paid_user_membership_type: type }, user.auth),
    );
  /** A subscription `user` approved in PayPal's window, started with their reference as custom_id. */
  const approvedBy = async (user: TestUser, plan = "P-USER", status?: string) =>
    providers.paypalSubscription({ plan, status, customId: await paypalCustomIdOf(user) });

  it("turns the membership on only when PayPal says ACTIVE on our plan", async () => {
    const me = await createUser();
    const sub = await approvedBy(me);
    const res = await expectStatus(await complete(me, sub.id as string), 200);
    expect(await json(res)).toMatchObject({
      subscription_id: sub.id,
      payment_method: "PAYPAL",
      status: "ACTIVE",
      paid_user_membership_type: "USER",
    });
    expect(await flagsOf(me.id)).toEqual({ user: true, business: false });
    // Completing the same one again is harmless.
    await expectStatus(await complete(me, sub.id as string), 200);
    expect(providers.calls.some((c) => c.path.endsWith("/cancel"))).toBe(false);
  });

  it("cancels a second PayPal subscription at PayPal: a member is never billed twice", async () => {
    const me = await createUser();
    const first = await approvedBy(me);
    await expectStatus(await complete(me, first.id as string), 200);
    // An earlier membership: the second approval is refused and ended at PayPal.
    await deps.db.orm
      .update(subscriptions)
      .set({ createdAt: Date.now() - 24 * 3600_000 })
      .where(eq(subscriptions.userId, me.id));
    const second = await approvedBy(me);
    const res = await complete(me, second.id as string);
    expect(res.status).toBe(409);
    expect(await detail(res)).toBe(
      "You already have a membership, so this PayPal subscription was cancelled",
    );
    expect(providers.paypalSubscriptions.get(second.id as string)?.status).toBe("CANCELLED");
    expect(providers.paypalSubscriptions.get(first.id as string)?.status).toBe("ACTIVE");
    const open = await deps.db.orm
      .select({ id: subscriptions.providerSubscriptionId, status: subscriptions.status })
      .from(subscriptions)
      .where(eq(subscriptions.userId, me.id))
      .all();
    expect(open).toEqual(
      expect.arrayContaining([
        { id: first.id, status: "ACTIVE" },
        { id: second.id, status: "CANCELLED" },
      ]),
    );
    expect(await flagsOf(me.id)).toEqual({ user: true, business: false });
  });

  it("refuses a subscription that is not active, not for the plan, unknown, or someone else's", async () => {
    const me = await createUser();
    const pending = await approvedBy(me, "P-USER", "APPROVAL_PENDING");
    const notActive = await complete(me, pending.id as string);
    expect(notActive.status).toBe(409);
    expect(await detail(notActive)).toBe("This PayPal subscription is not active");

    const business = await approvedBy(me, "P-BUSINESS");
    const wrongPlan = await complete(me, business.id as string, "USER");
    expect(wrongPlan.status).toBe(400);
    expect(await detail(wrongPlan)).toBe("This PayPal subscription is not for the chosen plan");

    const foreign = await approvedBy(me, "P-SOMEONE-ELSES");
    expect((await complete(me, foreign.id as string)).status).toBe(400);
    expect((await complete(me, "I-DOESNOTEXIST")).status).toBe(404);

    const owner = await createUser();
    const taken = await approvedBy(owner);
    await expectStatus(await complete(owner, taken.id as string), 200);
    const stolen = await complete(me, taken.id as string);
    expect(stolen.status).toBe(409);
    expect(await detail(stolen)).toBe("This PayPal subscription belongs to another account");
    expect(await flagsOf(me.id)).toEqual({ user: false, business: false });
  });

  it("grants nothing for someone else's PayPal subscription, even before its owner completes it", async () => {
    const victim = await createUser();
    const attacker = await createUser();
    await paypalCustomIdOf(attacker);
    const theirs = await approvedBy(victim);
    const unbound = providers.paypalSubscription({ plan: "P-USER" });
    for (const id of [theirs.id as string, unbound.id as string]) {
      const res = await complete(attacker, id);
      expect(res.status).toBe(403);
      expect(await detail(res)).toBe("This PayPal subscription was not started from your account");
    }
    expect(await flagsOf(attacker.id)).toEqual({ user: false, business: false });
    expect(
      await deps.db.orm.select().from(subscriptions).where(eq(subscriptions.userId, attacker.id)).all(),
    ).toEqual([]);
    // Nothing of the victim's was touched: their own completion works.
    expect(providers.paypalSubscriptions.get(theirs.id as string)?.status).toBe("ACTIVE");
    await expectStatus(await complete(victim, theirs.id as string), 200);
    expect(await flagsOf(victim.id)).toEqual({ user: true, business: false });
  });

  it("cancels at PayPal and the mark goes", async () => {
    const me = await createUser();
    const sub = await approvedBy(me, "P-BUSINESS");
    await expectStatus(await complete(me, sub.id as string, "BUSINESS"), 200);
    expect(await flagsOf(me.id)).toEqual({ user: false, business: true });
    await expectStatus(
      await call(`${PRIVATE}/payment/subscription/cancel`, { method: "DELETE", headers: me.auth }),
      204,
    );
    expect(providers.calls.some((c) => c.path === `/v1/billing/subscriptions/${sub.id}/cancel`)).toBe(true);
    expect(await flagsOf(me.id)).toEqual({ user: false, business: false });
  });
});

describe("tipping by card", () => {
  const tip = (user: TestUser | null, body: Record<string, unknown>) =>
    call("/api/v1/tip/stripe", jsonInit("POST", body, user?.auth ?? {}));

  it("refuses bad amounts with the spec's messages", async () => {
    const me = await createUser();
    const them = await createUser();
    const cases: [unknown, string][] = [
      [199, "Amount must be at least $2"],
      [0, "Amount must be at least $2"],
      [-500, "Amount must be at least $2"],
      ["abc", "Must be a number"],
      [250.5, "Must be an integer"],
      [100_000_000, "Amount must be $999,999 or less"],
      [undefined, "Required"],
    ];
    for (const [amount, message] of cases) {
      const res = await tip(me, { username: them.username, amount });
      expect(res.status, String(amount)).toBe(422);
      expect(await detail(res)).toBe(`amount: ${message}`);
    }
    expect(providers.calls).toHaveLength(0);
  });

  it("refuses a tip to yourself, to nobody, and to someone whose payouts are not ready", async () => {
    const me = await createUser();
    const self = await tip(me, { username: me.username, amount: 500 });
    expect(self.status).toBe(400);
    expect(await detail(self)).toBe("You cannot send money to yourself");
    expect((await tip(me, { username: "nobodyhere999", amount: 500 })).status).toBe(404);
    const notReady = await createUser();
    const refused = await tip(me, { username: notReady.username, amount: 500 });
    expect(refused.status).toBe(409);
    expect(await detail(refused)).toBe(
      "This person cannot receive payments yet: they have not set up payouts",
    );
    expect(providers.calls).toHaveLength(0);
  });

  it("sends the payer to Checkout, and the tip shows in both histories once Stripe says it is paid", async () => {
    const me = await createUser();
    const them = await createUser();
    const account = await providers.readyToReceive(them);
    const res = await expectStatus(await tip(me, { username: them.username, amount: 500 }), 200);
    const { link } = await json<{ link: string }>(res);
    expect(link).toMatch(/^https:\/\/checkout\.stripe\.com\//);

    const [checkout] = providers.stripePosts();
    expect(checkout!.path).toBe("/v1/checkout/sessions");
    expect(checkout!.body.get("payment_intent_data[transfer_data][destination]")).toBe(account);
    expect(checkout!.body.get("line_items[0][price_data][unit_amount]")).toBe("500");
    const row = await deps.db.orm.select().from(payments).where(eq(payments.payerId, me.id)).get();
    expect(row).toMatchObject({
      status: "PENDING",
      paymentType: "FIAT_TRANSFER",
      amount: 500,
      receiverId: them.id,
    });
    expect(checkout!.idempotencyKey).toBe(`checkout-${row!.publicId}`);

    // Not paid yet: nothing in the history.
    const history = async (user: TestUser) =>
      json<Page<PaymentHistoryItem>>(await call(`${PRIVATE}/payment/history/list`, { headers: user.auth }));
    expect((await history(me)).list).toHaveLength(0);

    const paid = await stripeEvent("checkout.session.completed", {
      id: row!.providerRef,
      object: "checkout.session",
      amount_total: 500,
      currency: "usd",
      payment_status: "paid",
      status: "complete",
      metadata: { payment_id: row!.publicId },
    });
    await expectStatus(await deliverStripe(paid), 200);
    await expectStatus(await deliverStripe(paid), 200);

    const mine = await history(me);
    expect(mine.list).toEqual([
      expect.objectContaining({
        payment_id: row!.publicId,
        payment_method: "STRIPE",
        amount_paid: 500,
        currency: "USD",
        payer: { username: me.username, profile_image: null },
        user_is_payer: true,
        receiver: { username: them.username, profile_image: null },
        user_is_receiver: false,
      }),
    ]);
    const theirs = await history(them);
    expect(theirs.list).toHaveLength(1);
    expect(theirs.list[0]).toMatchObject({
      user_is_payer: false,
      user_is_receiver: true,
      amount_paid: 500,
    });
  });

  it("ignores a completed session whose amount or id is not the one we made", async () => {
    const me = await createUser();
    const them = await createUser();
    await providers.readyToReceive(them);
    await expectStatus(await tip(me, { username: them.username, amount: 300 }), 200);
    const row = await deps.db.orm.select().from(payments).where(eq(payments.payerId, me.id)).get();
    const forged = await stripeEvent("checkout.session.completed", {
      id: row!.providerRef,
      object: "checkout.session",
      amount_total: 100,
      payment_status: "paid",
      metadata: { payment_id: row!.publicId },
    });
    await expectStatus(await deliverStripe(forged), 200);
    const after = await deps.db.orm.select().from(payments).where(eq(payments.id, row!.id)).get();
    expect(after!.status).toBe("PENDING");
  });
});

describe("ordering a service", () => {
  async function offer(owner: TestUser) {
    const slug = `logo-${Math.floor(Math.random() * 1e6)}`;
    await deps.db.orm.insert(services).values({
      ownerId: owner.id,
      slug,
      title: "Logo design",
      description: "A logo",
      category: "DESIGN",
      price: 15000,
      deliveryDays: 3,
      images: [],
      skills: [],
    });
    return slug;
  }
  const order = (user: TestUser, username: string, slug: string) =>
    call(`${PRIVATE}/service/order`, jsonInit("POST", { username, slug }, user.auth));

  it("charges the service's price by Checkout and notifies the provider once it is paid", async () => {
    const owner = await createUser({ serviceProvider: true });
    await providers.readyToReceive(owner);
    const slug = await offer(owner);
    const buyer = await createUser();
    const res = await expectStatus(await order(buyer, owner.username, slug), 200);
    expect((await json<{ link: string }>(res)).link).toMatch(/^https:\/\/checkout\.stripe\.com\//);
    const row = await deps.db.orm.select().from(payments).where(eq(payments.payerId, buyer.id)).get();
    expect(row).toMatchObject({
      paymentType: "SERVICE_PAYMENT",
      amount: 15000,
      receiverId: owner.id,
      status: "PENDING",
    });

    const notified = () =>
      deps.db.orm
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, owner.id), eq(notifications.kind, "SERVICE_ORDER")))
        .all();
    expect(await notified()).toHaveLength(0);
    const tab = await openLive(owner);
    const paid = await stripeEvent("checkout.session.completed", {
      id: row!.providerRef,
      object: "checkout.session",
      amount_total: 15000,
      payment_status: "paid",
      metadata: { payment_id: row!.publicId },
    });
    await expectStatus(await deliverStripe(paid), 200);
    await expectStatus(await deliverStripe(paid), 200);
    const sent = await notified();
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      actorId: buyer.id,
      link: `/service/${owner.username}/${slug}`,
      text: "Logo design",
    });
    // The provider's open tab shows the order at once, and once: the replay changed nothing.
    const live = await tab.next("NOTIFICATION");
    expect(live.notification).toMatchObject({
      id: sent[0]!.id,
      kind: "SERVICE_ORDER",
      actor: { username: buyer.username },
      is_read: false,
    });
    await tab.next("UNREAD", (f) => f.unread_notifications === 1);
    await expect.poll(() => tab.frames.filter((f) => f.type === "UNREAD").length).toBe(1);
    expect(tab.frames.filter((f) => f.type === "NOTIFICATION")).toHaveLength(1);
  });

  it("refuses your own service, an unknown one, and a provider without payouts", async () => {
    const owner = await createUser({ serviceProvider: true });
    const slug = await offer(owner);
    const buyer = await createUser();
    expect((await order(buyer, owner.username, slug)).status).toBe(409);
    await providers.readyToReceive(owner);
    const own = await order(owner, owner.username, slug);
    expect(own.status).toBe(400);
    expect(await detail(own)).toBe("You cannot order your own service");
    expect((await order(buyer, owner.username, "no-such-service")).status).toBe(404);
  });
});

describe("payouts onboarding", () => {
  const onboard = (user: TestUser) =>
    call(`${PRIVATE}/payment/stripe/onboarding-status`, { method: "PATCH", headers: user.auth });

  it("is for verified people only", async () => {
    const me = await createUser();
    const res = await onboard(me);
    expect(res.status).toBe(403);
    expect(await detail(res)).toBe("Only verified members can turn on payouts");
  });

  it("makes one Express account, links to onboarding, and says READY once Stripe enables it", async () => {
    const me = await verifiedUser();
    const first = await json<{ status: string; link: string | null }>(
      await expectStatus(await onboard(me), 200),
    );
    expect(first.status).toBe("NOT_STARTED");
    expect(first.link).toMatch(/^https:\/\/connect\.stripe\.com\//);
    const created = providers.stripePosts().filter((c) => c.path === "/v1/accounts");
    expect(created).toHaveLength(1);
    expect(created[0]!.idempotencyKey).toBe(`account-${me.id}`);
    expect(created[0]!.body.get("type")).toBe("express");

    await onboard(me);
    expect(providers.stripePosts().filter((c) => c.path === "/v1/accounts")).toHaveLength(1);

    // Stripe enables the account and says so with account.updated.
    const account = [...providers.stripeAccounts.values()].at(-1)!;
    Object.assign(account, { charges_enabled: true, payouts_enabled: true, details_submitted: true });
    await expectStatus(await deliverStripe(await stripeEvent("account.updated", account)), 200);
    expect(await json(await onboard(me))).toEqual({ status: "READY", link: null });

    const tipper = await createUser();
    const tip = await call(
      "/api/v1/tip/stripe",
      jsonInit("POST", { username: me.username, amount: 200 }, tipper.auth),
    );
    expect(tip.status).toBe(200);
  });
});

describe("payment history", () => {
  it("pages by 12, newest first, and shows only the caller's own payments", async () => {
    const me = await createUser();
    const other = await createUser();
    const stranger = await createUser();
    const rows = Array.from({ length: 14 }, (_, i) => ({
      publicId: `hist${me.id}x${i}`,
      paymentMethod: "STRIPE" as const,
      paymentType: "FIAT_TRANSFER" as const,
      status: "SUCCEEDED" as const,
      amount: 200 + i,
      currency: "USD",
      payerId: i % 2 ? me.id : other.id,
      receiverId: i % 2 ? other.id : me.id,
    }));
    for (const row of rows) await deps.db.orm.insert(payments).values(row);
    const more = [
      {
        publicId: `hist${me.id}pending`,
        paymentMethod: "STRIPE",
        paymentType: "FIAT_TRANSFER",
        status: "PENDING",
        amount: 999,
        currency: "USD",
        payerId: me.id,
        receiverId: other.id,
      },
      {
        publicId: `hist${me.id}strangers`,
        paymentMethod: "STRIPE",
        paymentType: "FIAT_TRANSFER",
        status: "SUCCEEDED",
        amount: 999,
        currency: "USD",
        payerId: stranger.id,
        receiverId: other.id,
      },
      {
        publicId: `hist${me.id}sol`,
        paymentMethod: "CRYPTO",
        paymentType: "CRYPTO_TRANSFER",
        status: "SUCCEEDED",
        amount: 1_500_000_000,
        currency: "SOL",
        payerId: me.id,
        receiverId: null,
      },
    ] as const;
    for (const row of more) await deps.db.orm.insert(payments).values(row);
    const page = async (query: string) =>
      json<Page<PaymentHistoryItem>>(
        await expectStatus(await call(`${PRIVATE}/payment/history/list${query}`, { headers: me.auth }), 200),
      );
    const first = await page("");
    expect(first.list).toHaveLength(12);
    expect(first.total_list).toBe(15);
    expect(first.total_pages).toBe(2);
    expect(first.list[0]).toMatchObject({
      payment_method: "CRYPTO",
      amount_paid: 1_500_000_000,
      currency: "SOL",
      receiver: null,
    });
    expect(first.list[1]).toMatchObject({
      amount_paid: 213,
      user_is_payer: true,
      user_is_receiver: false,
    });
    expect(first.list[2]).toMatchObject({
      amount_paid: 212,
      user_is_payer: false,
      user_is_receiver: true,
    });
    const second = await page("?skip=12");
    expect(second.list).toHaveLength(3);
    const all = [...first.list, ...second.list];
    expect(all.every((p) => p.user_is_payer || p.user_is_receiver)).toBe(true);
    expect(all.some((p) => p.amount_paid === 999)).toBe(false);
    expect((await call(`${PRIVATE}/payment/history/list?limit=500`, { headers: me.auth })).status).toBe(422);
  });
});
