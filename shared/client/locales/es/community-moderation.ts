import type { Dictionary } from "../../i18n-runtime";

// A community run by its people (shared/src/schemas/community-moderation.ts): the messages both
// sites may show.
export default {
  "A community has at most 15 rules": "Una comunidad tiene como máximo 15 reglas",
  "A community has at most 20 flairs": "Una comunidad tiene como máximo 20 etiquetas",
  "A community has at most 25 moderators": "Una comunidad tiene como máximo 25 moderadores",
  "A flair's name must be 24 characters or less": "El nombre de la etiqueta debe tener 24 caracteres o menos",
  "A rule's description must be 500 characters or less":
    "La descripción de una regla debe tener 500 caracteres o menos",
  "A rule's title must be 100 characters or less": "El título de una regla debe tener 100 caracteres o menos",
  "At most 2 posts can be pinned; unpin one first":
    "Se pueden fijar como máximo 2 publicaciones; desfija una primero",
  "Give the flair a name": "Dale un nombre a la etiqueta",
  "Give the rule a title": "Dale un título a la regla",
  "It is not removed": "No está retirado",
  "Keep the reason to 500 characters or less": "Usa 500 caracteres o menos para el motivo",
  "Only members of the community can be moderators":
    "Solo los miembros de la comunidad pueden ser moderadores",
  "Only this community's owner and moderators can change its rules":
    "Solo el dueño y los moderadores de esta comunidad pueden cambiar sus reglas",
  "Only this community's owner and moderators can do that":
    "Solo el dueño y los moderadores de esta comunidad pueden hacer eso",
  "Only this community's owner can appoint and dismiss moderators":
    "Solo el dueño de esta comunidad puede nombrar y destituir moderadores",
  "Send the rules as a JSON list of {title, description}":
    "Envía las reglas como una lista JSON de {title, description}",
  "That flair belongs to another community": "Esa etiqueta es de otra comunidad",
  "The community has a flair with that name": "La comunidad ya tiene una etiqueta con ese nombre",
  "The owner already moderates the community": "El dueño ya modera la comunidad",
  "The owner and moderators cannot be banned": "El dueño y los moderadores no pueden ser expulsados",
  "There is no such comment in this community": "No hay un comentario así en esta comunidad",
  "There is no such flair": "No existe esa etiqueta",
  "There is no such post in this community": "No hay una publicación así en esta comunidad",
  "There is nobody by that name": "No hay nadie con ese nombre",
  "They are a moderator already": "Ya es moderador",
  "They are not a moderator of this community": "No es moderador de esta comunidad",
  "They are not banned here": "No está expulsado aquí",
  "This community does not exist": "Esta comunidad no existe",
  "This post is locked: it takes no new comments":
    "Esta publicación está cerrada: no admite comentarios nuevos",
  "Use OPEN or RESOLVED": "Usa OPEN o RESOLVED",
  "Use POST or COMMENT": "Usa POST o COMMENT",
  "Use a colour like #3b82f6": "Usa un color como #3b82f6",
  "Use a whole number of days from 0 (until lifted) to 3650":
    "Usa un número entero de días de 0 (hasta que se levante) a 3650",
  "You are banned from this community until a moderator lifts the ban":
    "Estás expulsado de esta comunidad hasta que un moderador levante la expulsión",
  "You are banned from this community until {{date}}": "Estás expulsado de esta comunidad hasta el {{date}}",
} satisfies Dictionary;
