import { fileURLToPath } from "node:url";
import type { BrowserContext } from "playwright-core";
import { lane } from "./lane";

// The payment providers' browser scripts, played locally for a browser context: the doubles of
// e2e/doubles/ are served in place of js.stripe.com and www.paypal.com/sdk/js, and their calls to
// api.stripe.com and www.paypal.com/v1 go to the providers' stand-ins (test-support/stand-ins/)
// the server's payments use too.

const STRIPE_DOUBLE = fileURLToPath(new URL("./doubles/stripe.js", import.meta.url));
const PAYPAL_DOUBLE = fileURLToPath(new URL("./doubles/paypal.js", import.meta.url));

/** Routes Stripe.js, PayPal's SDK and their API calls of `context` to the doubles and the stand-in. */
export async function playProviders(context: BrowserContext): Promise<void> {
  const standIns = {
    "https://api.stripe.com": lane().stripeStandInUrl,
    "https://www.paypal.com/v1": lane().paypalStandInUrl,
  };
  await context.route("https://js.stripe.com/**", (route) =>
    route.fulfill({ path: STRIPE_DOUBLE, contentType: "application/javascript" }),
  );
  await context.route("https://www.paypal.com/sdk/js**", (route) =>
    route.fulfill({ path: PAYPAL_DOUBLE, contentType: "application/javascript" }),
  );
  for (const [origin, standIn] of Object.entries(standIns))
    await context.route(`${origin}/**`, async (route) => {
      const url = new URL(route.request().url());
      const response = await route.fetch({ url: `${standIn}${url.pathname}${url.search}` });
      await route.fulfill({ response });
    });
}
