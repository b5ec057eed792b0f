import type { Dictionary } from "#client/i18n.ts";

// The payment messages of shared/src/schemas/payments.ts (PAYMENTS_MSG): the send fiat dialog's
// field messages and the API's money answers.
export default {
  "Amount must be at least $2": "O valor deve ser de pelo menos $2",
  "Amount must be $999,999 or less": "O valor deve ser de $999,999 ou menos",
  "This is not a valid id": "Este não é um identificador válido",
  "Must be a number": "Deve ser um número",
  "Must be an integer": "Deve ser um número inteiro",
  "Payments are not configured": "Os pagamentos não estão configurados",
  "Stripe is not configured": "O Stripe não está configurado",
  "PayPal is not configured": "O PayPal não está configurado",
  "You already have an active membership": "Você já tem uma assinatura ativa",
  "You do not have an active membership": "Você não tem uma assinatura ativa",
  "You cannot send money to yourself": "Você não pode enviar dinheiro para si mesmo",
  "This person cannot receive payments yet: they have not set up payouts":
    "Esta pessoa ainda não pode receber pagamentos: não configurou os recebimentos",
  "This user does not exist": "Este usuário não existe",
  "You cannot order your own service": "Você não pode encomendar o seu próprio serviço",
  "Only verified members can turn on payouts": "Somente membros verificados podem ativar os recebimentos",
  "This PayPal subscription is not active": "Esta assinatura do PayPal não está ativa",
  "This PayPal subscription is not for the chosen plan": "Esta assinatura do PayPal não é do plano escolhido",
  "This PayPal subscription belongs to another account": "Esta assinatura do PayPal pertence a outra conta",
  "This PayPal subscription was not started from your account":
    "Esta assinatura do PayPal não foi iniciada pela sua conta",
  "You already have a membership, so this PayPal subscription was cancelled":
    "Você já tem uma assinatura, então esta assinatura do PayPal foi cancelada",
  "Your subscription is being started. Try again in a minute.":
    "Sua assinatura está sendo iniciada. Tente de novo em um minuto.",
  "The membership was cancelled while it was being started":
    "A assinatura foi cancelada enquanto estava sendo iniciada",
  "Some of your subscriptions could not be cancelled. Please try again.":
    "Algumas das suas assinaturas não puderam ser canceladas. Tente de novo.",
  "The card could not be charged": "Não foi possível cobrar o cartão",
  "The webhook signature is missing, wrong or too old":
    "A assinatura do webhook está ausente, errada ou antiga",
} satisfies Dictionary;
