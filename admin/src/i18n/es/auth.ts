import type { Dictionary } from "../../../../shared/client/i18n";

export default {
  "Agora Admin": "Agora Admin",
  "Staff sign in": "Acceso del personal",
  Username: "Nombre de usuario",
  Password: "Contraseña",
  "Log In": "Iniciar sesión",
  "Signing in…": "Iniciando sesión…",
  "Login failed.": "Error al iniciar sesión.",
  "Incorrect username or password.": "Nombre de usuario o contraseña incorrectos.",
  "Too many attempts. Try again in {{seconds}} seconds.":
    "Demasiados intentos. Vuelve a intentarlo en {{seconds}} segundos.",
  "Your session has expired. Please log in again.": "Tu sesión ha caducado. Inicia sesión de nuevo.",
  "Your password was updated. Please log in again.": "Tu contraseña fue actualizada. Inicia sesión de nuevo.",
  "The password is incorrect.": "La contraseña es incorrecta.",
  "The new password must be different from the old one.":
    "La nueva contraseña debe ser distinta de la anterior.",
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
  "Old password": "Contraseña actual",
  "New password": "Nueva contraseña",
  "Update password": "Actualizar contraseña",
  "Please wait…": "Espera…",
} satisfies Dictionary;
