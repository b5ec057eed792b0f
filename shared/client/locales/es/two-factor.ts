import type { Dictionary } from "#client/i18n.ts";

// Two-factor sign-in: the authenticator app, recovery codes, passkeys and step-up, in both SPAs,
// with the API's messages (shared/src/schemas/two-factor.ts).
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
  "Added in the last 24 hours": "Añadida en las últimas 24 horas",
  "Added {{date}} from {{where}}": "Añadida el {{date}} desde {{where}}",
  "Added {{date}}": "Añadida el {{date}}",
  "Also remove the passkeys added in the last 24 hours: {{names}}":
    "Quitar también las llaves de acceso añadidas en las últimas 24 horas: {{names}}",
  "Choose a new password": "Elige una contraseña nueva",
  "Confirm it is you: enter your password again.": "Confirma que eres tú: vuelve a escribir tu contraseña.",
  "Do this if you did not add them yourself.": "Hazlo si no las añadiste tú.",
  "Ends every session on every device, this one too.":
    "Cierra todas las sesiones en todos los dispositivos, también esta.",
  "Enter your password again to make this change.": "Vuelve a escribir tu contraseña para hacer este cambio.",
  "Last used {{date}}": "Último uso: {{date}}",
  "Make new recovery codes": "Crear códigos de recuperación nuevos",
  "Never used": "Nunca usada",
  "New recovery codes were made. The old ones no longer work.":
    "Se crearon códigos de recuperación nuevos. Los anteriores ya no sirven.",
  "New recovery codes. The old ones no longer work":
    "Códigos de recuperación nuevos. Los anteriores ya no sirven",
  "Save and log in": "Guardar e iniciar sesión",
  "Sign out everywhere": "Cerrar sesión en todas partes",
  "Sign out of every device": "Cerrar sesión en todos los dispositivos",
  "This sign-in took too long. Please log in with the e-mailed password again.":
    "Este inicio de sesión tardó demasiado. Vuelve a entrar con la contraseña que te enviamos por correo.",
  "You signed in with a temporary password. Choose a new password to continue.":
    "Entraste con una contraseña temporal. Elige una contraseña nueva para continuar.",
  "You were signed out everywhere. Please log in again.":
    "Se cerró tu sesión en todas partes. Vuelve a iniciar sesión.",
  "Your account has two-factor sign-in: confirm with a code from your app or a passkey.":
    "Tu cuenta tiene inicio de sesión en dos pasos: confirma con un código de tu app o una llave de acceso.",
  Copy: "Copiar",
  Download: "Descargar",
  "Copied.": "Copiado.",
  "Agora recovery codes": "Códigos de recuperación de Agora",
  "The passkey request was cancelled.": "Se canceló la solicitud de la llave de acceso.",
  "No passkey was used: the request was cancelled, timed out, or this device has no passkey for Agora.":
    "No se usó ninguna llave de acceso: la solicitud se canceló, caducó o este dispositivo no tiene una llave de acceso para Agora.",
  "No passkey was made: the request was cancelled or timed out.":
    "No se creó ninguna llave de acceso: la solicitud se canceló o caducó.",
  "This device already holds a passkey for your account.":
    "Este dispositivo ya tiene una llave de acceso para tu cuenta.",
  "Passkeys do not work on this address.": "Las llaves de acceso no funcionan en esta dirección.",
  "This device cannot make the kind of passkey Agora needs.":
    "Este dispositivo no puede crear el tipo de llave de acceso que Agora necesita.",
  "The passkey did not work. Try again, or use your code instead.":
    "La llave de acceso no funcionó. Inténtalo de nuevo o usa tu código.",
} satisfies Dictionary;
