import type { Dictionary } from "#client/i18n.ts";

export default {
  All: "Todas",
  "Mark all as read": "Marcar todo como leído",
  "Mark as read": "Marcar como leída",
  "No notifications yet": "Aún no hay notificaciones",
  "See all notifications": "Ver todas las notificaciones",
  Someone: "Alguien",
  Unread: "No leídas",
  "When someone follows you, mentions you or answers your posts, you will see it here.":
    "Cuando alguien te siga, te mencione o responda a tus publicaciones, lo verás aquí.",
  "Which notifications": "Qué notificaciones",
  "You are all caught up": "Estás al día",
  "{{name}} commented on your post": "{{name}} comentó tu publicación",
  "{{name}} joined Agora with your referral link": "{{name}} se unió a Agora con tu enlace de referido",
  "{{name}} mentioned you": "{{name}} te mencionó",
  "{{name}} posted in your community": "{{name}} publicó en tu comunidad",
  "{{name}} replied to your comment": "{{name}} respondió a tu comentario",
  "{{name}} started following you": "{{name}} empezó a seguirte",
  "{{name}} upvoted your post": "{{name}} votó tu publicación",
  "{{name}} ordered your service": "{{name}} pidió tu servicio",
  "Your membership payment failed. Your access stays until the paid period ends.":
    "El pago de tu membresía falló. Conservas el acceso hasta que termine el período pagado.",
  "This frame could not be read": "No se pudo leer este mensaje en vivo",
  "This live link has expired. Ask for a new one.": "Este enlace en vivo caducó. Pide uno nuevo.",
  "This tab already follows as many posts as it may": "Esta pestaña ya sigue tantas publicaciones como puede",
} satisfies Dictionary;
