import type { Dictionary } from "#client/i18n.ts";

export default {
  "Chat messages": "Mensajes de chat",
  Communities: "Comunidades",
  Replies: "Respuestas",
  "Comments on your posts": "Comentarios en tus publicaciones",
  "Moderation notices": "Avisos de moderación",
  "In the app": "En la aplicación",
  "Push on this device": "Push en este dispositivo",
  "E-mail": "Correo electrónico",
  "Your browser blocks notifications from Agora. Allow them in the site settings, then try again.":
    "Tu navegador bloquea las notificaciones de Agora. Permítelas en la configuración del sitio y vuelve a intentarlo.",
  "This browser cannot receive push notifications.": "Este navegador no puede recibir notificaciones push.",
  "While a tab of Agora is open, everything arrives in the app. When none is, a push reaches this device, and what you have not seen after a while arrives in one e-mail, at most one an hour.":
    "Mientras tengas una pestaña de Agora abierta, todo llega a la aplicación. Si no hay ninguna, te llega un push a este dispositivo, y lo que no hayas visto al cabo de un rato llega en un solo correo, como mucho uno por hora.",
  "Push notifications are not configured on this server.":
    "Las notificaciones push no están configuradas en este servidor.",
  "E-mail is not configured on this server.": "El correo electrónico no está configurado en este servidor.",
  "E-mail is sent only for mentions, replies, chat messages and moderation notices":
    "El correo solo se envía para menciones, respuestas, mensajes de chat y avisos de moderación",
  "No such subscription": "No existe esa suscripción",
  "Push is not configured": "Las notificaciones push no están configuradas",
  "This unsubscribe link is not valid": "Este enlace para darse de baja no es válido",
  "is not a push service's address": "no es la dirección de un servicio push",
  "Language of pushes and e-mails": "Idioma de las notificaciones push y los correos",
  "Pushes and the e-mail of what you missed are written in":
    "Las notificaciones push y el correo de lo que te perdiste se escriben en",
  "Language saved": "Idioma guardado",
} satisfies Dictionary;
