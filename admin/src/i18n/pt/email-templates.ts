import type { Dictionary } from "#client/i18n.ts";

// The e-mail template screens (admin/src/features/email-templates).
export default {
  "New email template": "Novo modelo de e-mail",
  "Edit email template": "Editar modelo de e-mail",
  "There are no email templates yet.": "Ainda não há modelos de e-mail.",
  Subject: "Assunto",
  MJML: "MJML",
  Preview: "Pré-visualização",
  Actions: "Ações",
  Send: "Enviar",
  Lock: "Bloquear",
  Unlock: "Desbloquear",
  Locked: "Bloqueado",
  "Locked (cannot be deleted)": "Bloqueado (não pode ser excluído)",
  Sent: "Enviado",
  Delivered: "Entregues",
  "Not sent": "Não enviado",
  "Sent {{date}}": "Enviado em {{date}}",
  "Updated {{date}}": "Atualizado em {{date}}",
  Recipients: "Destinatários",
  Skipped: "Ignorados",
  Pending: "Pendentes",
  "Do you really want to send this?": "Você quer mesmo enviar isto?",
  "Save your changes before sending.": "Salve suas alterações antes de enviar.",
  "The email template was saved": "O modelo de e-mail foi salvo",
  "The template was locked": "O modelo foi bloqueado",
  "The template was unlocked": "O modelo foi desbloqueado",
  "This email was sent {{date}}; its subject and text can no longer change.":
    "Este e-mail foi enviado em {{date}}; seu assunto e seu texto não podem mais mudar.",
} satisfies Dictionary;
