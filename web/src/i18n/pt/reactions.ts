import type { Dictionary } from "#client/i18n.ts";

export default {
  "{{name}} reacted to what you wrote": "{{name}} reagiu ao que você escreveu",
  "{{name}} edited a post you commented on": "{{name}} editou uma publicação que você comentou",
  "thumbs up": "polegar para cima",
  "red heart": "coração vermelho",
  "tears of joy": "lágrimas de alegria",
  surprise: "surpresa",
  "crying face": "rosto chorando",
  "party popper": "confete",
  "folded hands": "mãos juntas",
  eyes: "olhos",
  "{{count}} person reacted with {{emoji}}": "{{count}} pessoa reagiu com {{emoji}}",
  "{{count}} people reacted with {{emoji}}": "{{count}} pessoas reagiram com {{emoji}}",
  "Add a reaction": "Adicionar uma reação",
  "Who reacted": "Quem reagiu",
  "Pick a reaction": "Escolha uma reação",
  "No reactions yet.": "Ainda não há reações.",
  Reactions: "Reações",
  "People who reacted with {{emoji}}": "Pessoas que reagiram com {{emoji}}",
  "Show more": "Mostrar mais",
} satisfies Dictionary;
