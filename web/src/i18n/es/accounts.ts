import type { Dictionary } from "#client/i18n.ts";

export default {
  "Log In": "Iniciar sesión",
  "Sign Up": "Registrarse",
  "Verify your email": "Verifica tu correo",
  "Forgot password": "Olvidé mi contraseña",
  "Forgot password?": "¿Olvidaste tu contraseña?",
  "Update email": "Actualizar correo",
  "Update password": "Actualizar contraseña",
  "Delete account": "Eliminar cuenta",
  Username: "Nombre de usuario",
  Password: "Contraseña",
  Email: "Correo electrónico",
  "New email": "Nuevo correo",
  "Old password": "Contraseña actual",
  "New password": "Nueva contraseña",
  "Verification code": "Código de verificación",
  Verify: "Verificar",
  "Please wait…": "Espera…",
  "Continue with Google": "Continuar con Google",
  or: "o",
  "New to Agora?": "¿Nuevo en Agora?",
  "Already have an account?": "¿Ya tienes una cuenta?",
  "Back to Log In": "Volver a iniciar sesión",
  "Enter the verification code": "Escribe el código de verificación",
  "Your referrer is @{{username}}": "Tu referente es @{{username}}",
  "3 to 18 letters or digits.": "De 3 a 18 letras o dígitos.",
  "At least 6 characters.": "Al menos 6 caracteres.",
  "At least 6 characters. Every session will be signed out.":
    "Al menos 6 caracteres. Se cerrarán todas las sesiones.",
  "Copy it from the e-mail we sent you. It works for {{minutes}} minutes; ask for a new one below at any time.":
    "Cópialo del correo que te enviamos. Sirve durante {{minutes}} minutos; pide uno nuevo abajo cuando quieras.",
  "Didn't get it?": "¿No te llegó?",
  "Resend code": "Reenviar código",
  "Resend code in {{seconds}} s": "Reenviar código en {{seconds}} s",
  "Enter the e-mail of your account and we will send you a new password.":
    "Escribe el correo de tu cuenta y te enviaremos una nueva contraseña.",
  "Send me a new password": "Enviarme una nueva contraseña",
  "Your email now is {{email}}.": "Tu correo actual es {{email}}.",
  "You will be signed out and log in again.": "Se cerrará tu sesión y volverás a iniciarla.",
  "This cannot be undone.": "Esto no se puede deshacer.",
  "Your profile, e-mail and password are erased and every session ends. Type your username and password to confirm.":
    "Se borran tu perfil, tu correo y tu contraseña, y se cierran todas las sesiones. Escribe tu nombre de usuario y tu contraseña para confirmar.",
  "Type {{username}}": "Escribe {{username}}",
  "Welcome back to Agora": "Te damos la bienvenida de nuevo a Agora",
  "Join the communities you care about": "Únete a las comunidades que te importan",
  "One last step": "Un último paso",
  "Log in to see this page": "Inicia sesión para ver esta página",
  "We will e-mail a 6-digit code to the new address. You will be signed out and enter it next.":
    "Enviaremos un código de 6 dígitos a la nueva dirección. Se cerrará tu sesión y lo escribirás a continuación.",
  "Confirm your new email": "Confirma tu nuevo correo",
  "We sent a 6-digit code to this address. Enter it within 10 minutes to finish the change:":
    "Enviamos un código de 6 dígitos a esta dirección. Escríbelo en menos de 10 minutos para terminar el cambio:",
  "Log in to ask again": "Inicia sesión para pedirlo de nuevo",
  "6-digit code": "Código de 6 dígitos",
  "It works only in this browser. Until you enter it, your account keeps its old email.":
    "Solo funciona en este navegador. Hasta que lo escribas, tu cuenta conserva su correo anterior.",
  "Confirm email": "Confirmar correo",
  "Which account?": "¿Qué cuenta?",
  "This browser is signed in as @{{username}}.":
    "Este navegador tiene la sesión iniciada como @{{username}}.",
  "You signed in with Google as @{{username}}.": "Iniciaste sesión con Google como @{{username}}.",
  "Switch to @{{username}}": "Cambiar a @{{username}}",
  "Stay as @{{username}}": "Seguir como @{{username}}",
  "Finishing sign-in with Google…": "Terminando el inicio de sesión con Google…",
  "At least 6 characters, and not a common password.":
    "Al menos 6 caracteres, y que no sea una contraseña común.",
  "If this email already has an account, we e-mailed you how to log in instead of a code.":
    "Si este correo ya tiene una cuenta, te enviamos cómo iniciar sesión en lugar de un código.",
} satisfies Dictionary;
