import { and, eq, or } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { notifications, paymentEvents, payments, subscriptions, users } from "#worker/db/schema/index.ts";
import { deps, json } from "#worker-test/api.ts";
import { createAdmin, createUser } from "#worker-test/people.ts";
import { reconcileMemberships } from "./reconcile";
import {
  call,
  deliverPaypal,
  deliverStripe,
  detail,
  expectStatus,
  invoice,
  jsonInit,
  KEYS,
  Providers,
  paypalCustomIdOf,
  paypalEvent,
  paypalHeaders,
  signStripe,
  stripeEvent,
} from "./test-kit";

// Provider events: signatures checked on the raw body, each event applied once, state taken from
// the provider's current object so replays and reordering end where one in-order delivery ends.

let providers: Providers;
beforeEach(() => {
  providers = new Providers().install();
});
afterEach(() => vi.restoreAllMocks());

async function stateOf(userId: number) {
  const user = await deps.db.orm
    .select({ user: users.isVerifiedUser, business: users.isVerifiedBusiness })
    .from(users)
    .where(eq(users.id, userId))
    .get();
  const subs = await deps.db.orm
    .select({ status: subscriptions.status, type: subscriptions.membershipType })
    .from(subscriptions)
    .where(eq(subscriptions.userId, userId))
    .all();
  const ledger = await deps.db.orm
    .select({ type: payments.paymentType, amount: payments.amount, status: payments.status })
    .from(payments)
    .where(or(eq(payments.payerId, userId), eq(payments.receiverId, userId)))
    .orderBy(payments.amount)
    .all();
  return { marks: user, subs, ledger };
}

