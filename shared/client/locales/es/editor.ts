import type { Dictionary } from "#client/i18n.ts";

// The rich text editor both sites use (shared/client/editor).
export default {
  "Write...": "Escribe...",
  "Uploading started... It can take a few seconds.": "Subida iniciada... Puede tardar unos segundos.",
  Formatting: "Formato",
  Bold: "Negrita",
  Italic: "Cursiva",
  Strikethrough: "Tachado",
  Heading: "Título",
  Subheading: "Subtítulo",
  "Bulleted list": "Lista con viñetas",
  "Numbered list": "Lista numerada",
  Quote: "Cita",
  "Code block": "Bloque de código",
  Link: "Enlace",
  "Add a picture": "Añadir una imagen",
  "Add a link": "Añadir un enlace",
  "Edit link": "Editar enlace",
  "Remove link": "Quitar enlace",
  "Unexpected error during upload: {{reason}}": "Error inesperado durante la subida: {{reason}}",
  "Describe the picture": "Describe la imagen",
  "What is in the picture, for people who use a screen reader.":
    "Qué hay en la imagen, para quienes usan un lector de pantalla.",
  Skip: "Omitir",
} satisfies Dictionary;
