import type { Dictionary } from "#client/i18n.ts";

// The account messages of shared/src/schemas/accounts.ts and the API details both
// SPAs show: the notices, the refusals and the waiting times.
export default {
  "The verification code will be sent to your email":
    "O código de verificação será enviado para o seu e-mail",
  "Your account was verified with the email": "Sua conta foi verificada com o e-mail",
  "An email with a new verification code will be sent":
    "Um e-mail com um novo código de verificação será enviado",
  "Email with a new password was sent. Please login with it.":
    "Um e-mail com uma nova senha foi enviado. Entre com ela.",
  "Your account will be deleted": "Sua conta será excluída",
  "Username is required to resend verification email":
    "O nome de usuário é necessário para reenviar o e-mail de verificação",
  "Login failed.": "Falha ao entrar.",
  "Incorrect username or password.": "Nome de usuário ou senha incorretos.",
  "Please verify your email first: enter the code we sent you.":
    "Verifique seu e-mail primeiro: digite o código que enviamos.",
  "This account is suspended.": "Esta conta está suspensa.",
  "This username is taken.": "Este nome de usuário já está em uso.",
  "This email is already registered.": "Este e-mail já está cadastrado.",
  "This verification code is not valid.": "Este código de verificação não é válido.",
  "This verification code has expired. Ask for a new one.":
    "Este código de verificação expirou. Peça um novo.",
  "This account is already verified. Please log in.": "Esta conta já está verificada. Entre.",
  "No account has this username.": "Nenhuma conta tem este nome de usuário.",
  "The password is incorrect.": "A senha está incorreta.",
  "The username does not match your account.": "O nome de usuário não corresponde à sua conta.",
  "This is already your email.": "Este já é o seu e-mail.",
  "The new password must be different from the old one.": "A nova senha deve ser diferente da anterior.",
  "Your email was updated. Please log in again.": "Seu e-mail foi atualizado. Entre novamente.",
  "Your password was updated. Please log in again.": "Sua senha foi atualizada. Entre novamente.",
  "If an account uses this email, a new password is on its way.":
    "Se uma conta usa este e-mail, uma nova senha está a caminho.",
  "Google sign-in is not configured": "O login com o Google não está configurado",
  "Verification code is too long": "O código de verificação é longo demais",
  "Your session has expired. Please log in again.": "Sua sessão expirou. Entre novamente.",
  "Too many attempts. Try again in {{seconds}} seconds.":
    "Tentativas demais. Tente novamente em {{seconds}} segundos.",
  "Wait {{seconds}} seconds before asking for a new code.":
    "Aguarde {{seconds}} segundos antes de pedir um novo código.",
} satisfies Dictionary;
