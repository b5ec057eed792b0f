import type { Dictionary } from "../../../../shared/client/i18n";

export default {
  "Admin menu": "Menú de administración",
  Admins: "Administradores",
  "Email Templates": "Plantillas de correo",
  Feedbacks: "Comentarios",
  Files: "Archivos",
  Users: "Usuarios",
} satisfies Dictionary;
