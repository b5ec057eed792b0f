import type { Dictionary } from "#client/i18n.ts";

// The account messages of shared/src/schemas/accounts.ts and the API details both
// SPAs show: the notices, the refusals and the waiting times.
export default {
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
  "We sent a 6-digit code to your new email. Enter it to finish the change.":
    "Enviamos un código de 6 dígitos a tu nuevo correo. Escríbelo para terminar el cambio.",
  "Enter the 6 digits we e-mailed you.": "Escribe los 6 dígitos que te enviamos por correo.",
  "No email change is waiting in this browser. Ask for it again.":
    "No hay ningún cambio de correo pendiente en este navegador. Vuelve a pedirlo.",
  "Too many wrong codes. Ask for the email change again.":
    "Demasiados códigos incorrectos. Vuelve a pedir el cambio de correo.",
  "This sign-in link has expired or was already used. Please sign in again.":
    "Este enlace de inicio de sesión caducó o ya se usó. Inicia sesión de nuevo.",
  "Google sign-in was cancelled.": "Se canceló el inicio de sesión con Google.",
  "Google has not verified this email address.": "Google no ha verificado esta dirección de correo.",
  "This password is too common. Choose one that is harder to guess.":
    "Esta contraseña es demasiado común. Elige una más difícil de adivinar.",
} satisfies Dictionary;
