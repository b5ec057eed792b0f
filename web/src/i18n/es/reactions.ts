import type { Dictionary } from "#client/i18n.ts";

export default {
  "{{name}} reacted to what you wrote": "{{name}} reaccionó a lo que escribiste",
  "{{name}} edited a post you commented on": "{{name}} editó una publicación que comentaste",
  "thumbs up": "pulgar arriba",
  "red heart": "corazón rojo",
  "tears of joy": "lágrimas de alegría",
  surprise: "sorpresa",
  "crying face": "cara llorando",
  "party popper": "cotillón",
  "folded hands": "manos juntas",
  eyes: "ojos",
  "{{count}} person reacted with {{emoji}}": "{{count}} persona reaccionó con {{emoji}}",
  "{{count}} people reacted with {{emoji}}": "{{count}} personas reaccionaron con {{emoji}}",
  "Add a reaction": "Añadir una reacción",
  "Who reacted": "Quién reaccionó",
  "Pick a reaction": "Elige una reacción",
  "No reactions yet.": "Todavía no hay reacciones.",
  Reactions: "Reacciones",
  "People who reacted with {{emoji}}": "Personas que reaccionaron con {{emoji}}",
  "Show more": "Mostrar más",
} satisfies Dictionary;
