import type { Dictionary } from "../../../../shared/client/i18n";

export default {
  "Admin menu": "Menu de administração",
  Admins: "Administradores",
  "Email Templates": "Modelos de e-mail",
  Feedbacks: "Feedbacks",
  Files: "Arquivos",
  Users: "Usuários",
} satisfies Dictionary;
