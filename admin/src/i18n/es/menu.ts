import type { Dictionary } from "#client/i18n.ts";

export default {
  "Admin menu": "Menú de administración",
  Admins: "Administradores",
  "Email Templates": "Plantillas de correo",
  Feedbacks: "Comentarios",
  Files: "Archivos",
  Users: "Usuarios",
  Audit: "Auditoría",
  Jobs: "Empleos",
} satisfies Dictionary;
