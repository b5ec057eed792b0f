import type { Dictionary } from "#client/i18n.ts";

// The wallet's messages (WALLET_MSG in shared/src/schemas/wallet.ts): what its forms say and what
// the API sends as `detail`, for both SPAs (shared/client/api-error-text.ts translates the filled
// ones by their template).
export default {
  "Wallet is not configured": "A carteira não está configurada",
  "Solana is not configured": "Solana não está configurada",
  "Ethereum is not configured": "Ethereum não está configurado",
  "Bitcoin is not configured": "Bitcoin não está configurado",
  "Prices are not configured": "Os preços não estão configurados",
  "The {{chain}} network is not answering. Try again in a minute.":
    "A rede {{chain}} não está respondendo. Tente novamente em um minuto.",
  "{{value}} is invalid": "{{value}} é inválido",
  "You can not send to yourself": "Você não pode enviar para si mesmo",
  "Unsupported crypto symbol": "Símbolo de criptomoeda não suportado",
  "Unknown coin": "Moeda desconhecida",
  "Sending is available only for Solana": "O envio está disponível apenas para Solana",
  "Amount is required": "O valor é obrigatório",
  "Must be a number": "Deve ser um número",
  "Amount must be greater than 0": "O valor deve ser maior que 0",
  "Use at most {{decimals}} decimals": "Use no máximo {{decimals}} casas decimais",
  "Use an amount less than or equal to your balance: {{balance}} {{symbol}}":
    "Use um valor menor ou igual ao seu saldo: {{balance}} {{symbol}}",
  "Amount must be at least {{min}} {{symbol}}": "O valor deve ser de pelo menos {{min}} {{symbol}}",
  "Leave at least {{min}} {{symbol}} in your wallet, or send all of it with MAX":
    "Deixe pelo menos {{min}} {{symbol}} na sua carteira, ou envie tudo com MAX",
  "Your balance is empty. Deposit some {{symbol}} to your wallet first.":
    "Seu saldo está vazio. Primeiro deposite algum {{symbol}} na sua carteira.",
  "idempotency_key must be 8 to 100 letters, digits, '-' or '_'":
    "idempotency_key deve ter de 8 a 100 letras, dígitos, '-' ou '_'",
  "This idempotency_key was already used for another transfer":
    "Esta idempotency_key já foi usada para outra transferência",
  "The transaction was not accepted: {{reason}}": "A transação não foi aceita: {{reason}}",
  "Recipient is required": "O destinatário é obrigatório",
  "Pleae wait a few seconds until your tx is complete":
    "Aguarde alguns segundos até que sua transação seja concluída",
  "Saved the text to clipboard": "Texto copiado para a área de transferência",
} satisfies Dictionary;
