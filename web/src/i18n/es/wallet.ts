import type { Dictionary } from "#client/i18n.ts";

// The wallet: the list of chains, a coin's page and chart, the send crypto dialog, and the
// messages of shared/src/schemas/wallet.ts (WALLET_MSG) that the dialog and the API show.
export default {
  "24 h change": "Cambio en 24 h",
  "24h": "24 h",
  "A valid {{name}} address": "Una dirección de {{name}} válida",
  "A {{name}} address, or the username of someone on Agora":
    "Una dirección de {{name}} o el nombre de usuario de alguien en Agora",
  Address: "Dirección",
  Amount: "Monto",
  "Amount ({{symbol}})": "Monto ({{symbol}})",
  "Amount is required": "El monto es obligatorio",
  "Amount must be at least {{min}} {{symbol}}": "El monto debe ser de al menos {{min}} {{symbol}}",
  "Amount must be greater than 0": "El monto debe ser mayor que 0",
  "At least {{min}} {{symbol}}": "Al menos {{min}} {{symbol}}",
  Back: "Atrás",
  "Back to the wallet": "Volver a la billetera",
  Balance: "Saldo",
  "Balance: {{balance}} {{symbol}}": "Saldo: {{balance}} {{symbol}}",
  "Balances and sending come back once the server's wallet settings are in place.":
    "Los saldos y los envíos volverán cuando el servidor tenga configurada la billetera.",
  "Bitcoin is not configured": "Bitcoin no está configurado",
  "Check and confirm": "Revisa y confirma",
  "Checking…": "Comprobando…",
  Continue: "Continuar",
  Deposit: "Depositar",
  "Ethereum is not configured": "Ethereum no está configurado",
  Explorer: "Explorador",
  Fee: "Comisión",
  "It goes to {{to}} and cannot be undone.": "Se envía a {{to}} y no se puede deshacer.",
  "Last 24 hours": "Últimas 24 horas",
  "Leave at least {{min}} {{symbol}} in your wallet, or send all of it with MAX":
    "Deja al menos {{min}} {{symbol}} en tu billetera, o envíalo todo con MAX",
  MAX: "MAX",
  "Maximum to send": "Máximo para enviar",
  "Must be a number": "Debe ser un número",
  "No prices for the last day yet.": "Aún no hay precios del último día.",
  "Pleae wait a few seconds until your tx is complete":
    "Espera unos segundos hasta que tu transacción se complete",
  Price: "Precio",
  "Price and balance": "Precio y saldo",
  "Price unavailable": "Precio no disponible",
  "Prices are not configured": "Los precios no están configurados",
  "Prices are not configured on this server.": "Los precios no están configurados en este servidor.",
  Recipient: "Destinatario",
  "Recipient is required": "El destinatario es obligatorio",
  "Send the most you can (MAX)": "Enviar lo máximo posible (MAX)",
  "Send {{amount}} {{symbol}}?": "¿Enviar {{amount}} {{symbol}}?",
  "Send {{symbol}}": "Enviar {{symbol}}",
  "Sending is available only for Solana": "Los envíos solo están disponibles para Solana",
  "Sending…": "Enviando…",
  "Sends to @{{username}}": "Se envía a @{{username}}",
  "Sent {{amount}} {{symbol}}.": "Enviaste {{amount}} {{symbol}}.",
  "Solana is not configured": "Solana no está configurado",
  "The transaction was not accepted: {{reason}}": "La transacción no fue aceptada: {{reason}}",
  "The wallet is not configured on this server.": "La billetera no está configurada en este servidor.",
  "The {{chain}} network is not answering. Try again in a minute.":
    "La red de {{chain}} no responde. Inténtalo de nuevo en un minuto.",
  "This address is new on the network: the amount must cover the minimum an account holds.":
    "Esta dirección es nueva en la red: el monto debe cubrir el mínimo que guarda una cuenta.",
  "This idempotency_key was already used for another transfer":
    "Este idempotency_key ya se usó para otra transferencia",
  Total: "Total",
  "Unknown coin": "Moneda desconocida",
  "Unsupported crypto symbol": "Símbolo de criptomoneda no admitido",
  "Use an amount less than or equal to your balance: {{balance}} {{symbol}}":
    "Usa un monto menor o igual a tu saldo: {{balance}} {{symbol}}",
  "Use at most {{decimals}} decimals": "Usa como máximo {{decimals}} decimales",
  "View transaction": "Ver transacción",
  "Wallet is not configured": "La billetera no está configurada",
  "You can not send to yourself": "No puedes enviarte a ti mismo",
  "You can send up to {{amount}} BTC (fee {{fee}} BTC).":
    "Puedes enviar hasta {{amount}} BTC (comisión {{fee}} BTC).",
  "Your address": "Tu dirección",
  "Your balance is empty. Deposit some {{symbol}} to your wallet first.":
    "Tu saldo está vacío. Primero deposita algo de {{symbol}} en tu billetera.",
  "Your wallet address: {{address}}": "La dirección de tu billetera: {{address}}",
  "idempotency_key must be 8 to 100 letters, digits, '-' or '_'":
    "idempotency_key debe tener de 8 a 100 letras, dígitos, '-' o '_'",
  "{{name}} over the last 24 hours: from {{first}} to {{last}} ({{change}}), low {{low}}, high {{high}}.":
    "{{name}} en las últimas 24 horas: de {{first}} a {{last}} ({{change}}), mínimo {{low}}, máximo {{high}}.",
  "{{name}} wallet on the explorer": "Billetera de {{name}} en el explorador",
  "{{value}} is invalid": "{{value}} no es válido",
} satisfies Dictionary;
