import type { Dictionary } from "#client/i18n.ts";

// The staff member's Security page: the authenticator app and passkeys.
export default {
  Security: "Seguridad",
  "Staff keep the authenticator app on.": "El personal mantiene activada la app de autenticación.",
  "A passkey signs you in to the admin site on its own, without the password or a code.":
    "Una llave de acceso te permite entrar al sitio de administración por sí sola, sin la contraseña ni un código.",
  "No passkeys yet.": "Todavía no hay llaves de acceso.",
  "Added {{date}}": "Añadida el {{date}}",
  "Last used {{date}}": "Usada por última vez el {{date}}",
  "Never used": "Nunca usada",
  "Passkey name (optional)": "Nombre de la llave de acceso (opcional)",
  "Remove the passkey {{name}}? It will no longer sign in.":
    "¿Quitar la llave de acceso {{name}}? Ya no podrá iniciar sesión.",
} satisfies Dictionary;