function shuffled<T>(items: T[], seed: number): T[] {
  const out = [...items];
  let s = seed;
  for (let i = out.length - 1; i > 0; i--) {
    s = (s * 1103515245 + 12345) % 2 ** 31;
    const j = s % (i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

describe("Stripe webhook signatures", () => {
  it("refuses a missing, wrong or stale signature, and applies nothing", async () => {
    const me = await createUser();
    const sub = providers.stripeSubscription({ price: KEYS.STRIPE_PRICE_ID_USER, userId: me.id });
    const event = await stripeEvent("invoice.paid", invoice(sub.id as string));
    const missing = await deliverStripe(event, {});
    expect(missing.status).toBe(400);
    expect(await detail(missing)).toBe("The webhook signature is missing, wrong or too old");
    const wrong = await deliverStripe(event, {
      "stripe-signature": await signStripe(event.payload, { secret: "whsec_other" }),
    });
    expect(wrong.status).toBe(400);
    const stale = await deliverStripe(event, {
      "stripe-signature": await signStripe(event.payload, { timestamp: Math.floor(Date.now() / 1000) - 600 }),
    });
    expect(stale.status).toBe(400);
    // A body changed after signing does not pass either.
    const signature = await signStripe(event.payload);
    const tampered = await call("/api/v1/payment/stripe/webhook", {
      method: "POST",
      headers: { "stripe-signature": signature, "content-type": "application/json" },
      body: event.payload.replace('"amount_paid":1000', '"amount_paid":1'),
    });
    expect(tampered.status).toBe(400);
    expect(await stateOf(me.id)).toEqual({ marks: { user: false, business: false }, subs: [], ledger: [] });
    expect(providers.calls).toHaveLength(0);
  });
});

describe("Stripe events", () => {
  /** A month paid, a plan change to Business, a second month, then cancelled — as Stripe ends it. */
  async function lifecycle(userId: number) {
    const sub = providers.stripeSubscription({ price: KEYS.STRIPE_PRICE_ID_USER, userId });
    const id = sub.id as string;
    const events = [
      await stripeEvent("invoice.paid", invoice(id, 1000)),
      await stripeEvent("customer.subscription.updated", sub),
      await stripeEvent("invoice.paid", invoice(id, 10000)),
      await stripeEvent("customer.subscription.deleted", sub),
    ];
    return { sub, events };
  }

  function endsCancelled(sub: Record<string, unknown>) {
    sub.status = "canceled";
    (sub.items as { data: { price: { id: string } }[] }).data[0]!.price.id = KEYS.STRIPE_PRICE_ID_BUSINESS;
  }

  it("delivered twice and shuffled, ends in the same state as one in-order delivery", async () => {
    const referrer = await createUser();
    const inOrder = await createUser({ referrerId: referrer.id });
    const replayed = await createUser({ referrerId: referrer.id });

    const a = await lifecycle(inOrder.id);
    const b = await lifecycle(replayed.id);
    // The provider's state is where the story ended; each handler reads it fresh.
    endsCancelled(a.sub);
    endsCancelled(b.sub);
    for (const e of a.events) await expectStatus(await deliverStripe(e), 200);
    for (const e of shuffled([...b.events, ...b.events], 7)) await expectStatus(await deliverStripe(e), 200);

    const expected = {
      marks: { user: false, business: false },
      subs: [{ status: "CANCELLED", type: "BUSINESS" }],
      ledger: [
        { type: "VERIFIED_USER_SUBSCRIPTION", amount: 1000, status: "SUCCEEDED" },
        { type: "VERIFIED_USER_SUBSCRIPTION", amount: 10000, status: "SUCCEEDED" },
      ],
    };
    expect(await stateOf(inOrder.id)).toEqual(expected);
    expect(await stateOf(replayed.id)).toEqual(expected);
    const events = await deps.db.orm.select().from(paymentEvents).all();
    for (const e of b.events) expect(events.filter((r) => r.eventId === e.id)).toHaveLength(1);
  });

  it("an active membership survives replays and reordering of its own events", async () => {
    const me = await createUser();
    const { sub, events } = await lifecycle(me.id);
    const [paid1, updated, paid2] = events;
    (sub.items as { data: { price: { id: string } }[] }).data[0]!.price.id = KEYS.STRIPE_PRICE_ID_BUSINESS;
    for (const e of shuffled([paid1!, updated!, paid2!, paid2!, paid1!, updated!], 3))
      await expectStatus(await deliverStripe(e), 200);
    const state = await stateOf(me.id);
    expect(state.marks).toEqual({ user: false, business: true });
    expect(state.subs).toEqual([{ status: "ACTIVE", type: "BUSINESS" }]);
    expect(state.ledger).toHaveLength(2);
  });

  it("two concurrent deliveries of one event apply it once", async () => {
    const me = await createUser();
    const sub = providers.stripeSubscription({ price: KEYS.STRIPE_PRICE_ID_USER, userId: me.id });
    const event = await stripeEvent("invoice.paid", invoice(sub.id as string, 1000));
    const answers = await Promise.all([deliverStripe(event), deliverStripe(event), deliverStripe(event)]);
    for (const res of answers) expect(res.status).toBe(200);
    const outcomes = await Promise.all(answers.map((r) => json<{ outcome: string }>(r)));
    expect(outcomes.filter((o) => o.outcome === "applied")).toHaveLength(1);
    expect((await stateOf(me.id)).ledger).toHaveLength(1);
    expect((await stateOf(me.id)).marks).toEqual({ user: true, business: false });
  });

  it("ignores events for prices that are not ours", async () => {
    const me = await createUser();
    const sub = providers.stripeSubscription({ price: "price_someone_elses", userId: me.id });
    for (const type of ["invoice.paid", "customer.subscription.updated"]) {
      const object = type === "invoice.paid" ? invoice(sub.id as string) : sub;
      const res = await expectStatus(await deliverStripe(await stripeEvent(type, object)), 200);
      expect((await json<{ outcome: string }>(res)).outcome).toBe("ignored");
    }
    expect(await stateOf(me.id)).toEqual({ marks: { user: false, business: false }, subs: [], ledger: [] });
  });

  it("rewards the referrer 20% of the first paid month, once", async () => {
    const referrer = await createUser();
    const me = await createUser({ referrerId: referrer.id });
    const sub = providers.stripeSubscription({ price: KEYS.STRIPE_PRICE_ID_USER, userId: me.id });
    await expectStatus(
      await deliverStripe(await stripeEvent("invoice.paid", invoice(sub.id as string, 1000))),
      200,
    );
    await expectStatus(
      await deliverStripe(await stripeEvent("invoice.paid", invoice(sub.id as string, 1000))),
      200,
    );
    const rewards = await deps.db.orm
      .select()
      .from(payments)
      .where(and(eq(payments.receiverId, referrer.id), eq(payments.paymentType, "REFERRAL_REWARD")))
      .all();
    expect(rewards).toHaveLength(1);
    expect(rewards[0]).toMatchObject({ amount: 200, currency: "USD", status: "SUCCEEDED", payerId: null });
    const history = await json<{ list: { amount_paid: number; user_is_receiver: boolean; payer: null }[] }>(
      await call("/api/v1/private/user/payment/history/list", { headers: referrer.auth }),
    );
    expect(history.list).toEqual([
      expect.objectContaining({ amount_paid: 200, user_is_receiver: true, payer: null }),
    ]);
  });

  it("a failed renewal notifies the member, who keeps access until the period ends", async () => {
    const me = await createUser();
    const sub = providers.stripeSubscription({ price: KEYS.STRIPE_PRICE_ID_USER, userId: me.id });
    await expectStatus(
      await deliverStripe(await stripeEvent("invoice.paid", invoice(sub.id as string))),
      200,
    );
    sub.status = "past_due";
    const failed = await stripeEvent("invoice.payment_failed", {
      ...invoice(sub.id as string, 0),
      status: "open",
    });
    await expectStatus(await deliverStripe(failed), 200);
    await expectStatus(await deliverStripe(failed), 200);
    const state = await stateOf(me.id);
    expect(state.marks).toEqual({ user: true, business: false });
    expect(state.subs).toEqual([{ status: "PAST_DUE", type: "USER" }]);
    const notes = await deps.db.orm
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, me.id), eq(notifications.kind, "PAYMENT_FAILED")))
      .all();
    expect(notes).toHaveLength(1);
  });
});

