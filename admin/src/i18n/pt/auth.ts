import type { Dictionary } from "#client/i18n.ts";

export default {
  "Agora Admin": "Agora Admin",
  "Staff sign in": "Acesso da equipe",
  "Log In": "Entrar",
  "Signing in…": "Entrando…",
  "Admin menu for {{username}}": "Menu de administração de {{username}}",
  Account: "Conta",
  Profile: "Perfil",
  "Night Mode": "Modo noturno",
  On: "Ativado",
  Off: "Desativado",
  "Upload image": "Enviar imagem",
  "Uploading…": "Enviando…",
  "Saved the link to clipboard": "Link copiado para a área de transferência",
  "Log Out": "Sair",
  Admin: "Admin",
  "Joined {{date}}": "Entrou em {{date}}",
  "The admin site's own theme, kept for your account.":
    "O tema próprio do site de administração, guardado na sua conta.",
  "Change password": "Alterar senha",
  "Every admin session, this one too, will be signed out.":
    "Todas as sessões de administração, inclusive esta, serão encerradas.",
  "Update password": "Atualizar senha",
} satisfies Dictionary;
