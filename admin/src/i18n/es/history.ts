import type { Dictionary } from "#client/i18n.ts";

// A reported post's or comment's edit history, and redacting a version.
export default {
  "Edit history": "Historial de ediciones",
  "Edit history of the post": "Historial de ediciones de la publicación",
  "Edit history of the comment": "Historial de ediciones del comentario",
  "No versions.": "No hay versiones.",
  "Versions, newest first": "Versiones, la más reciente primero",
  "Current text": "Texto actual",
  "Version {{n}}": "Versión {{n}}",
  "First written": "Primera redacción",
  "Redacted by staff.": "Borrada por el personal.",
  Redact: "Borrar texto",
  "Redact version {{n}}": "Borrar el texto de la versión {{n}}",
  "Redact this version? Its text is wiped for good and cannot be restored.":
    "¿Borrar el texto de esta versión? Se elimina para siempre y no se puede recuperar.",
  "The version was redacted.": "Se borró el texto de la versión.",
} satisfies Dictionary;
