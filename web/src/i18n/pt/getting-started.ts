import type { Dictionary } from "#client/i18n.ts";

// The Get started checklist and its account menu item.
export default {
  "Get started": "Primeiros passos",
  "{{done}} of 4 done": "{{done}} de 4 concluídos",
  "{{done}} of 4": "{{done}} de 4",
  "You are all set": "Está tudo pronto",
  done: "concluído",
  "to do": "a fazer",
  "Add a photo and your name": "Adicione uma foto e seu nome",
  "Join three communities": "Entre em três comunidades",
  "Follow three people": "Siga três pessoas",
  "{{count}} of {{goal}}": "{{count}} de {{goal}}",
  "Go to my feed": "Ir para o meu feed",
} satisfies Dictionary;
