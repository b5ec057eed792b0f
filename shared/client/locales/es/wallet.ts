import type { Dictionary } from "#client/i18n.ts";

// The wallet's messages (WALLET_MSG in shared/src/schemas/wallet.ts): what its forms say and what
// the API sends as `detail`, for both SPAs (shared/client/api-error-text.ts translates the filled
// ones by their template).
export default {
  "Wallet is not configured": "La billetera no está configurada",
  "Solana is not configured": "Solana no está configurada",
  "Ethereum is not configured": "Ethereum no está configurado",
  "Bitcoin is not configured": "Bitcoin no está configurado",
  "Prices are not configured": "Los precios no están configurados",
  "The {{chain}} network is not answering. Try again in a minute.":
    "La red de {{chain}} no responde. Inténtalo de nuevo en un minuto.",
  "{{value}} is invalid": "{{value}} no es válido",
  "You can not send to yourself": "No puedes enviarte a ti mismo",
  "Unsupported crypto symbol": "Símbolo de criptomoneda no admitido",
  "Unknown coin": "Moneda desconocida",
  "Sending is available only for Solana": "Los envíos solo están disponibles para Solana",
  "Amount is required": "El monto es obligatorio",
  "Must be a number": "Debe ser un número",
  "Amount must be greater than 0": "El monto debe ser mayor que 0",
  "Use at most {{decimals}} decimals": "Usa como máximo {{decimals}} decimales",
  "Use an amount less than or equal to your balance: {{balance}} {{symbol}}":
    "Usa un monto menor o igual a tu saldo: {{balance}} {{symbol}}",
  "Amount must be at least {{min}} {{symbol}}": "El monto debe ser de al menos {{min}} {{symbol}}",
  "Leave at least {{min}} {{symbol}} in your wallet, or send all of it with MAX":
    "Deja al menos {{min}} {{symbol}} en tu billetera, o envía todo con MAX",
  "Your balance is empty. Deposit some {{symbol}} to your wallet first.":
    "Tu saldo está vacío. Primero deposita algo de {{symbol}} en tu billetera.",
  "idempotency_key must be 8 to 100 letters, digits, '-' or '_'":
    "idempotency_key debe tener de 8 a 100 letras, dígitos, '-' o '_'",
  "This idempotency_key was already used for another transfer":
    "Esta idempotency_key ya se usó para otra transferencia",
  "The transaction was not accepted: {{reason}}": "La transacción no fue aceptada: {{reason}}",
  "Recipient is required": "El destinatario es obligatorio",
  "Pleae wait a few seconds until your tx is complete":
    "Espera unos segundos hasta que tu transacción se complete",
  "Saved the text to clipboard": "Texto copiado al portapapeles",
} satisfies Dictionary;
