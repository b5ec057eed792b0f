import type { Dictionary } from "../../../../shared/client/i18n";

export default {
  // Notices and details of the account flows (shared/src/schemas/accounts.ts, part 2 §8).
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
  // Forms and pages.
  "Log In": "Entrar",
  "Sign Up": "Cadastrar-se",
  "Verify your email": "Verifique seu e-mail",
  "Forgot password": "Esqueci a senha",
  "Forgot password?": "Esqueceu a senha?",
  "Update email": "Atualizar e-mail",
  "Update password": "Atualizar senha",
  "Delete account": "Excluir conta",
  Username: "Nome de usuário",
  Password: "Senha",
  Email: "E-mail",
  "New email": "Novo e-mail",
  "Old password": "Senha atual",
  "New password": "Nova senha",
  "Verification code": "Código de verificação",
  Verify: "Verificar",
  "Please wait…": "Aguarde…",
  "Continue with Google": "Continuar com o Google",
  or: "ou",
  "New to Agora?": "Novo no Agora?",
  "Already have an account?": "Já tem uma conta?",
  "Back to Log In": "Voltar para entrar",
  "Enter the verification code": "Digite o código de verificação",
  "Your referrer is @{{username}}": "Quem indicou você é @{{username}}",
  "3 to 18 letters or digits.": "De 3 a 18 letras ou dígitos.",
  "At least 6 characters.": "Pelo menos 6 caracteres.",
  "At least 6 characters. Every session will be signed out.":
    "Pelo menos 6 caracteres. Todas as sessões serão encerradas.",
  "Copy it from the e-mail we sent you.": "Copie do e-mail que enviamos.",
  "Didn't get it?": "Não recebeu?",
  "Resend code": "Reenviar código",
  "Resend code in {{seconds}} s": "Reenviar código em {{seconds}} s",
  "Enter the e-mail of your account and we will send you a new password.":
    "Digite o e-mail da sua conta e enviaremos uma nova senha.",
  "Send me a new password": "Enviar uma nova senha",
  "Your email now is {{email}}.": "Seu e-mail atual é {{email}}.",
  "You will be signed out and log in again.": "Sua sessão será encerrada e você entrará novamente.",
  "This cannot be undone.": "Isto não pode ser desfeito.",
  "Your profile, e-mail and password are erased and every session ends. Type your username and password to confirm.":
    "Seu perfil, e-mail e senha são apagados e todas as sessões são encerradas. Digite seu nome de usuário e sua senha para confirmar.",
  "Type {{username}}": "Digite {{username}}",
  "Welcome back to Agora": "Que bom ver você de novo no Agora",
  "Join the communities you care about": "Participe das comunidades que importam para você",
  "One last step": "Um último passo",
  "Log in to see this page": "Entre para ver esta página",
} satisfies Dictionary;
