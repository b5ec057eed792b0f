import { and, eq, inArray } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { paymentAccounts, subscriptions, users } from "#worker/db/schema/index.ts";
import { deps, json } from "#worker-test/api.ts";
import { createUser, type TestUser } from "#worker-test/people.ts";
import { isSecondOpenSubscription } from "./queries";
import {
  call,
  deliverStripe,
  detail,
  expectStatus,
  jsonInit,
  KEYS,
  Providers,
  paypalCustomIdOf,
  stripeEvent,
} from "./test-kit";

// Paying twice: a person holds at most one open subscription. Concurrent starts (card, PayPal, or
// one of each) end in one provider subscription, counted at the providers' side; the cancel call
// ends every open one; the unique index is what decides.

let providers: Providers;
beforeEach(() => {
  providers = new Providers().install();
});
afterEach(() => vi.restoreAllMocks());

const PRIVATE = "/api/v1/private/user";

interface CardAnswer {
  subscription_id: string;
  client_secret: string | null;
}

const card = (user: TestUser, payment_method_id: string, paid_user_membership_type = "USER") => {
  const body = new FormData();
  body.append("payment_method_id", payment_method_id);
  body.append("paid_user_membership_type", paid_user_membership_type);
  return call(`${PRIVATE}/payment/stripe/complete/subscription`, {
    method: "POST",
    headers: user.auth,
    body,
  });
};

const paypal = (user: TestUser, subscription_id: string, type = "USER") =>
  call(
    `${PRIVATE}/payment/paypal/complete/subscription`,
    jsonInit("POST", { subscription_id, paid_user_membership_type: type }, user.auth),
  );

const cancel = (user: TestUser) =>
  call(`${PRIVATE}/payment/subscription/cancel`, { method: "DELETE", headers: user.auth });

const approvedBy = async (user: TestUser, plan = "P-USER") =>
  providers.paypalSubscription({ plan, customId: await paypalCustomIdOf(user) });

const openRows = (userId: number) =>
  deps.db.orm
    .select()
    .from(subscriptions)
    .where(
      and(eq(subscriptions.userId, userId), inArray(subscriptions.status, ["PENDING", "ACTIVE", "PAST_DUE"])),
    )
    .all();

const flagsOf = async (id: number) =>
  deps.db.orm
    .select({ user: users.isVerifiedUser, business: users.isVerifiedBusiness })
    .from(users)
    .where(eq(users.id, id))
    .get();

/** What the providers would bill: Stripe subscriptions not ended, PayPal subscriptions ACTIVE. */
function billing() {
  const stripe = [...providers.stripeSubscriptions.values()].filter(
    (s) => !["canceled", "incomplete_expired"].includes(s.status as string),
  );
  const paypal = [...providers.paypalSubscriptions.values()].filter((s) => s.status === "ACTIVE");
  return [...stripe, ...paypal].map((s) => s.id as string);
}

describe("two starts at once", () => {
  it("a double submit of the card form makes one Stripe subscription, and both answers are the same", async () => {
    const me = await createUser();
    const [a, b] = await Promise.all([
      card(me, Providers.NEEDS_CONFIRMING),
      card(me, Providers.NEEDS_CONFIRMING),
    ]);
    const first = await json<CardAnswer>(await expectStatus(a, 200));
    const second = await json<CardAnswer>(await expectStatus(b, 200));
    expect(providers.subscriptionCreates()).toHaveLength(1);
    expect(first.client_secret).toMatch(/^pi_\w+_secret_\w+$/);
    expect(first.client_secret).toBe(providers.stripe.clientSecretOf(first.subscription_id));
    expect(second).toEqual(first);
    expect(await openRows(me.id)).toEqual([
      expect.objectContaining({ providerSubscriptionId: first.subscription_id, status: "PENDING" }),
    ]);
  });

  it("two tabs paying by card at once make one Stripe subscription, and the second answers the first", async () => {
    const me = await createUser();
    const answers = await Promise.all([card(me, "pm_card_visa"), card(me, "pm_card_mastercard")]);
    const [first, second] = await Promise.all(
      answers.map(async (res) => json<CardAnswer>(await expectStatus(res, 200))),
    );
    expect(providers.subscriptionCreates()).toHaveLength(1);
    expect(second).toEqual(first);
    expect(billing()).toEqual([first!.subscription_id]);
    expect(await openRows(me.id)).toHaveLength(1);
  });

  it("two PayPal approvals at once keep one: the other is cancelled at PayPal and both answer the first", async () => {
    const me = await createUser();
    const one = await approvedBy(me);
    const two = await approvedBy(me);
    const answers = await Promise.all([paypal(me, one.id as string), paypal(me, two.id as string)]);
    const [a, b] = await Promise.all(
      answers.map(async (res) => json<{ subscription_id: string }>(await expectStatus(res, 200))),
    );
    expect(a!.subscription_id).toBe(b!.subscription_id);
    expect(billing()).toEqual([a!.subscription_id]);
    const cancelled = a!.subscription_id === one.id ? two.id : one.id;
    expect(
      providers.calls.filter((c) => c.path === `/v1/billing/subscriptions/${cancelled}/cancel`),
    ).toHaveLength(1);
    expect(await openRows(me.id)).toEqual([
      expect.objectContaining({ providerSubscriptionId: a!.subscription_id, status: "ACTIVE" }),
    ]);
    expect(await flagsOf(me.id)).toEqual({ user: true, business: false });
  });

  it("a card and a PayPal approval at once end in one subscription the providers bill", async () => {
    for (const order of ["card first", "paypal first"]) {
      const me = await createUser();
      const approved = await approvedBy(me);
      const creates = providers.subscriptionCreates().length;
      const calls =
        order === "card first"
          ? [card(me, "pm_card_visa"), paypal(me, approved.id as string)]
          : [paypal(me, approved.id as string), card(me, "pm_card_visa")];
      const answers = await Promise.all(calls);
      const statuses = answers.map((r) => r.status).sort();
      expect(statuses, order).toEqual([200, 409]);
      const mine = billing().filter(
        (id) =>
          id === approved.id ||
          (providers.stripeSubscriptions.get(id)?.metadata as Record<string, string> | undefined)?.user_id ===
            String(me.id),
      );
      expect(mine, order).toHaveLength(1);
      expect(providers.subscriptionCreates().length - creates, order).toBeLessThanOrEqual(1);
      expect(await openRows(me.id), order).toHaveLength(1);
    }
  });
});

