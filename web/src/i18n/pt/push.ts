import type { Dictionary } from "#client/i18n.ts";

export default {
  "Chat messages": "Mensagens de chat",
  Communities: "Comunidades",
  Replies: "Respostas",
  "Comments on your posts": "Comentários nas suas publicações",
  "Moderation notices": "Avisos de moderação",
  "In the app": "No aplicativo",
  "Push on this device": "Push neste dispositivo",
  "E-mail": "E-mail",
  "Your browser blocks notifications from Agora. Allow them in the site settings, then try again.":
    "Seu navegador bloqueia as notificações do Agora. Permita-as nas configurações do site e tente de novo.",
  "This browser cannot receive push notifications.": "Este navegador não pode receber notificações push.",
  "While a tab of Agora is open, everything arrives in the app. When none is, a push reaches this device, and what you have not seen after a while arrives in one e-mail, at most one an hour.":
    "Enquanto uma aba do Agora estiver aberta, tudo chega no aplicativo. Quando nenhuma estiver, um push chega a este dispositivo, e o que você não viu depois de um tempo chega em um único e-mail, no máximo um por hora.",
  "Push notifications are not configured on this server.":
    "As notificações push não estão configuradas neste servidor.",
  "E-mail is not configured on this server.": "O e-mail não está configurado neste servidor.",
  "E-mail is sent only for mentions, replies, chat messages and moderation notices":
    "O e-mail só é enviado para menções, respostas, mensagens de chat e avisos de moderação",
  "No such subscription": "Essa inscrição não existe",
  "Push is not configured": "As notificações push não estão configuradas",
  "This unsubscribe link is not valid": "Este link de cancelamento não é válido",
  "is not a push service's address": "não é o endereço de um serviço push",
  "Language of pushes and e-mails": "Idioma das notificações push e dos e-mails",
  "Pushes and the e-mail of what you missed are written in":
    "As notificações push e o e-mail do que você perdeu são escritos em",
  "Language saved": "Idioma salvo",
} satisfies Dictionary;
