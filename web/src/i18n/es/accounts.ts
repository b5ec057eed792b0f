import type { Dictionary } from "../../../../shared/client/i18n";

export default {
  // Notices and details of the account flows (shared/src/schemas/accounts.ts, part 2 §8).
  "The verification code will be sent to your email": "El código de verificación se enviará a tu correo",
  "Your account was verified with the email": "Tu cuenta fue verificada con el correo",
  "An email with a new verification code will be sent":
    "Se enviará un correo con un nuevo código de verificación",
  "Email with a new password was sent. Please login with it.":
    "Se envió un correo con una nueva contraseña. Inicia sesión con ella.",
  "Your account will be deleted": "Tu cuenta será eliminada",
  "Username is required to resend verification email":
    "Se necesita el nombre de usuario para reenviar el correo de verificación",
  "Login failed.": "Error al iniciar sesión.",
  "Incorrect username or password.": "Nombre de usuario o contraseña incorrectos.",
  "Please verify your email first: enter the code we sent you.":
    "Primero verifica tu correo: escribe el código que te enviamos.",
  "This account is suspended.": "Esta cuenta está suspendida.",
  "This username is taken.": "Este nombre de usuario ya está en uso.",
  "This email is already registered.": "Este correo ya está registrado.",
  "This verification code is not valid.": "Este código de verificación no es válido.",
  "This verification code has expired. Ask for a new one.":
    "Este código de verificación ha caducado. Pide uno nuevo.",
  "This account is already verified. Please log in.": "Esta cuenta ya está verificada. Inicia sesión.",
  "No account has this username.": "Ninguna cuenta tiene este nombre de usuario.",
  "The password is incorrect.": "La contraseña es incorrecta.",
  "The username does not match your account.": "El nombre de usuario no coincide con tu cuenta.",
  "This is already your email.": "Este ya es tu correo.",
  "The new password must be different from the old one.":
    "La nueva contraseña debe ser distinta de la anterior.",
  "Your email was updated. Please log in again.": "Tu correo fue actualizado. Inicia sesión de nuevo.",
  "Your password was updated. Please log in again.": "Tu contraseña fue actualizada. Inicia sesión de nuevo.",
  "If an account uses this email, a new password is on its way.":
    "Si una cuenta usa este correo, una nueva contraseña va en camino.",
  "Google sign-in is not configured": "El inicio de sesión con Google no está configurado",
  "Verification code is too long": "El código de verificación es demasiado largo",
  "Your session has expired. Please log in again.": "Tu sesión ha caducado. Inicia sesión de nuevo.",
  "Too many attempts. Try again in {{seconds}} seconds.":
    "Demasiados intentos. Vuelve a intentarlo en {{seconds}} segundos.",
  "Wait {{seconds}} seconds before asking for a new code.":
    "Espera {{seconds}} segundos antes de pedir un nuevo código.",
  // Forms and pages.
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
  "Copy it from the e-mail we sent you.": "Cópialo del correo que te enviamos.",
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
} satisfies Dictionary;
