// A test double of Stripe.js (https://js.stripe.com), served by Playwright in the payments journey.
// It has the part of the API the app uses: `Stripe(key)`, `elements().create("card")` with
// `mount`/`on`/`getElement`, `createPaymentMethod` and `confirmCardPayment`. The card field is a
// plain input instead of Stripe's frame; its calls go to https://api.stripe.com as Stripe.js's do
// (form-encoded, with the publishable key), which the journey routes to the provider stand-in.
(() => {
  const API = "https://api.stripe.com/v1";

  async function post(path, fields, key) {
    const body = new URLSearchParams({ ...fields, key });
    const res = await fetch(`${API}${path}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body,
    });
    const json = await res.json();
    return res.ok ? { ok: json } : { error: json.error ?? { message: "Stripe stand-in error" } };
  }

  function createElements() {
    const made = {};
    return {
      create(type) {
        const listeners = {};
        let input = null;
        const emit = (event, payload) => {
          for (const handler of listeners[event] ?? []) handler(payload);
        };
        const element = {
          mount(target) {
            const node = typeof target === "string" ? document.querySelector(target) : target;
            input = document.createElement("input");
            input.setAttribute("aria-label", "Card number");
            input.setAttribute("inputmode", "numeric");
            input.setAttribute("autocomplete", "cc-number");
            input.placeholder = "1234 1234 1234 1234";
            input.style.cssText = "all:unset;width:100%;font:inherit;color:inherit";
            input.addEventListener("input", () => {
              const digits = input.value.replace(/\D/g, "");
              emit("change", {
                elementType: type,
                empty: digits.length === 0,
                complete: digits.length >= 16,
                brand: digits.startsWith("4") ? "visa" : "unknown",
                error: undefined,
                value: {},
              });
            });
            input.addEventListener("focus", () => emit("focus", { elementType: type }));
            input.addEventListener("blur", () => emit("blur", { elementType: type }));
            node.appendChild(input);
            setTimeout(() => emit("ready", element));
          },
          on(event, handler) {
            listeners[event] = [...(listeners[event] ?? []), handler];
            return element;
          },
          off(event, handler) {
            listeners[event] = (listeners[event] ?? []).filter((h) => h !== handler);
            return element;
          },
          update() {},
          focus() {
            input?.focus();
          },
          blur() {
            input?.blur();
          },
          clear() {
            if (input) input.value = "";
          },
          unmount() {
            input?.remove();
          },
          destroy() {
            input?.remove();
            delete made[type];
          },
          digits: () => (input ? input.value.replace(/\D/g, "") : ""),
        };
        made[type] = element;
        return element;
      },
      getElement(kind) {
        const type = typeof kind === "string" ? kind : kind?.__elementType;
        return made[type] ?? null;
      },
      update() {},
    };
  }

  window.Stripe = function Stripe(key) {
    return {
      version: "endive",
      _registerWrapper() {},
      registerAppInfo() {},
      elements: () => createElements(),
      async createToken() {
        return { error: { message: "Tokens are not used by Agora" } };
      },
      async createPaymentMethod({ type, card }) {
        const answer = await post(
          "/payment_methods",
          {
            type,
            "card[number]": card.digits(),
            "card[exp_month]": "12",
            "card[exp_year]": "2034",
            "card[cvc]": "123",
          },
          key,
        );
        return answer.error ? { error: answer.error } : { paymentMethod: answer.ok };
      },
      async confirmCardPayment(clientSecret) {
        const intent = clientSecret.split("_secret_")[0];
        const answer = await post(`/payment_intents/${intent}/confirm`, { client_secret: clientSecret }, key);
        return answer.error ? { error: answer.error } : { paymentIntent: answer.ok };
      },
    };
  };
})();
