import type { Stripe } from "@stripe/stripe-js";
import { loadStripe } from "@stripe/stripe-js/pure";

// Stripe.js comes from js.stripe.com only when a money screen asks for it (the `pure` entry adds
// no script on import), once per publishable key.

const loaded = new Map<string, Promise<Stripe | null>>();

export function getStripe(publishableKey: string): Promise<Stripe | null> {
  let stripe = loaded.get(publishableKey);
  if (!stripe) {
    stripe = loadStripe(publishableKey).catch((error: unknown) => {
      loaded.delete(publishableKey);
      throw error;
    });
    loaded.set(publishableKey, stripe);
  }
  return stripe;
}

/** The card field drawn in the page's own colours (night or day), read from the theme's variables. */
export function cardStyle() {
  const css = getComputedStyle(document.body);
  const color = (name: string, fallback: string) => css.getPropertyValue(name).trim() || fallback;
  return {
    base: {
      color: color("--text", "#e5e7eb"),
      fontSize: "16px",
      iconColor: color("--muted", "#9ca3af"),
      "::placeholder": { color: color("--muted", "#9ca3af") },
    },
    invalid: { color: color("--danger", "#ef4444"), iconColor: color("--danger", "#ef4444") },
  };
}
