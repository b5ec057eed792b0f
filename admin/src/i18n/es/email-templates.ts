import type { Dictionary } from "#client/i18n.ts";

// The e-mail template screens (admin/src/features/email-templates).
export default {
  "New email template": "Nueva plantilla de correo",
  "Edit email template": "Editar plantilla de correo",
  "There are no email templates yet.": "Todavía no hay plantillas de correo.",
  Subject: "Asunto",
  MJML: "MJML",
  Preview: "Vista previa",
  Actions: "Acciones",
  Send: "Enviar",
  Lock: "Bloquear",
  Unlock: "Desbloquear",
  Locked: "Bloqueada",
  "Locked (cannot be deleted)": "Bloqueada (no se puede eliminar)",
  Sent: "Enviada",
  Delivered: "Entregados",
  "Not sent": "Sin enviar",
  "Sent {{date}}": "Enviada el {{date}}",
  "Updated {{date}}": "Actualizada el {{date}}",
  Recipients: "Destinatarios",
  Skipped: "Omitidos",
  Pending: "Pendientes",
  "Do you really want to send this?": "¿Seguro que quieres enviar esto?",
  "Save your changes before sending.": "Guarda tus cambios antes de enviar.",
  "The email template was saved": "Se guardó la plantilla de correo",
  "The template was locked": "Se bloqueó la plantilla",
  "The template was unlocked": "Se desbloqueó la plantilla",
  "This email was sent {{date}}; its subject and text can no longer change.":
    "Este correo se envió el {{date}}; su asunto y su texto ya no pueden cambiar.",
} satisfies Dictionary;
