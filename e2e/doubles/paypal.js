// A test double of PayPal's JS SDK (https://www.paypal.com/sdk/js), served by Playwright in the
// payments journey: `paypal.Buttons({createSubscription, onApprove, onError})` with `isEligible`,
// `render` and `close`. Its button plays the buyer: `actions.subscription.create({plan_id,
// custom_id})` asks PayPal (routed to the provider stand-in) for an approved subscription carrying
// that custom_id, then `onApprove` gets its id, as the real popup would hand it over.
(() => {
  const API = "https://www.paypal.com/v1/billing/subscriptions";
  window.paypal = {
    version: "5.0.0-standin",
    FUNDING: { PAYPAL: "paypal", CARD: "card" },
    Buttons(options) {
      let root = null;
      return {
        isEligible: () => true,
        async render(target) {
          const node = typeof target === "string" ? document.querySelector(target) : target;
          root = document.createElement("button");
          root.type = "button";
          root.textContent = "PayPal Subscribe";
          root.style.cssText =
            "width:100%;padding:10px;border-radius:999px;background:#ffc439;color:#111;font-weight:700;border:0;cursor:pointer";
          root.addEventListener("click", async () => {
            try {
              const actions = {
                subscription: {
                  create: async ({ plan_id, custom_id }) => {
                    const res = await fetch(API, {
                      method: "POST",
                      headers: { "content-type": "text/plain" },
                      body: JSON.stringify({ plan_id, custom_id }),
                    });
                    if (!res.ok) throw new Error(`PayPal stand-in refused: ${res.status}`);
                    return (await res.json()).id;
                  },
                },
              };
              const subscriptionID = await options.createSubscription({}, actions);
              await options.onApprove(
                { subscriptionID, orderID: `ORDER-${subscriptionID}`, facilitatorAccessToken: "standin" },
                {},
              );
            } catch (error) {
              options.onError?.(error);
            }
          });
          node.appendChild(root);
          options.onInit?.({}, { enable: async () => {}, disable: async () => {} });
        },
        async close() {
          root?.remove();
        },
        updateProps() {},
      };
    },
  };
})();
