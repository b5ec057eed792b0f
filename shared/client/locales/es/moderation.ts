import type { Dictionary } from "../../i18n-runtime";

// Moderation both sites show: the messages of shared/src/schemas/moderation.ts, a trust limit's
// sentence and a suspended person's sign-in.
export default {
  "Say what happened in at least 40 characters": "Cuenta lo que pasó en al menos 40 caracteres",
  "Keep it to 1000 characters or less": "Usa 1000 caracteres o menos",
  "There is no such decision about you": "No hay ninguna decisión así sobre ti",
  "You already appealed this decision": "Ya apelaste esta decisión",
  "This decision was already reversed": "Esta decisión ya fue revertida",
  "Your appeal was sent. Staff will answer it here.":
    "Tu apelación fue enviada. El equipo la responderá aquí.",
  "This appeal does not exist": "Esta apelación no existe",
  "This appeal was already decided": "Esta apelación ya fue decidida",
  "The appeal was decided": "La apelación fue decidida",
  "Use OPEN or DECIDED": "Usa OPEN o DECIDED",
  "Use UPHOLD or REVERSE": "Usa UPHOLD o REVERSE",
  "Use 0, 1 or 2": "Usa 0, 1 o 2",
  "The trust level was set": "Se fijó el nivel de confianza",
  "Must be a positive whole number": "Debe ser un número entero positivo",
  "Must be 500 characters or less": "Debe tener 500 caracteres o menos",
  "New accounts": "Las cuentas nuevas",
  "Accounts with fewer than 3 posts and comments": "Las cuentas con menos de 3 publicaciones y comentarios",
  "Accounts with a recent upheld report": "Las cuentas con una denuncia confirmada reciente",
  Members: "Los miembros",
  "publish {{max}} posts": "publicar {{max}} publicaciones",
  "write {{max}} comments": "escribir {{max}} comentarios",
  "start {{max}} conversations": "iniciar {{max}} conversaciones",
  "create {{max}} communities": "crear {{max}} comunidades",
  "upload {{max}} files": "subir {{max}} archivos",
  "send {{max}} reports": "enviar {{max}} denuncias",
  "post {{max}} jobs": "publicar {{max}} empleos",
  "offer {{max}} services": "ofrecer {{max}} servicios",
  "follow or block {{max}} times": "seguir o bloquear {{max}} veces",
  Regulars: "Los habituales",
  "edit posts and comments {{max}} times": "editar publicaciones y comentarios {{max}} veces",
  "react {{max}} times": "reaccionar {{max}} veces",
  "{{who}} can {{doing}} an hour; more from {{time}}.":
    "{{who}} pueden {{doing}} por hora; más a partir de las {{time}}.",
  "{{who}} can {{doing}} a day; more from {{date}}.":
    "{{who}} pueden {{doing}} al día; más a partir del {{date}}.",
  "Reason: {{cause}}.": "Motivo: {{cause}}.",
  "Staff note: {{note}}": "Nota del equipo: {{note}}",
  "It ends on {{date}}.": "Termina el {{date}}.",
  "It has no end date.": "No tiene fecha de fin.",
  "{{who}} can {{doing}} a day.": "{{who}} pueden {{doing}} al día.",
  "You can try again on {{time}}.": "Podrás volver a intentarlo el {{time}}.",
  "Your daily allowance grows on {{date}}.": "Tu cupo diario crece el {{date}}.",
  "Your daily allowance grows once you have written 3 posts and comments.":
    "Tu cupo diario crece cuando hayas escrito 3 publicaciones y comentarios.",
  "Your daily allowance grows 30 days after the upheld report.":
    "Tu cupo diario crece 30 días después del reporte confirmado.",
  "Regulars (30 days and 50 posts and comments) have no daily allowance.":
    "Los habituales (30 días y 50 publicaciones y comentarios) no tienen cupo diario.",
} satisfies Dictionary;
