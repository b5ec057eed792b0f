import type { Dictionary } from "#client/i18n.ts";

// Payments: the subscription dialog, the confirmed and cancellation pages, the send fiat dialog,
// payouts, ordering a service by card and the payment history.
export default {
  "Amount (USD)": "Monto (USD)",
  "Cancel membership": "Cancelar membresía",
  "Card input not found.": "No se encontró el campo de la tarjeta.",
  Card: "Tarjeta",
  "Continue on Stripe": "Continuar en Stripe",
  "Crypto transfer": "Transferencia cripto",
  Crypto: "Cripto",
  "Keep my membership": "Mantener mi membresía",
  "Log in to see your membership": "Inicia sesión para ver tu membresía",
  Membership: "Membresía",
  "Only the owner can see their payments": "Solo su dueño puede ver sus pagos",
  "Order by card": "Pedir con tarjeta",
  "Pay and subscribe": "Pagar y suscribirme",
  "Pay by card": "Pagar con tarjeta",
  "PayPal could not be loaded. Try again later.": "No se pudo cargar PayPal. Inténtalo más tarde.",
  "PayPal could not finish the payment. Try again.": "PayPal no pudo completar el pago. Inténtalo de nuevo.",
  "Payment history": "Historial de pagos",
  "Payment method creation failed.": "No se pudo crear el método de pago.",
  "Payment method": "Método de pago",
  "Payouts and payment history": "Cobros e historial de pagos",
  Payouts: "Cobros",
  "Payouts are off: set them up with Stripe to receive tips and service orders.":
    "Los cobros están desactivados: configúralos con Stripe para recibir propinas y pedidos de servicios.",
  "Payouts are on: you can receive tips and service orders.":
    "Los cobros están activos: puedes recibir propinas y pedidos de servicios.",
  "Receive tips and service orders in your bank account through Stripe.":
    "Recibe propinas y pedidos de servicios en tu cuenta bancaria a través de Stripe.",
  "Referral reward": "Recompensa por referido",
  "See the plans": "Ver los planes",
  "Send USD to @{{username}}": "Enviar USD a @{{username}}",
  "Service order": "Pedido de servicio",
  "Service subscription": "Suscripción a un servicio",
  "Set up payouts on Stripe": "Configurar cobros en Stripe",
  "Set up payouts to receive tips and service orders, and see every payment.":
    "Configura los cobros para recibir propinas y pedidos de servicios, y consulta todos tus pagos.",
  "Stripe still needs some details before payouts can start.":
    "Stripe aún necesita algunos datos antes de que empiecen los cobros.",
  "Subscribe to the {{plan}} plan": "Suscribirse al plan {{plan}}",
  "Thank you for subscribing. Your mark now shows next to your name everywhere on Agora.":
    "Gracias por suscribirte. Tu marca ya aparece junto a tu nombre en todo Agora.",
  "Thank you! Your payment is being confirmed": "¡Gracias! Tu pago se está confirmando",
  "USD transfer session started. Please complete the payment":
    "Sesión de transferencia en USD iniciada. Por favor, completa el pago",
  "Waiting for the payment provider": "Esperando al proveedor de pagos",
  "Whole dollars, at least $2. You pay on Stripe's secure page.":
    "Dólares enteros, al menos $2. Pagas en la página segura de Stripe.",
  "You Paid {{amount}} {{currency}} to {{username}}": "Pagaste {{amount}} {{currency}} a {{username}}",
  "You Received {{amount}} {{currency}} from {{username}}":
    "Recibiste {{amount}} {{currency}} de {{username}}",
  "You are verified": "Ya estás verificado",
  "You don't have anything here yet": "Todavía no tienes nada aquí",
  "You pay on Stripe's secure page; the provider is told once it is paid.":
    "Pagas en la página segura de Stripe; el proveedor recibe el aviso cuando se pague.",
  "Your membership starts once the payment is confirmed. Cancelling ends it at once.":
    "Tu membresía empieza cuando se confirma el pago. Si cancelas, termina en el acto.",
  "Your membership was cancelled. The verified mark is gone from your profile.":
    "Tu membresía fue cancelada. La marca de verificación ya no está en tu perfil.",
  "Your membership: {{plan}}": "Tu membresía: {{plan}}",
  "Your verified mark appears as soon as the payment provider confirms. This usually takes a few seconds.":
    "Tu marca de verificación aparece en cuanto el proveedor de pagos lo confirma. Suele tardar unos segundos.",
  "Your verified mark, search visibility and payouts stop now; nothing more is charged.":
    "Tu marca de verificación, la visibilidad en la búsqueda y los cobros terminan ahora; no se cobra nada más.",
  "Your payment is not confirmed yet": "Tu pago aún no está confirmado",
  "We have not heard from the payment provider. Your membership tab shows whether it is active; if you were charged and it is not, contact support.":
    "No hemos recibido noticias del proveedor de pagos. La pestaña de tu membresía muestra si está activa; si te cobraron y no lo está, contacta con soporte.",
  Reference: "Referencia",
  "Check your membership": "Ver tu membresía",
  "Contact support": "Contactar con soporte",
  "Check again": "Comprobar de nuevo",
  "There is no payment to confirm": "No hay ningún pago que confirmar",
  "This page opens after paying for a membership. Choose a plan to become verified.":
    "Esta página se abre después de pagar una membresía. Elige un plan para verificarte.",
} satisfies Dictionary;