describe("PayPal webhooks", () => {
  async function member() {
    const me = await createUser();
    const sub = providers.paypalSubscription({ plan: "P-USER", customId: await paypalCustomIdOf(me) });
    await expectStatus(
      await call(
        "/api/v1/private/user/payment/paypal/complete/subscription",
        jsonInit("POST", { subscription_id: sub.id, paid_user_membership_type: "USER" }, me.auth),
      ),
      200,
    );
    return { me, sub };
  }

  it("refuses missing, failed or stale signatures", async () => {
    const { me, sub } = await member();
    sub.status = "CANCELLED";
    const event = paypalEvent("BILLING.SUBSCRIPTION.CANCELLED", sub);
    const missing = await deliverPaypal(
      event,
      await paypalHeaders(event, { "paypal-transmission-sig": null }),
    );
    expect(missing.status).toBe(400);
    const forged = await paypalHeaders(event, { "paypal-transmission-sig": "Zm9yZ2Vk" });
    expect((await deliverPaypal(event, forged)).status).toBe(400);
    // A signature PayPal made for another transmission proves nothing about this one.
    const other = await paypalHeaders(
      paypalEvent("BILLING.SUBSCRIPTION.CANCELLED", { ...sub, id: "I-OTHER" }),
    );
    const borrowed = {
      ...(await paypalHeaders(event)),
      "paypal-transmission-sig": other["paypal-transmission-sig"]!,
    };
    expect((await deliverPaypal(event, borrowed)).status).toBe(400);
    const stale = new Date(Date.now() - 20 * 60_000).toISOString();
    expect(
      (await deliverPaypal(event, await paypalHeaders(event, { "paypal-transmission-time": stale }))).status,
    ).toBe(400);
    expect((await stateOf(me.id)).marks).toEqual({ user: true, business: false });
    // PayPal was asked about the event byte for byte.
    const verify = providers.calls.find((c) => c.path === "/v1/notifications/verify-webhook-signature");
    expect(verify?.raw).toContain(`"webhook_event":${event.payload}`);
  });

  it("records each sale once, rewards once, and turns the membership off when PayPal cancels", async () => {
    const referrer = await createUser();
    const { me, sub } = await member();
    await deps.db.orm.update(users).set({ referrerId: referrer.id }).where(eq(users.id, me.id));
    const sale = paypalEvent("PAYMENT.SALE.COMPLETED", {
      id: "8PA12345AB678901C",
      state: "completed",
      amount: { total: "10.00", currency: "USD", details: { subtotal: "10.00" } },
      billing_agreement_id: sub.id,
      create_time: new Date().toISOString(),
    });
    for (const e of [sale, sale]) await expectStatus(await deliverPaypal(e), 200);
    let state = await stateOf(me.id);
    expect(state.ledger).toEqual([{ type: "VERIFIED_USER_SUBSCRIPTION", amount: 1000, status: "SUCCEEDED" }]);
    const reward = await deps.db.orm
      .select()
      .from(payments)
      .where(eq(payments.receiverId, referrer.id))
      .all();
    expect(reward).toEqual([
      expect.objectContaining({ paymentType: "REFERRAL_REWARD", amount: 200, paymentMethod: "PAYPAL" }),
    ]);

    sub.status = "CANCELLED";
    const cancelled = paypalEvent("BILLING.SUBSCRIPTION.CANCELLED", sub);
    for (const e of [cancelled, sale, cancelled]) await expectStatus(await deliverPaypal(e), 200);
    state = await stateOf(me.id);
    expect(state.marks).toEqual({ user: false, business: false });
    expect(state.subs).toEqual([{ status: "CANCELLED", type: "USER" }]);
    expect(state.ledger).toHaveLength(1);
  });

  it("ignores plans that are not ours, and asks again later for a sale of a subscription not completed yet", async () => {
    const foreign = providers.paypalSubscription({ plan: "P-OTHER" });
    const res = await expectStatus(
      await deliverPaypal(paypalEvent("BILLING.SUBSCRIPTION.ACTIVATED", foreign)),
      200,
    );
    expect((await json<{ outcome: string }>(res)).outcome).toBe("ignored");
    const me = await createUser();
    const early = providers.paypalSubscription({ plan: "P-USER", customId: await paypalCustomIdOf(me) });
    const sale = paypalEvent("PAYMENT.SALE.COMPLETED", {
      id: "9XY",
      amount: { total: "10.00", currency: "USD" },
      billing_agreement_id: early.id,
    });
    expect((await deliverPaypal(sale)).status).toBe(409);
    const rows = await deps.db.orm
      .select()
      .from(paymentEvents)
      .where(eq(paymentEvents.eventId, sale.id))
      .all();
    expect(rows).toHaveLength(0);
    // A subscription none of our people started is not ours: no retry asked for.
    const stranger = providers.paypalSubscription({ plan: "P-USER", customId: "someone-else" });
    const strangerSale = paypalEvent("PAYMENT.SALE.COMPLETED", {
      id: "9XZ",
      amount: { total: "10.00", currency: "USD" },
      billing_agreement_id: stranger.id,
    });
    const answer = await expectStatus(await deliverPaypal(strangerSale), 200);
    expect((await json<{ outcome: string }>(answer)).outcome).toBe("ignored");
  });

  it("ignores events of a subscription whose custom_id is not its member's: nothing granted or recorded", async () => {
    const victim = await createUser();
    const holder = await createUser();
    await paypalCustomIdOf(holder);
    // A row bound before custom_id was checked, to someone the subscription was not started by.
    const sub = providers.paypalSubscription({ plan: "P-USER", customId: await paypalCustomIdOf(victim) });
    await deps.db.orm.insert(subscriptions).values({
      userId: holder.id,
      paymentMethod: "PAYPAL",
      providerSubscriptionId: sub.id as string,
      membershipType: "USER",
      status: "PENDING",
    });
    for (const event of [
      paypalEvent("BILLING.SUBSCRIPTION.ACTIVATED", sub),
      paypalEvent("PAYMENT.SALE.COMPLETED", {
        id: "SALE-NOT-THEIRS",
        amount: { total: "10.00", currency: "USD" },
        billing_agreement_id: sub.id,
      }),
    ]) {
      const res = await expectStatus(await deliverPaypal(event), 200);
      expect((await json<{ outcome: string }>(res)).outcome).toBe("ignored");
    }
    expect(await stateOf(holder.id)).toEqual({
      marks: { user: false, business: false },
      subs: [{ status: "PENDING", type: "USER" }],
      ledger: [],
    });
    // Ending it is still followed: taking away grants nothing.
    sub.status = "CANCELLED";
    await expectStatus(await deliverPaypal(paypalEvent("BILLING.SUBSCRIPTION.CANCELLED", sub)), 200);
    expect((await stateOf(holder.id)).subs).toEqual([{ status: "CANCELLED", type: "USER" }]);
  });
});

