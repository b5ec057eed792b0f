import type { EmailLanguage } from "#worker/lib/language.ts";
import { type Email, plainEmail } from "#worker/providers/email.ts";

export type { EmailLanguage };

// The e-mails that tell the owner of an account a sign-in factor changed: what changed, when, and
// what to do if it was not them. In the language the request asked for (its Accept-Language:
// English, Spanish or Portuguese), English otherwise. No secret is ever in them: not the app's key,
// not a recovery code, not a passkey's credential.

export type FactorChange =
  | { kind: "totp-on" }
  | { kind: "totp-off" }
  | { kind: "passkey-added"; name: string }
  | { kind: "passkey-removed"; name: string }
  | { kind: "recovery-used"; left: number }
  | { kind: "recovery-renewed" };

interface Words {
  subject: (c: FactorChange) => string;
  what: (c: FactorChange) => string;
  when: (at: string) => string;
  notYou: (admin: boolean) => string;
  review: (link: string) => string;
  locale: string;
}

const WORDS: Record<EmailLanguage, Words> = {
  en: {
    locale: "en-GB",
    subject: (c) =>
      ({
        "totp-on": "Two-factor sign-in was turned on for your Agora account",
        "totp-off": "Two-factor sign-in was turned off for your Agora account",
        "passkey-added": "A passkey was added to your Agora account",
        "passkey-removed": "A passkey was removed from your Agora account",
        "recovery-used": "A recovery code was used to sign in to your Agora account",
        "recovery-renewed": "New recovery codes were made for your Agora account",
      })[c.kind],
    what: (c) => {
      switch (c.kind) {
        case "totp-on":
          return "An authenticator app was set up: from now on, signing in asks for its code after the password.";
        case "totp-off":
          return "The authenticator app was turned off and its recovery codes no longer work: signing in asks only for the password.";
        case "passkey-added":
          return `A passkey named "${c.name}" was added: it can sign in to the account on its own.`;
        case "passkey-removed":
          return `The passkey named "${c.name}" was removed: it can no longer sign in.`;
        case "recovery-used":
          return `Someone signed in with one of the account's recovery codes. ${c.left} unused codes are left.`;
        case "recovery-renewed":
          return "Ten new recovery codes were made: the old ones no longer work.";
      }
    },
    when: (at) => `When: ${at} (UTC).`,
    review: (link) => `Review your sign-in methods: ${link}`,
    notYou: (admin) =>
      `If it was not you, change your password now, check your sign-in methods in ${admin ? "the admin site" : "Settings → Account"}, and tell ${admin ? "another administrator" : "us by replying to this e-mail"}.`,
  },
  es: {
    locale: "es",
    subject: (c) =>
      ({
        "totp-on": "Se activó el inicio de sesión en dos pasos en tu cuenta de Agora",
        "totp-off": "Se desactivó el inicio de sesión en dos pasos en tu cuenta de Agora",
        "passkey-added": "Se añadió una llave de acceso a tu cuenta de Agora",
        "passkey-removed": "Se quitó una llave de acceso de tu cuenta de Agora",
        "recovery-used": "Se usó un código de recuperación para entrar en tu cuenta de Agora",
        "recovery-renewed": "Se crearon nuevos códigos de recuperación para tu cuenta de Agora",
      })[c.kind],
    what: (c) => {
      switch (c.kind) {
        case "totp-on":
          return "Se configuró una aplicación de autenticación: desde ahora, al iniciar sesión se pedirá su código después de la contraseña.";
        case "totp-off":
          return "Se desactivó la aplicación de autenticación y sus códigos de recuperación ya no sirven: al iniciar sesión solo se pide la contraseña.";
        case "passkey-added":
          return `Se añadió una llave de acceso llamada "${c.name}": puede iniciar sesión en la cuenta por sí sola.`;
        case "passkey-removed":
          return `Se quitó la llave de acceso llamada "${c.name}": ya no puede iniciar sesión.`;
        case "recovery-used":
          return `Alguien inició sesión con uno de los códigos de recuperación de la cuenta. Quedan ${c.left} códigos sin usar.`;
        case "recovery-renewed":
          return "Se crearon diez códigos de recuperación nuevos: los anteriores ya no sirven.";
      }
    },
    when: (at) => `Cuándo: ${at} (UTC).`,
    review: (link) => `Revisa tus métodos de inicio de sesión: ${link}`,
    notYou: (admin) =>
      `Si no fuiste tú, cambia tu contraseña ahora, revisa tus métodos de inicio de sesión en ${admin ? "el sitio de administración" : "Ajustes → Cuenta"} y avisa a ${admin ? "otro administrador" : "nuestro equipo respondiendo a este correo"}.`,
  },
  pt: {
    locale: "pt-BR",
    subject: (c) =>
      ({
        "totp-on": "O login em duas etapas foi ativado na sua conta Agora",
        "totp-off": "O login em duas etapas foi desativado na sua conta Agora",
        "passkey-added": "Uma chave de acesso foi adicionada à sua conta Agora",
        "passkey-removed": "Uma chave de acesso foi removida da sua conta Agora",
        "recovery-used": "Um código de recuperação foi usado para entrar na sua conta Agora",
        "recovery-renewed": "Novos códigos de recuperação foram criados para a sua conta Agora",
      })[c.kind],
    what: (c) => {
      switch (c.kind) {
        case "totp-on":
          return "Um aplicativo autenticador foi configurado: a partir de agora, o login pede o código dele depois da senha.";
        case "totp-off":
          return "O aplicativo autenticador foi desativado e os códigos de recuperação não funcionam mais: o login pede só a senha.";
        case "passkey-added":
          return `Uma chave de acesso chamada "${c.name}" foi adicionada: ela pode entrar na conta sozinha.`;
        case "passkey-removed":
          return `A chave de acesso chamada "${c.name}" foi removida: ela não pode mais entrar.`;
        case "recovery-used":
          return `Alguém entrou com um dos códigos de recuperação da conta. Restam ${c.left} códigos não usados.`;
        case "recovery-renewed":
          return "Dez novos códigos de recuperação foram criados: os anteriores não funcionam mais.";
      }
    },
    when: (at) => `Quando: ${at} (UTC).`,
    review: (link) => `Revise seus métodos de login: ${link}`,
    notYou: (admin) =>
      `Se não foi você, troque sua senha agora, confira seus métodos de login em ${admin ? "o site de administração" : "Configurações → Conta"} e avise ${admin ? "outro administrador" : "a nossa equipe respondendo a este e-mail"}.`,
  },
};

/** The e-mail for one change of a sign-in factor, to the account's own address. */
export function factorChangedEmail(
  to: string,
  change: FactorChange,
  options: { language: EmailLanguage; at: Date; admin: boolean; publicUrl: string },
): Email {
  const words = WORDS[options.language];
  const at = new Intl.DateTimeFormat(words.locale, {
    dateStyle: "long",
    timeStyle: "short",
    timeZone: "UTC",
  }).format(options.at);
  return plainEmail(
    to,
    words.subject(change),
    [
      words.what(change),
      words.when(at),
      words.review(new URL(options.admin ? "/admin/security" : "/settings/account", options.publicUrl).href),
      words.notYou(options.admin),
    ].join("\n"),
  );
}
