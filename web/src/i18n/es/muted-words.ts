import type { Dictionary } from "#client/i18n.ts";

export default {
  "Muted words": "Palabras silenciadas",
  Feeds: "Feeds",
  "New chats": "Chats nuevos",
  Forever: "Para siempre",
  "1 day": "1 día",
  "7 days": "7 días",
  "30 days": "30 días",
  "Posts, comments, notifications and chats with these words are hidden from you.":
    "Las publicaciones, comentarios, notificaciones y chats con estas palabras se te ocultan.",
  "Mute a word or phrase": "Silenciar una palabra o frase",
  "Word or phrase": "Palabra o frase",
  "Whole word only": "Solo la palabra completa",
  "Hide it in": "Ocultarla en",
  "For how long": "Durante cuánto tiempo",
  Mute: "Silenciar",
  "Your muted words": "Tus palabras silenciadas",
  "You have not muted anything.": "No has silenciado nada.",
  "anywhere in a word": "en cualquier parte de una palabra",
  "Never expires": "No caduca",
  Expired: "Caducada",
  "Until {{time}}": "Hasta {{time}}",
  "Unmute {{phrase}}": "Dejar de silenciar {{phrase}}",
  "Hidden by a muted word: {{phrase}}": "Oculto por una palabra silenciada: {{phrase}}",
  Show: "Mostrar",
  "You can keep at most 100 muted phrases; remove one first":
    "Puedes tener como máximo 100 frases silenciadas; elimina una primero",
  "Muted phrase not found": "No se encontró la frase silenciada",
  "must be in the future": "debe estar en el futuro",
  // Lists thinned by muted words
  "1 post hidden by your muted words": "1 publicación oculta por tus palabras silenciadas",
  "{{count}} posts hidden by your muted words":
    "{{count}} publicaciones ocultas por tus palabras silenciadas",
  "1 comment hidden by your muted words": "1 comentario oculto por tus palabras silenciadas",
  "{{count}} comments hidden by your muted words":
    "{{count}} comentarios ocultos por tus palabras silenciadas",
  "1 result hidden by your muted words": "1 resultado oculto por tus palabras silenciadas",
  "{{count}} results hidden by your muted words": "{{count}} resultados ocultos por tus palabras silenciadas",
} satisfies Dictionary;