describe("one open subscription", () => {
  it("a card started after a paid one is refused, and nothing new is made at Stripe", async () => {
    const me = await createUser();
    const first = await json<CardAnswer>(await expectStatus(await card(me, "pm_card_visa"), 200));
    // Stripe's invoice.paid: the membership is on; a day later the person tries again.
    await expectStatus(
      await deliverStripe(
        await stripeEvent(
          "customer.subscription.updated",
          providers.stripeSubscriptions.get(first.subscription_id)!,
        ),
      ),
      200,
    );
    await deps.db.orm
      .update(subscriptions)
      .set({ createdAt: Date.now() - 24 * 3600_000 })
      .where(eq(subscriptions.userId, me.id));
    const again = await card(me, "pm_card_amex");
    expect(again.status).toBe(409);
    expect(await detail(again)).toBe("You already have an active membership");
    expect(providers.subscriptionCreates()).toHaveLength(1);
  });

  it("a card that still awaits confirmation gives way to another card, ended at Stripe first", async () => {
    const me = await createUser();
    const waiting = await json<CardAnswer>(
      await expectStatus(await card(me, Providers.NEEDS_CONFIRMING), 200),
    );
    expect(waiting.client_secret).not.toBeNull();
    const other = await json<CardAnswer>(await expectStatus(await card(me, "pm_card_visa"), 200));
    expect(other.subscription_id).not.toBe(waiting.subscription_id);
    expect(providers.stripeSubscriptions.get(waiting.subscription_id)?.status).toBe("canceled");
    expect(billing()).toEqual([other.subscription_id]);
    expect(await openRows(me.id)).toEqual([
      expect.objectContaining({ providerSubscriptionId: other.subscription_id }),
    ]);
  });

  it("a PayPal approval after a paid card subscription is cancelled at PayPal", async () => {
    const me = await createUser();
    const paid = await json<CardAnswer>(await expectStatus(await card(me, "pm_card_visa"), 200));
    const approved = await approvedBy(me);
    const res = await paypal(me, approved.id as string);
    expect(res.status).toBe(409);
    expect(await detail(res)).toBe(
      "You already have a membership, so this PayPal subscription was cancelled",
    );
    expect(billing()).toEqual([paid.subscription_id]);
  });

  it("a card awaiting confirmation gives way to a paid PayPal subscription", async () => {
    const me = await createUser();
    const waiting = await json<CardAnswer>(
      await expectStatus(await card(me, Providers.NEEDS_CONFIRMING), 200),
    );
    const approved = await approvedBy(me, "P-BUSINESS");
    await expectStatus(await paypal(me, approved.id as string, "BUSINESS"), 200);
    expect(providers.stripeSubscriptions.get(waiting.subscription_id)?.status).toBe("canceled");
    expect(billing()).toEqual([approved.id]);
    expect(await flagsOf(me.id)).toEqual({ user: false, business: true });
  });

  it("the unique index refuses a second open row for a person, whatever the code path", async () => {
    const me = await createUser();
    const row = (
      status: "PENDING" | "ACTIVE" | "CANCELLED",
      extra: Partial<typeof subscriptions.$inferInsert> = {},
    ) =>
      deps.db.orm.insert(subscriptions).values({
        userId: me.id,
        paymentMethod: "STRIPE",
        membershipType: "USER",
        status,
        ...extra,
      });
    await row("ACTIVE", { providerSubscriptionId: "sub_one" });
    await expect(row("PENDING")).rejects.toSatisfy(isSecondOpenSubscription);
    await expect(
      row("ACTIVE", { providerSubscriptionId: "sub_two", paymentMethod: "PAYPAL" }),
    ).rejects.toSatisfy(isSecondOpenSubscription);
    // Ended ones may be many; a duplicate the provider reported is kept outside the index.
    await row("CANCELLED", { providerSubscriptionId: "sub_old" });
    await row("CANCELLED", { providerSubscriptionId: "sub_older" });
    await row("ACTIVE", { providerSubscriptionId: "sub_reported", isDuplicate: true });
    expect(await openRows(me.id)).toHaveLength(2);
  });
});