describe("daily reconciliation", () => {
  it("records a membership we hold as active that the provider has ended, for staff to see", async () => {
    const me = await createUser();
    const sub = providers.stripeSubscription({ price: KEYS.STRIPE_PRICE_ID_USER, userId: me.id });
    await expectStatus(
      await deliverStripe(await stripeEvent("invoice.paid", invoice(sub.id as string))),
      200,
    );
    const fine = await createUser();
    const ok = providers.stripeSubscription({ price: KEYS.STRIPE_PRICE_ID_USER, userId: fine.id });
    await expectStatus(await deliverStripe(await stripeEvent("invoice.paid", invoice(ok.id as string))), 200);
    // Stripe ended it and its webhook never came.
    sub.status = "canceled";
    const keyed = { ...deps, env: { ...deps.env, ...KEYS } };
    const now = Date.now();
    await reconcileMemberships(keyed, now);
    await reconcileMemberships(keyed, now);

    const admin = await createAdmin();
    const res = await expectStatus(
      await call("/api/admin/private/payment/mismatch/list", { headers: admin.auth }),
      200,
    );
    const page = await json<{ list: Record<string, unknown>[] }>(res);
    const found = page.list.filter((m) => m.subscription_id === sub.id);
    expect(found).toEqual([
      expect.objectContaining({
        username: me.username,
        payment_method: "STRIPE",
        local_status: "ACTIVE",
        provider_status: "canceled",
      }),
    ]);
    expect(page.list.some((m) => m.subscription_id === ok.id)).toBe(false);
    // A user token does not open the admin list.
    expect((await call("/api/admin/private/payment/mismatch/list", { headers: me.auth })).status).toBe(401);
  });

  it("shows staff a PayPal membership whose subscription was not started from its member's account", async () => {
    const holder = await createUser();
    // Bound before custom_id was checked: PayPal holds no reference of this person for it.
    const sub = providers.paypalSubscription({ plan: "P-USER" });
    await deps.db.orm.insert(subscriptions).values({
      userId: holder.id,
      paymentMethod: "PAYPAL",
      providerSubscriptionId: sub.id as string,
      membershipType: "USER",
      status: "ACTIVE",
    });
    await reconcileMemberships({ ...deps, env: { ...deps.env, ...KEYS } }, Date.now());
    const admin = await createAdmin();
    const page = await json<{ list: Record<string, unknown>[] }>(
      await expectStatus(
        await call("/api/admin/private/payment/mismatch/list", { headers: admin.auth }),
        200,
      ),
    );
    expect(page.list.filter((m) => m.subscription_id === sub.id)).toEqual([
      expect.objectContaining({
        username: holder.username,
        payment_method: "PAYPAL",
        local_status: "ACTIVE",
        provider_status: "ACTIVE (not started from this account)",
      }),
    ]);
  });
});
