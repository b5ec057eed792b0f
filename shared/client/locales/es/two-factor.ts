import type { Dictionary } from "#client/i18n.ts";

// Two-factor sign-in: the authenticator app, recovery codes, passkeys and step-up, in both SPAs,
// with the API's messages (shared/src/schemas/mfa.ts).
export default {
  "Authenticator app": "App de autenticación",
  "Add a passkey": "Añadir una llave de acceso",
  "Code from your authenticator app": "Código de tu app de autenticación",
  "Confirm it is you": "Confirma que eres tú",
  Confirm: "Confirmar",
  Cancel: "Cancelar",
  Remove: "Quitar",
  Verify: "Verificar",
  "Loading…": "Cargando…",
  Password: "Contraseña",
  "Each one signs you in once if you lose your phone. They are shown only now.":
    "Cada uno te permite iniciar sesión una vez si pierdes tu teléfono. Solo se muestran ahora.",
  "Enter a code from your authenticator app or use a passkey.":
    "Introduce un código de tu app de autenticación o usa una llave de acceso.",
  "I have saved my recovery codes": "Ya guardé mis códigos de recuperación",
  "Lost your phone? Use a recovery code": "¿Perdiste tu teléfono? Usa un código de recuperación",
  "Off. Sign-in asks only for your password.": "Desactivada. Al iniciar sesión solo se pide tu contraseña.",
  "On. {{count}} recovery codes left.": "Activada. Quedan {{count}} códigos de recuperación.",
  "Or type this key:": "O escribe esta clave:",
  "Passkey added.": "Llave de acceso añadida.",
  Passkeys: "Llaves de acceso",
  "QR code for your authenticator app": "Código QR para tu app de autenticación",
  "Recovery code": "Código de recuperación",
  "Recovery codes": "Códigos de recuperación",
  "Remove passkey {{name}}": "Quitar la llave de acceso {{name}}",
  "Scan this QR code with your authenticator app, then enter the code it shows.":
    "Escanea este código QR con tu app de autenticación y luego introduce el código que muestra.",
  "Set up two-factor sign-in": "Configura el inicio de sesión en dos pasos",
  "Set up": "Configurar",
  "Sign in with a passkey": "Iniciar sesión con una llave de acceso",
  "Sign in with your fingerprint, face or screen lock instead of a password.":
    "Inicia sesión con tu huella, tu cara o el bloqueo de pantalla en lugar de una contraseña.",
  "Turn off two-factor sign-in": "Desactivar el inicio de sesión en dos pasos",
  "Turn off": "Desactivar",
  "Turn on": "Activar",
  "Two-factor code": "Código de dos pasos",
  "Two-factor sign-in is on. Keep these recovery codes":
    "El inicio de sesión en dos pasos está activado. Guarda estos códigos de recuperación",
  "Two-factor sign-in": "Inicio de sesión en dos pasos",
  "Use a code from your app": "Usar un código de tu app",
  "Use a passkey": "Usar una llave de acceso",
  "Your passkeys": "Tus llaves de acceso",
  "Enter the 6-digit code from your authenticator app.":
    "Introduce el código de 6 dígitos de tu app de autenticación.",
  "This code is not right, or it was already used. Wait for the next one.":
    "Este código no es correcto o ya se usó. Espera al siguiente.",
  "This recovery code is not right, or it was already used.":
    "Este código de recuperación no es correcto o ya se usó.",
  "Enter a code from your app or a recovery code.":
    "Introduce un código de tu app o un código de recuperación.",
  "This sign-in took too long. Please enter your password again.":
    "Este inicio de sesión tardó demasiado. Vuelve a introducir tu contraseña.",
  "Start the set-up first: scan the QR code, then enter a code.":
    "Primero inicia la configuración: escanea el código QR y luego introduce un código.",
  "Two-factor sign-in is already on.": "El inicio de sesión en dos pasos ya está activado.",
  "Two-factor sign-in is not on.": "El inicio de sesión en dos pasos no está activado.",
  "Confirm it is you: enter a code from your authenticator app or use a passkey.":
    "Confirma que eres tú: introduce un código de tu app de autenticación o usa una llave de acceso.",
  "Staff must turn on two-factor sign-in before doing anything else.":
    "El personal debe activar el inicio de sesión en dos pasos antes de hacer cualquier otra cosa.",
  "This passkey could not be checked. Try again.":
    "No se pudo comprobar esta llave de acceso. Inténtalo de nuevo.",
  "This passkey is not registered here.": "Esta llave de acceso no está registrada aquí.",
  "No such passkey.": "No existe esa llave de acceso.",
  "This passkey request expired. Try again.": "Esta solicitud de llave de acceso caducó. Inténtalo de nuevo.",
  "Two-factor sign-in is off.": "El inicio de sesión en dos pasos está desactivado.",
  "The passkey was removed.": "Se quitó la llave de acceso.",
} satisfies Dictionary;
