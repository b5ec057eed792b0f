import type { Dictionary } from "#client/i18n.ts";

export default {
  "Admin menu": "Menu de administração",
  Admins: "Administradores",
  "Email Templates": "Modelos de e-mail",
  Feedbacks: "Feedbacks",
  Files: "Arquivos",
  Users: "Usuários",
  Audit: "Auditoria",
  Jobs: "Vagas",
} satisfies Dictionary;
