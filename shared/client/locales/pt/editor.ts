import type { Dictionary } from "#client/i18n.ts";

// The rich text editor both sites use (shared/client/editor).
export default {
  "Write...": "Escreva...",
  "Uploading started... It can take a few seconds.": "Envio iniciado... Pode levar alguns segundos.",
  Formatting: "Formatação",
  Bold: "Negrito",
  Italic: "Itálico",
  Strikethrough: "Tachado",
  Heading: "Título",
  Subheading: "Subtítulo",
  "Bulleted list": "Lista com marcadores",
  "Numbered list": "Lista numerada",
  Quote: "Citação",
  "Code block": "Bloco de código",
  Link: "Link",
  "Add a picture": "Adicionar uma imagem",
  "Add a link": "Adicionar um link",
  "Edit link": "Editar link",
  "Remove link": "Remover link",
  "Unexpected error during upload: {{reason}}": "Erro inesperado durante o envio: {{reason}}",
  "Describe the picture": "Descreva a imagem",
  "What is in the picture, for people who use a screen reader.":
    "O que há na imagem, para quem usa um leitor de tela.",
  Skip: "Pular",
} satisfies Dictionary;
