import type { Dictionary } from "#client/i18n.ts";

export default {
  "Your data archive is ready to download for 7 days.":
    "Tu archivo de datos está listo para descargar durante 7 días.",
  "Get a copy of your posts, comments, chats, settings and media as a zip file.":
    "Obtén una copia de tus publicaciones, comentarios, chats, ajustes y archivos en un archivo zip.",
  "Your archive is being prepared. We will notify you and send an e-mail when it is ready.":
    "Estamos preparando tu archivo. Te avisaremos y te enviaremos un correo cuando esté listo.",
  "Your last archive could not be made. Please ask again.":
    "No se pudo crear tu último archivo. Vuelve a pedirlo.",
  "Your archive is ready. You can download it until {{time}}.":
    "Tu archivo está listo. Puedes descargarlo hasta {{time}}.",
  "Your last archive has expired.": "Tu último archivo ha caducado.",
  "Download your data": "Descarga tus datos",
  "Download archive": "Descargar archivo",
  "Request archive": "Pedir archivo",
  "Your data archive is still being prepared; you will be told when it is ready":
    "Tu archivo de datos aún se está preparando; te avisaremos cuando esté listo",
  "You can ask for one data archive a day; try again after 24 hours":
    "Puedes pedir un archivo de datos al día; inténtalo de nuevo pasadas 24 horas",
  "No data archive to download": "No hay ningún archivo de datos para descargar",
  "This data archive has expired; ask for a new one": "Este archivo de datos ha caducado; pide uno nuevo",
} satisfies Dictionary;
