import type { Dictionary } from "#client/i18n.ts";

// The wallet screens: the list of chains, a coin's page and chart, the send crypto dialog. The API's
// messages (WALLET_MSG) are translated in shared/client/locales/*/wallet.ts.
export default {
  "24 h change": "Cambio en 24 h",
  "24h": "24 h",
  "A valid {{name}} address": "Una dirección de {{name}} válida",
  "A {{name}} address, or the username of someone on Agora":
    "Una dirección de {{name}} o el nombre de usuario de alguien en Agora",
  Address: "Dirección",
  Amount: "Monto",
  "Amount ({{symbol}})": "Monto ({{symbol}})",
  "At least {{min}} {{symbol}}": "Al menos {{min}} {{symbol}}",
  Back: "Atrás",
  "Back to the wallet": "Volver a la billetera",
  Balance: "Saldo",
  "Balance: {{balance}} {{symbol}}": "Saldo: {{balance}} {{symbol}}",
  "Balances and sending come back once the server's wallet settings are in place.":
    "Los saldos y los envíos volverán cuando el servidor tenga configurada la billetera.",
  "Check and confirm": "Revisa y confirma",
  "Checking…": "Comprobando…",
  Continue: "Continuar",
  Deposit: "Depositar",
  Explorer: "Explorador",
  Fee: "Comisión",
  "It goes to {{to}} and cannot be undone.": "Se envía a {{to}} y no se puede deshacer.",
  "Last 24 hours": "Últimas 24 horas",
  MAX: "MAX",
  "Maximum to send": "Máximo para enviar",
  "No prices for the last day yet.": "Aún no hay precios del último día.",
  Price: "Precio",
  "Price and balance": "Precio y saldo",
  "Price unavailable": "Precio no disponible",
  "Prices are not configured on this server.": "Los precios no están configurados en este servidor.",
  Recipient: "Destinatario",
  "Send the most you can (MAX)": "Enviar lo máximo posible (MAX)",
  "Send {{amount}} {{symbol}}?": "¿Enviar {{amount}} {{symbol}}?",
  "Send {{symbol}}": "Enviar {{symbol}}",
  "Sending…": "Enviando…",
  "Sends to @{{username}}": "Se envía a @{{username}}",
  "Sent {{amount}} {{symbol}}.": "Enviaste {{amount}} {{symbol}}.",
  "The wallet is not configured on this server.": "La billetera no está configurada en este servidor.",
  "This address is new on the network: the amount must cover the minimum an account holds.":
    "Esta dirección es nueva en la red: el monto debe cubrir el mínimo que guarda una cuenta.",
  Total: "Total",
  "View transaction": "Ver transacción",
  "You can send up to {{amount}} BTC (fee {{fee}} BTC).":
    "Puedes enviar hasta {{amount}} BTC (comisión {{fee}} BTC).",
  "Your address": "Tu dirección",
  "Your wallet address: {{address}}": "La dirección de tu billetera: {{address}}",
  "{{name}} over the last 24 hours: from {{first}} to {{last}} ({{change}}), low {{low}}, high {{high}}.":
    "{{name}} en las últimas 24 horas: de {{first}} a {{last}} ({{change}}), mínimo {{low}}, máximo {{high}}.",
  "{{name}} wallet on the explorer": "Billetera de {{name}} en el explorador",
} satisfies Dictionary;
