import type { Dictionary } from "#client/i18n.ts";

// The payment messages of shared/src/schemas/payments.ts (PAYMENTS_MSG): the send fiat dialog's
// field messages and the API's money answers.
export default {
  "Amount must be at least $2": "El monto debe ser de al menos $2",
  "Amount must be $999,999 or less": "El monto debe ser de $999,999 o menos",
  "This is not a valid id": "Este no es un identificador válido",
  "Must be a number": "Debe ser un número",
  "Must be an integer": "Debe ser un número entero",
  "Payments are not configured": "Los pagos no están configurados",
  "Stripe is not configured": "Stripe no está configurado",
  "PayPal is not configured": "PayPal no está configurado",
  "You already have an active membership": "Ya tienes una membresía activa",
  "You do not have an active membership": "No tienes una membresía activa",
  "You cannot send money to yourself": "No puedes enviarte dinero a ti mismo",
  "This person cannot receive payments yet: they have not set up payouts":
    "Esta persona aún no puede recibir pagos: no ha configurado sus cobros",
  "This user does not exist": "Este usuario no existe",
  "You cannot order your own service": "No puedes pedir tu propio servicio",
  "Only verified members can turn on payouts": "Solo los miembros verificados pueden activar los cobros",
  "This PayPal subscription is not active": "Esta suscripción de PayPal no está activa",
  "This PayPal subscription is not for the chosen plan": "Esta suscripción de PayPal no es del plan elegido",
  "This PayPal subscription belongs to another account": "Esta suscripción de PayPal pertenece a otra cuenta",
  "This PayPal subscription was not started from your account":
    "Esta suscripción de PayPal no se inició desde tu cuenta",
  "You already have a membership, so this PayPal subscription was cancelled":
    "Ya tienes una membresía, así que se canceló esta suscripción de PayPal",
  "Your subscription is being started. Try again in a minute.":
    "Tu suscripción se está iniciando. Inténtalo de nuevo en un minuto.",
  "The membership was cancelled while it was being started":
    "La membresía se canceló mientras se estaba iniciando",
  "Some of your subscriptions could not be cancelled. Please try again.":
    "Algunas de tus suscripciones no se pudieron cancelar. Inténtalo de nuevo.",
  "The card could not be charged": "No se pudo cobrar la tarjeta",
  "The webhook signature is missing, wrong or too old":
    "La firma del webhook falta, es incorrecta o es antigua",
} satisfies Dictionary;