describe("a reservation whose start is gone", () => {
  const stale = async (me: TestUser) =>
    deps.db.orm
      .insert(subscriptions)
      .values({
        userId: me.id,
        paymentMethod: "STRIPE",
        membershipType: "USER",
        stripePaymentMethod: "pm_card_lost",
        createdAt: Date.now() - 5 * 60_000,
      })
      .returning()
      .get();

  it("is freed when Stripe made nothing for it, and the new start makes the subscription", async () => {
    const me = await createUser();
    const lost = await stale(me);
    const res = await json<CardAnswer>(await expectStatus(await card(me, "pm_card_visa"), 200));
    expect(providers.subscriptionCreates()).toHaveLength(1);
    expect(providers.subscriptionCreates()[0]!.body.get("default_payment_method")).toBe("pm_card_visa");
    const rows = await openRows(me.id);
    expect(rows).toEqual([expect.objectContaining({ providerSubscriptionId: res.subscription_id })]);
    expect(rows[0]!.id).not.toBe(lost.id);
  });

  it("takes the subscription Stripe made for it, and nothing new is made", async () => {
    const me = await createUser();
    const lost = await stale(me);
    await deps.db.orm.insert(paymentAccounts).values({ userId: me.id, stripeCustomerId: "cus_test" });
    const made = providers.stripeSubscription({ price: KEYS.STRIPE_PRICE_ID_USER, userId: me.id });
    made.metadata = { user_id: String(me.id), subscription_row: String(lost.id) };
    const res = await json<CardAnswer>(await expectStatus(await card(me, "pm_card_visa"), 200));
    expect(res).toEqual({ subscription_id: made.id, client_secret: null });
    expect(providers.subscriptionCreates()).toHaveLength(0);
    expect(await openRows(me.id)).toEqual([
      expect.objectContaining({ id: lost.id, providerSubscriptionId: made.id, status: "ACTIVE" }),
    ]);
    expect(await flagsOf(me.id)).toEqual({ user: true, business: false });
  });
});

describe("cancelling", () => {
  it("ends every open subscription at its provider, not only the newest, and the marks go", async () => {
    const me = await createUser();
    const reference = await paypalCustomIdOf(me);
    // A paid card membership, a second one Stripe reports (from before the one-open rule), and a
    // PayPal one kept from those days too.
    const first = providers.stripeSubscription({ price: KEYS.STRIPE_PRICE_ID_USER, userId: me.id });
    const second = providers.stripeSubscription({ price: KEYS.STRIPE_PRICE_ID_BUSINESS, userId: me.id });
    for (const sub of [first, second])
      await expectStatus(await deliverStripe(await stripeEvent("customer.subscription.updated", sub)), 200);
    const legacy = providers.paypalSubscription({ plan: "P-USER", customId: reference });
    await deps.db.orm.insert(subscriptions).values({
      userId: me.id,
      paymentMethod: "PAYPAL",
      providerSubscriptionId: legacy.id as string,
      membershipType: "USER",
      status: "ACTIVE",
      isDuplicate: true,
    });
    expect(await openRows(me.id)).toHaveLength(3);
    expect(await flagsOf(me.id)).toEqual({ user: true, business: true });

    await expectStatus(await cancel(me), 204);
    for (const sub of [first, second])
      expect(
        providers.calls.some((c) => c.method === "DELETE" && c.path === `/v1/subscriptions/${sub.id}`),
      ).toBe(true);
    expect(providers.calls.some((c) => c.path === `/v1/billing/subscriptions/${legacy.id}/cancel`)).toBe(
      true,
    );
    expect(billing()).toEqual([]);
    expect(await openRows(me.id)).toEqual([]);
    expect(await flagsOf(me.id)).toEqual({ user: false, business: false });
    expect((await cancel(me)).status).toBe(404);
  });
});
