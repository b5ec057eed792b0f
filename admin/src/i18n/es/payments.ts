import type { Dictionary } from "#client/i18n.ts";

export default {
  Payments: "Pagos",
  "Memberships where our records and the payment provider's disagree, found by the daily check.":
    "Membresías en las que nuestros registros y los del proveedor de pagos no coinciden, según la revisión diaria.",
  "Every membership matches its provider": "Todas las membresías coinciden con su proveedor",
  "Ours: {{local}} · Provider: {{provider}}": "Nuestro: {{local}} · Proveedor: {{provider}}",
} satisfies Dictionary;
