import type { Dictionary } from "#client/i18n.ts";

// Payments: the subscription dialog, the confirmed and cancellation pages, the send fiat dialog,
// payouts, ordering a service by card and the payment history.
export default {
  "Amount (USD)": "Valor (USD)",
  "Cancel membership": "Cancelar assinatura",
  "Card input not found.": "Campo do cartão não encontrado.",
  Card: "Cartão",
  "Continue on Stripe": "Continuar no Stripe",
  "Crypto transfer": "Transferência cripto",
  Crypto: "Cripto",
  "Keep my membership": "Manter minha assinatura",
  "Log in to see your membership": "Entre para ver sua assinatura",
  Membership: "Assinatura",
  "Only the owner can see their payments": "Só o dono pode ver os próprios pagamentos",
  "Order by card": "Pedir com cartão",
  "Pay and subscribe": "Pagar e assinar",
  "Pay by card": "Pagar com cartão",
  "PayPal could not be loaded. Try again later.": "Não foi possível carregar o PayPal. Tente mais tarde.",
  "PayPal could not finish the payment. Try again.":
    "O PayPal não conseguiu concluir o pagamento. Tente de novo.",
  "Payment history": "Histórico de pagamentos",
  "Payment method creation failed.": "Falha ao criar o método de pagamento.",
  "Payment method": "Forma de pagamento",
  "Payouts and payment history": "Recebimentos e histórico de pagamentos",
  Payouts: "Recebimentos",
  "Payouts are off: set them up with Stripe to receive tips and service orders.":
    "Os recebimentos estão desligados: configure-os com o Stripe para receber gorjetas e pedidos de serviços.",
  "Payouts are on: you can receive tips and service orders.":
    "Os recebimentos estão ligados: você pode receber gorjetas e pedidos de serviços.",
  "Receive tips and service orders in your bank account through Stripe.":
    "Receba gorjetas e pedidos de serviços na sua conta bancária pelo Stripe.",
  "Referral reward": "Recompensa por indicação",
  "See the plans": "Ver os planos",
  "Send USD to @{{username}}": "Enviar USD para @{{username}}",
  "Service order": "Pedido de serviço",
  "Service subscription": "Assinatura de serviço",
  "Set up payouts on Stripe": "Configurar recebimentos no Stripe",
  "Set up payouts to receive tips and service orders, and see every payment.":
    "Configure os recebimentos para receber gorjetas e pedidos de serviços, e veja todos os pagamentos.",
  "Stripe still needs some details before payouts can start.":
    "O Stripe ainda precisa de alguns dados antes de os recebimentos começarem.",
  "Subscribe to the {{plan}} plan": "Assinar o plano {{plan}}",
  "Thank you for subscribing. Your mark now shows next to your name everywhere on Agora.":
    "Obrigado por assinar. Sua marca agora aparece ao lado do seu nome em todo o Agora.",
  "Thank you! Your payment is being confirmed": "Obrigado! Seu pagamento está sendo confirmado",
  "USD transfer session started. Please complete the payment":
    "Sessão de transferência em USD iniciada. Por favor, conclua o pagamento",
  "Waiting for the payment provider": "Aguardando o provedor de pagamento",
  "Whole dollars, at least $2. You pay on Stripe's secure page.":
    "Dólares inteiros, no mínimo $2. Você paga na página segura do Stripe.",
  "You Paid {{amount}} {{currency}} to {{username}}": "Você pagou {{amount}} {{currency}} para {{username}}",
  "You Received {{amount}} {{currency}} from {{username}}":
    "Você recebeu {{amount}} {{currency}} de {{username}}",
  "You are verified": "Você está verificado",
  "You don't have anything here yet": "Você ainda não tem nada aqui",
  "You pay on Stripe's secure page; the provider is told once it is paid.":
    "Você paga na página segura do Stripe; o prestador é avisado quando o pagamento for feito.",
  "Your membership starts once the payment is confirmed. Cancelling ends it at once.":
    "Sua assinatura começa quando o pagamento é confirmado. Cancelar encerra na hora.",
  "Your membership was cancelled. The verified mark is gone from your profile.":
    "Sua assinatura foi cancelada. A marca de verificação saiu do seu perfil.",
  "Your membership: {{plan}}": "Sua assinatura: {{plan}}",
  "Your verified mark appears as soon as the payment provider confirms. This usually takes a few seconds.":
    "Sua marca de verificação aparece assim que o provedor de pagamento confirma. Costuma levar alguns segundos.",
  "Your verified mark, search visibility and payouts stop now; nothing more is charged.":
    "Sua marca de verificação, a visibilidade na busca e os recebimentos param agora; nada mais é cobrado.",
  "Your payment is not confirmed yet": "Seu pagamento ainda não foi confirmado",
  "We have not heard from the payment provider. Your membership tab shows whether it is active; if you were charged and it is not, contact support.":
    "Ainda não recebemos resposta do provedor de pagamento. A aba da sua assinatura mostra se ela está ativa; se você foi cobrado e ela não está, fale com o suporte.",
  Reference: "Referência",
  "Check your membership": "Ver sua assinatura",
  "Contact support": "Falar com o suporte",
  "Check again": "Verificar de novo",
  "There is no payment to confirm": "Não há pagamento para confirmar",
  "This page opens after paying for a membership. Choose a plan to become verified.":
    "Esta página abre depois de pagar uma assinatura. Escolha um plano para ser verificado.",
} satisfies Dictionary;
