import { serve } from "./http.ts";
import { PAYMENT_TEST_KEYS, testPaypal, testStripe } from "./payment-keys.ts";
import type { PaypalStandIn } from "./paypal.ts";
import type { StripeStandIn } from "./stripe.ts";

// Stripe and PayPal as local servers (Node), each its one stand-in served over HTTP, delivering
// signed webhooks to the app at `appBase`, and the Worker settings that point at them: for the
// browser journeys (e2e/global-setup.ts).
//
//   const payments = await startPaymentStandIns({ appBase: "http://127.0.0.1:8788" });
//   const server = await startServer({ ..., vars: payments.vars });

export interface PaymentStandIns {
  stripe: StripeStandIn;
  paypal: PaypalStandIn;
  stripeUrl: string;
  paypalUrl: string;
  /** The test keys, STRIPE_API_BASE and PAYPAL_API_BASE. */
  vars: Record<string, string>;
  stop(): Promise<void>;
}

/** `appBase` may start after this: deliveries happen only once someone pays, and are retried. */
export async function startPaymentStandIns({ appBase }: { appBase: string }): Promise<PaymentStandIns> {
  const deliver = (request: Request) => fetch(request);
  let stripe: StripeStandIn | null = null;
  let paypal: PaypalStandIn | null = null;
  // The servers are up before the stand-ins exist: their pages and certificate name their address.
  const stripeServer = await serve((request) => stripe!.handle(request));
  const paypalServer = await serve((request) => paypal!.handle(request));
  stripe = testStripe({ publicUrl: stripeServer.url, appBase, deliver });
  paypal = testPaypal({ publicUrl: paypalServer.url, appBase, deliver });
  return {
    stripe,
    paypal,
    stripeUrl: stripeServer.url,
    paypalUrl: paypalServer.url,
    vars: { ...PAYMENT_TEST_KEYS, STRIPE_API_BASE: stripeServer.url, PAYPAL_API_BASE: paypalServer.url },
    async stop() {
      await Promise.all([stripeServer.close(), paypalServer.close()]);
    },
  };
}
