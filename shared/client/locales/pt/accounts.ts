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
  "We sent a 6-digit code to your new email. Enter it to finish the change.":
    "Enviamos um código de 6 dígitos para o seu novo e-mail. Digite-o para concluir a troca.",
  "Enter the 6 digits we e-mailed you.": "Digite os 6 dígitos que enviamos por e-mail.",
  "No email change is waiting in this browser. Ask for it again.":
    "Nenhuma troca de e-mail está pendente neste navegador. Peça de novo.",
  "Too many wrong codes. Ask for the email change again.":
    "Códigos errados demais. Peça a troca de e-mail de novo.",
  "This sign-in link has expired or was already used. Please sign in again.":
    "Este link de acesso expirou ou já foi usado. Entre de novo.",
  "Google sign-in was cancelled.": "O acesso com o Google foi cancelado.",
  "Google has not verified this email address.": "O Google não verificou este endereço de e-mail.",
  "This password is too common. Choose one that is harder to guess.":
    "Esta senha é comum demais. Escolha uma mais difícil de adivinhar.",
} satisfies Dictionary;
