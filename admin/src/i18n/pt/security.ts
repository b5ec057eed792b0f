import type { Dictionary } from "#client/i18n.ts";

// The staff member's Security page: the authenticator app and passkeys.
export default {
  Security: "Segurança",
  "Staff keep the authenticator app on.": "A equipe mantém o aplicativo autenticador ativado.",
  "A passkey signs you in to the admin site on its own, without the password or a code.":
    "Uma chave de acesso entra no site de administração sozinha, sem a senha nem um código.",
  "No passkeys yet.": "Ainda não há chaves de acesso.",
  "Added {{date}}": "Adicionada em {{date}}",
  "Last used {{date}}": "Usada pela última vez em {{date}}",
  "Never used": "Nunca usada",
  "Passkey name (optional)": "Nome da chave de acesso (opcional)",
  "Remove the passkey {{name}}? It will no longer sign in.":
    "Remover a chave de acesso {{name}}? Ela não poderá mais entrar.",
} satisfies Dictionary;
