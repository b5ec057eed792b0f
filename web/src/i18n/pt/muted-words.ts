import type { Dictionary } from "#client/i18n.ts";

export default {
  "Muted words": "Palavras silenciadas",
  Feeds: "Feeds",
  "New chats": "Novos chats",
  Forever: "Para sempre",
  "1 day": "1 dia",
  "7 days": "7 dias",
  "30 days": "30 dias",
  "Posts, comments, notifications and chats with these words are hidden from you.":
    "Publicações, comentários, notificações e chats com estas palavras ficam ocultos para você.",
  "Mute a word or phrase": "Silenciar uma palavra ou frase",
  "Word or phrase": "Palavra ou frase",
  "Whole word only": "Somente a palavra inteira",
  "Hide it in": "Ocultar em",
  "For how long": "Por quanto tempo",
  Mute: "Silenciar",
  "Your muted words": "Suas palavras silenciadas",
  "You have not muted anything.": "Você não silenciou nada.",
  "anywhere in a word": "em qualquer parte de uma palavra",
  "Never expires": "Não expira",
  Expired: "Expirada",
  "Until {{time}}": "Até {{time}}",
  "Unmute {{phrase}}": "Deixar de silenciar {{phrase}}",
  "Hidden by a muted word: {{phrase}}": "Oculto por uma palavra silenciada: {{phrase}}",
  Show: "Mostrar",
  "You can keep at most 100 muted phrases; remove one first":
    "Você pode ter no máximo 100 frases silenciadas; remova uma primeiro",
  "Muted phrase not found": "Frase silenciada não encontrada",
  "must be in the future": "deve estar no futuro",
  // Lists thinned by muted words
  "1 post hidden by your muted words": "1 publicação oculta pelas suas palavras silenciadas",
  "{{count}} posts hidden by your muted words":
    "{{count}} publicações ocultas pelas suas palavras silenciadas",
  "1 comment hidden by your muted words": "1 comentário oculto pelas suas palavras silenciadas",
  "{{count}} comments hidden by your muted words":
    "{{count}} comentários ocultos pelas suas palavras silenciadas",
  "1 result hidden by your muted words": "1 resultado oculto pelas suas palavras silenciadas",
  "{{count}} results hidden by your muted words":
    "{{count}} resultados ocultos pelas suas palavras silenciadas",
} satisfies Dictionary;
