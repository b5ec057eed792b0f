import { and, eq, isNull } from "drizzle-orm";
import { type CheckoutLink, PAYMENTS_MSG, type TipStripe } from "#shared/schemas/payments.ts";
import type { ServiceKey } from "#shared/schemas/services.ts";
import { paymentAccounts, payments, services, users } from "#worker/db/schema/index.ts";
import type { Deps } from "#worker/deps.ts";
import type { AuthUser } from "#worker/env.ts";
import { fail } from "#worker/lib/errors.ts";
import { publicId } from "#worker/lib/ids.ts";
import { hitRateLimit } from "#worker/lib/rate-limits.ts";
import { callStripe, createStripeCheckout, stripeClient } from "#worker/providers/stripe.ts";
import { MONEY_PER_HOUR, requireStripe } from "./config";

// Tips and service orders: a PENDING ledger row, then a Stripe Checkout session for it (a
// destination charge to the receiver's Connect account, keyed by the row's id). The row turns
// SUCCEEDED only with Stripe's `checkout.session.completed` (webhooks.ts).

async function activePerson({ db }: Deps, username: string) {
  const row = await db.orm
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(
      and(
        eq(users.username, username.trim().toLowerCase()),
        eq(users.status, "ACTIVE"),
        isNull(users.deletedAt),
      ),
    )
    .get();
  return row ?? fail(404, PAYMENTS_MSG.userNotFound);
}

/** The receiver's Connect account, or 409 when onboarding has not enabled charges and payouts. */
async function payoutAccount({ db }: Deps, userId: number): Promise<string> {
  const account = await db.orm.select().from(paymentAccounts).where(eq(paymentAccounts.userId, userId)).get();
  if (!account?.stripeAccountId || !account.chargesEnabled || !account.payoutsEnabled)
    fail(409, PAYMENTS_MSG.receiverNotReady);
  return account.stripeAccountId;
}

interface CheckoutInput {
  type: "FIAT_TRANSFER" | "SERVICE_PAYMENT";
  payer: AuthUser;
  receiverId: number;
  destination: string;
  amount: number;
  serviceId: number | null;
  name: string;
  successPath: string;
  cancelPath: string;
}

async function startCheckout(deps: Deps, input: CheckoutInput): Promise<CheckoutLink> {
  const settings = requireStripe(deps.env);
  const { db } = deps;
  const id = publicId();
  await db.orm.insert(payments).values({
    publicId: id,
    paymentMethod: "STRIPE",
    paymentType: input.type,
    status: "PENDING",
    amount: input.amount,
    currency: "USD",
    payerId: input.payer.id,
    receiverId: input.receiverId,
    serviceId: input.serviceId,
  });
  const base = deps.env.PUBLIC_URL.replace(/\/+$/, "");
  const stripe = stripeClient(settings);
  try {
    const session = await callStripe(() =>
      createStripeCheckout(
        stripe,
        {
          paymentId: id,
          paymentType: input.type,
          amount: input.amount,
          name: input.name,
          destination: input.destination,
          successUrl: `${base}${input.successPath}`,
          cancelUrl: `${base}${input.cancelPath}`,
        },
        `checkout-${id}`,
      ),
    );
    if (!session.url) fail(502, "The payment provider did not give a payment page. Please try again.");
    await db.orm.update(payments).set({ providerRef: session.id }).where(eq(payments.publicId, id));
    return { link: session.url };
  } catch (error) {
    await db.orm.update(payments).set({ status: "FAILED" }).where(eq(payments.publicId, id));
    throw error;
  }
}

/** `POST /api/v1/tip/stripe`: a tip of `amount` cents (at least 200) to someone else who can receive. */
export async function tipByCard(deps: Deps, payer: AuthUser, input: TipStripe): Promise<CheckoutLink> {
  await hitRateLimit(deps.db, `tip:${payer.id}`, MONEY_PER_HOUR);
  requireStripe(deps.env);
  const receiver = await activePerson(deps, input.username);
  if (receiver.id === payer.id) fail(400, PAYMENTS_MSG.selfTip);
  const destination = await payoutAccount(deps, receiver.id);
  return startCheckout(deps, {
    type: "FIAT_TRANSFER",
    payer,
    receiverId: receiver.id,
    destination,
    amount: input.amount,
    serviceId: null,
    name: `Tip for @${receiver.username} on Agora`,
    successPath: `/user/${payer.username}/payments`,
    cancelPath: `/user/${receiver.username}`,
  });
}

/** `POST .../service/order`: the service's price, paid to its provider. */
export async function orderService(deps: Deps, payer: AuthUser, key: ServiceKey): Promise<CheckoutLink> {
  await hitRateLimit(deps.db, `order:${payer.id}`, MONEY_PER_HOUR);
  requireStripe(deps.env);
  const owner = await activePerson(deps, key.username);
  const { db } = deps;
  const service = await db.orm
    .select()
    .from(services)
    .where(and(eq(services.ownerId, owner.id), eq(services.slug, key.slug), eq(services.isActive, true)))
    .get();
  if (!service) fail(404, "This service does not exist");
  if (owner.id === payer.id) fail(400, PAYMENTS_MSG.ownService);
  const destination = await payoutAccount(deps, owner.id);
  return startCheckout(deps, {
    type: "SERVICE_PAYMENT",
    payer,
    receiverId: owner.id,
    destination,
    amount: service.price,
    serviceId: service.id,
    name: service.title,
    successPath: `/user/${payer.username}/payments`,
    cancelPath: `/service/${owner.username}/${service.slug}`,
  });
}
