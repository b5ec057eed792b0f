import type { Dictionary } from "#client/i18n.ts";

// The wallet screens: the list of chains, a coin's page and chart, the send crypto dialog. The API's
// messages (WALLET_MSG) are translated in shared/client/locales/*/wallet.ts.
export default {
  "24 h change": "Variação em 24 h",
  "24h": "24 h",
  "A valid {{name}} address": "Um endereço de {{name}} válido",
  "A {{name}} address, or the username of someone on Agora":
    "Um endereço de {{name}} ou o nome de usuário de alguém no Agora",
  Address: "Endereço",
  Amount: "Valor",
  "Amount ({{symbol}})": "Valor ({{symbol}})",
  "At least {{min}} {{symbol}}": "Pelo menos {{min}} {{symbol}}",
  Back: "Voltar",
  "Back to the wallet": "Voltar à carteira",
  Balance: "Saldo",
  "Balance: {{balance}} {{symbol}}": "Saldo: {{balance}} {{symbol}}",
  "Balances and sending come back once the server's wallet settings are in place.":
    "Os saldos e os envios voltam quando o servidor tiver a carteira configurada.",
  "Check and confirm": "Confira e confirme",
  "Checking…": "Verificando…",
  Continue: "Continuar",
  Deposit: "Depositar",
  Explorer: "Explorador",
  Fee: "Taxa",
  "It goes to {{to}} and cannot be undone.": "Vai para {{to}} e não pode ser desfeito.",
  "Last 24 hours": "Últimas 24 horas",
  MAX: "MÁX",
  "Maximum to send": "Máximo para enviar",
  "No prices for the last day yet.": "Ainda não há preços do último dia.",
  Price: "Preço",
  "Price and balance": "Preço e saldo",
  "Price unavailable": "Preço indisponível",
  "Prices are not configured on this server.": "Os preços não estão configurados neste servidor.",
  Recipient: "Destinatário",
  "Send the most you can (MAX)": "Enviar o máximo possível (MÁX)",
  "Send {{amount}} {{symbol}}?": "Enviar {{amount}} {{symbol}}?",
  "Send {{symbol}}": "Enviar {{symbol}}",
  "Sending…": "Enviando…",
  "Sends to @{{username}}": "Vai para @{{username}}",
  "Sent {{amount}} {{symbol}}.": "Você enviou {{amount}} {{symbol}}.",
  "The wallet is not configured on this server.": "A carteira não está configurada neste servidor.",
  "This address is new on the network: the amount must cover the minimum an account holds.":
    "Este endereço é novo na rede: o valor deve cobrir o mínimo que uma conta mantém.",
  Total: "Total",
  "View transaction": "Ver transação",
  "You can send up to {{amount}} BTC (fee {{fee}} BTC).":
    "Você pode enviar até {{amount}} BTC (taxa {{fee}} BTC).",
  "Your address": "Seu endereço",
  "Your wallet address: {{address}}": "O endereço da sua carteira: {{address}}",
  "{{name}} over the last 24 hours: from {{first}} to {{last}} ({{change}}), low {{low}}, high {{high}}.":
    "{{name}} nas últimas 24 horas: de {{first}} a {{last}} ({{change}}), mínimo {{low}}, máximo {{high}}.",
  "{{name}} wallet on the explorer": "Carteira de {{name}} no explorador",
} satisfies Dictionary;
