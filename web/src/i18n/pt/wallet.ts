import type { Dictionary } from "#client/i18n.ts";

// The wallet: the list of chains, a coin's page and chart, the send crypto dialog, and the
// messages of shared/src/schemas/wallet.ts (WALLET_MSG) that the dialog and the API show.
export default {
  "24 h change": "Variação em 24 h",
  "24h": "24 h",
  "A valid {{name}} address": "Um endereço de {{name}} válido",
  "A {{name}} address, or the username of someone on Agora":
    "Um endereço de {{name}} ou o nome de usuário de alguém no Agora",
  Address: "Endereço",
  Amount: "Valor",
  "Amount ({{symbol}})": "Valor ({{symbol}})",
  "Amount is required": "O valor é obrigatório",
  "Amount must be at least {{min}} {{symbol}}": "O valor deve ser de pelo menos {{min}} {{symbol}}",
  "Amount must be greater than 0": "O valor deve ser maior que 0",
  "At least {{min}} {{symbol}}": "Pelo menos {{min}} {{symbol}}",
  Back: "Voltar",
  "Back to the wallet": "Voltar à carteira",
  Balance: "Saldo",
  "Balance: {{balance}} {{symbol}}": "Saldo: {{balance}} {{symbol}}",
  "Balances and sending come back once the server's wallet settings are in place.":
    "Os saldos e os envios voltam quando o servidor tiver a carteira configurada.",
  "Bitcoin is not configured": "O Bitcoin não está configurado",
  "Check and confirm": "Confira e confirme",
  "Checking…": "Verificando…",
  Continue: "Continuar",
  Deposit: "Depositar",
  "Ethereum is not configured": "O Ethereum não está configurado",
  Explorer: "Explorador",
  Fee: "Taxa",
  "It goes to {{to}} and cannot be undone.": "Vai para {{to}} e não pode ser desfeito.",
  "Last 24 hours": "Últimas 24 horas",
  "Leave at least {{min}} {{symbol}} in your wallet, or send all of it with MAX":
    "Deixe pelo menos {{min}} {{symbol}} na sua carteira, ou envie tudo com MAX",
  MAX: "MÁX",
  "Maximum to send": "Máximo para enviar",
  "Must be a number": "Deve ser um número",
  "No prices for the last day yet.": "Ainda não há preços do último dia.",
  "Pleae wait a few seconds until your tx is complete":
    "Aguarde alguns segundos até que sua transação seja concluída",
  Price: "Preço",
  "Price and balance": "Preço e saldo",
  "Price unavailable": "Preço indisponível",
  "Prices are not configured": "Os preços não estão configurados",
  "Prices are not configured on this server.": "Os preços não estão configurados neste servidor.",
  Recipient: "Destinatário",
  "Recipient is required": "O destinatário é obrigatório",
  "Send the most you can (MAX)": "Enviar o máximo possível (MÁX)",
  "Send {{amount}} {{symbol}}?": "Enviar {{amount}} {{symbol}}?",
  "Send {{symbol}}": "Enviar {{symbol}}",
  "Sending is available only for Solana": "Os envios estão disponíveis apenas para Solana",
  "Sending…": "Enviando…",
  "Sends to @{{username}}": "Vai para @{{username}}",
  "Sent {{amount}} {{symbol}}.": "Você enviou {{amount}} {{symbol}}.",
  "Solana is not configured": "A Solana não está configurada",
  "The transaction was not accepted: {{reason}}": "A transação não foi aceita: {{reason}}",
  "The wallet is not configured on this server.": "A carteira não está configurada neste servidor.",
  "The {{chain}} network is not answering. Try again in a minute.":
    "A rede {{chain}} não está respondendo. Tente novamente em um minuto.",
  "This address is new on the network: the amount must cover the minimum an account holds.":
    "Este endereço é novo na rede: o valor deve cobrir o mínimo que uma conta mantém.",
  "This idempotency_key was already used for another transfer":
    "Este idempotency_key já foi usado para outra transferência",
  Total: "Total",
  "Unknown coin": "Moeda desconhecida",
  "Unsupported crypto symbol": "Símbolo de criptomoeda não suportado",
  "Use an amount less than or equal to your balance: {{balance}} {{symbol}}":
    "Use um valor menor ou igual ao seu saldo: {{balance}} {{symbol}}",
  "Use at most {{decimals}} decimals": "Use no máximo {{decimals}} casas decimais",
  "View transaction": "Ver transação",
  "Wallet is not configured": "A carteira não está configurada",
  "You can not send to yourself": "Você não pode enviar para si mesmo",
  "You can send up to {{amount}} BTC (fee {{fee}} BTC).":
    "Você pode enviar até {{amount}} BTC (taxa {{fee}} BTC).",
  "Your address": "Seu endereço",
  "Your balance is empty. Deposit some {{symbol}} to your wallet first.":
    "Seu saldo está vazio. Deposite algum {{symbol}} na sua carteira primeiro.",
  "Your wallet address: {{address}}": "O endereço da sua carteira: {{address}}",
  "idempotency_key must be 8 to 100 letters, digits, '-' or '_'":
    "idempotency_key deve ter de 8 a 100 letras, dígitos, '-' ou '_'",
  "{{name}} over the last 24 hours: from {{first}} to {{last}} ({{change}}), low {{low}}, high {{high}}.":
    "{{name}} nas últimas 24 horas: de {{first}} a {{last}} ({{change}}), mínimo {{low}}, máximo {{high}}.",
  "{{name}} wallet on the explorer": "Carteira de {{name}} no explorador",
  "{{value}} is invalid": "{{value}} é inválido",
} satisfies Dictionary;
