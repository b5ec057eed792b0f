import type { Dictionary } from "#client/i18n.ts";

export default {
  "Agora Admin": "Agora Admin",
  "Staff sign in": "Acceso del personal",
  "Log In": "Iniciar sesión",
  "Signing in…": "Iniciando sesión…",
  "Admin menu for {{username}}": "Menú de administración de {{username}}",
  Account: "Cuenta",
  Profile: "Perfil",
  "Night Mode": "Modo nocturno",
  On: "Activado",
  Off: "Desactivado",
  "Upload image": "Subir imagen",
  "Uploading…": "Subiendo…",
  "Saved the link to clipboard": "Enlace copiado al portapapeles",
  "Log Out": "Cerrar sesión",
  Admin: "Admin",
  "Joined {{date}}": "Se unió el {{date}}",
  "The admin site's own theme, kept for your account.":
    "El tema propio del sitio de administración, guardado en tu cuenta.",
  "Change password": "Cambiar contraseña",
  "Every admin session, this one too, will be signed out.":
    "Se cerrarán todas las sesiones de administración, también esta.",
  "Update password": "Actualizar contraseña",
} satisfies Dictionary;
