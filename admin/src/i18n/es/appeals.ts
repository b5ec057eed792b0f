import type { Dictionary } from "#client/i18n.ts";

// The admin Appeals screen and the trust level on a person's page.
export default {
  Appeals: "Apelaciones",
  Decided: "Decididas",
  "Uphold: keep the decision": "Confirmar: mantener la decisión",
  "Reverse: restore the content or lift the suspension":
    "Revertir: restaurar el contenido o levantar la suspensión",
  "Removed the post or comment": "Retiró la publicación o el comentario",
  "Suspended the person": "Suspendió a la persona",
  "Hidden from the site": "Oculto en el sitio",
  "Shown on the site": "Visible en el sitio",
  "Decide this appeal": "Decidir esta apelación",
  Decision: "Decisión",
  Decide: "Decidir",
  "What the person reads with the decision": "Lo que la persona lee junto con la decisión",
  "No open appeals. All clear.": "No hay apelaciones abiertas. Todo en orden.",
  "No decided appeals yet.": "Aún no hay apelaciones decididas.",
  "Trust level": "Nivel de confianza",
  New: "Nuevo",
  Member: "Miembro",
  Regular: "Habitual",
  "Set by staff: it no longer changes by itself.": "Fijado por el equipo: ya no cambia por sí solo.",
  "Worked out from age, contributions and upheld reports.":
    "Calculado a partir de la antigüedad, las contribuciones y las denuncias confirmadas.",
} satisfies Dictionary;
