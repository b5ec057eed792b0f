import type { Dictionary } from "#client/i18n.ts";

export default {
  Payments: "Pagamentos",
  "Memberships where our records and the payment provider's disagree, found by the daily check.":
    "Assinaturas em que nossos registros e os do provedor de pagamento não batem, segundo a verificação diária.",
  "Every membership matches its provider": "Todas as assinaturas batem com o provedor",
  "Ours: {{local}} · Provider: {{provider}}": "Nosso: {{local}} · Provedor: {{provider}}",
} satisfies Dictionary;
