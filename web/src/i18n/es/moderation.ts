import type { Dictionary } from "#client/i18n.ts";

export default {
  "A decision by staff about you": "Una decisión del equipo sobre ti",
  "Staff removed your post": "El equipo retiró tu publicación",
  "Staff removed your comment": "El equipo retiró tu comentario",
  "Staff suspended your account": "El equipo suspendió tu cuenta",
  "Staff restored your post": "El equipo restauró tu publicación",
  "Staff restored your comment": "El equipo restauró tu comentario",
  "Staff lifted your suspension": "El equipo levantó tu suspensión",
  "Your appeal was accepted.": "Tu apelación fue aceptada.",
  "Your appeal was turned down.": "Tu apelación fue rechazada.",
  Appeal: "Apelar",
  "Appeal this decision": "Apelar esta decisión",
  "Tell staff why the decision should change. You can appeal each decision once.":
    "Dile al equipo por qué la decisión debería cambiar. Puedes apelar cada decisión una vez.",
  "Send appeal": "Enviar apelación",
  "Your appeal": "Tu apelación",
  "What should staff know that they did not?": "¿Qué debería saber el equipo que no sabía?",
  "You appealed": "Apelaste",
  "Removed by staff": "Retirada por el equipo",
  "Only you can see this page. Your post is hidden from everyone else while this decision stands.":
    "Solo tú ves esta página. Tu publicación está oculta para los demás mientras esta decisión siga en pie.",
  "Post not found": "Publicación no encontrada",
  "It may have been deleted by its author or removed by staff, or the link may be wrong.":
    "Puede que su autor la haya borrado o que el equipo la haya retirado, o que el enlace esté mal.",
} satisfies Dictionary;
