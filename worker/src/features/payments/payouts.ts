import { eq } from "drizzle-orm";
import { type OnboardingStatus, PAYMENTS_MSG } from "#shared/schemas/payments.ts";
import { paymentAccounts, users } from "#worker/db/schema/index.ts";
import type { Deps } from "#worker/deps.ts";
import { fail } from "#worker/lib/errors.ts";
import { requireFreshFactor } from "#worker/lib/step-up.ts";
import {
  callStripe,
  createStripeConnectAccount,
  createStripeOnboardingLink,
  getStripeAccount,
  stripeClient,
} from "#worker/providers/stripe.ts";
import { requireStripe } from "./config";

// Payouts: a Stripe Connect Express account per verified person. Someone receives tips and
// orders only once Stripe says both charges and payouts are enabled.

/** An account link is fresh for a few minutes; one per person and minute is enough. */
const LINK_WINDOW_MS = 60_000;

/**
 * `PATCH .../payment/stripe/onboarding-status`: makes the account on first use, reads its state
 * from Stripe, and answers READY, or a Connect onboarding link to continue.
 */
export async function onboardingStatus(
  deps: Deps,
  userId: number,
  factorAt: number | null | undefined,
): Promise<OnboardingStatus> {
  const settings = requireStripe(deps.env);
  const { db } = deps;
  const user = await db.orm
    .select({
      email: users.email,
      username: users.username,
      isStaff: users.isStaff,
      isVerifiedUser: users.isVerifiedUser,
      isVerifiedBusiness: users.isVerifiedBusiness,
    })
    .from(users)
    .where(eq(users.id, userId))
    .get();
  if (!user || !(user.isStaff || user.isVerifiedUser || user.isVerifiedBusiness))
    fail(403, PAYMENTS_MSG.onboardingVerifiedOnly);
  const stripe = stripeClient(settings);
  const row = await db.orm.select().from(paymentAccounts).where(eq(paymentAccounts.userId, userId)).get();
  // Starting or resuming onboarding hands out a link that sets where payouts go: a person with a
  // second factor proves it again first.
  if (!(row?.chargesEnabled && row.payoutsEnabled))
    await requireFreshFactor(deps, { kind: "user", id: userId }, factorAt);
  const email = user.email;
  const accountId =
    row?.stripeAccountId ??
    (await callStripe(() => createStripeConnectAccount(stripe, { userId, email }, `account-${userId}`)));
  const account = await callStripe(() => getStripeAccount(stripe, accountId));
  const flags = { chargesEnabled: account.chargesEnabled, payoutsEnabled: account.payoutsEnabled };
  const ready = flags.chargesEnabled && flags.payoutsEnabled;
  await db.orm
    .insert(paymentAccounts)
    .values({ userId, stripeAccountId: accountId, ...flags })
    .onConflictDoUpdate({ target: paymentAccounts.userId, set: { stripeAccountId: accountId, ...flags } });
  if (ready) return { status: "READY", link: null };
  const base = deps.env.PUBLIC_URL.replace(/\/+$/, "");
  const back = `${base}/user/${user.username}/payments`;
  const link = await callStripe(() =>
    createStripeOnboardingLink(
      stripe,
      accountId,
      back,
      `account-link-${userId}-${Math.floor(Date.now() / LINK_WINDOW_MS)}`,
    ),
  );
  return { status: account.detailsSubmitted ? "PENDING" : "NOT_STARTED", link };
}
