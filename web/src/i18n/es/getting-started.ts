import type { Dictionary } from "#client/i18n.ts";

// The Get started checklist and its account menu item.
export default {
  "Get started": "Primeros pasos",
  "{{done}} of 4 done": "{{done}} de 4 hechos",
  "{{done}} of 4": "{{done}} de 4",
  "You are all set": "Ya está todo listo",
  done: "hecho",
  "to do": "pendiente",
  "Add a photo and your name": "Añade una foto y tu nombre",
  "Join three communities": "Únete a tres comunidades",
  "Follow three people": "Sigue a tres personas",
  "{{count}} of {{goal}}": "{{count}} de {{goal}}",
  "Go to my feed": "Ir a mi feed",
} satisfies Dictionary;
