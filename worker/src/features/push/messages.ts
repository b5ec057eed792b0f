import type { NotificationKind } from "#shared/enums.ts";
import { type EmailLanguage, isLanguage } from "#worker/lib/language.ts";

// What reaches a person while away, in their language (users.language: en, es or pt): a push's
// title and the words of the e-mail of what was missed. The e-mail's look is the template staff
// edit (worker/src/features/push/digest.ts); these are the words filled into it.

export interface AwayWords {
  /** A push's title for a notification of this kind, with who did it. */
  title: Record<NotificationKind, (actor: string) => string>;
  /** A chat push's title: the thread's people, and how many messages wait when more than one. */
  chatTitle: (names: string, unread: number) => string;
  attachment: string;
  /** Used where no person did it (staff, Agora itself). */
  agora: string;
  /** One line of the e-mail for a missed notification. */
  digestLine: (kind: string, actor: string | null) => string;
  unreadMessages: (n: number) => string;
  heading: string;
  subject: (n: number) => string;
  settings: string;
  unsubscribe: string;
}

const EN: AwayWords = {
  title: {
    FOLLOWER: (a) => `${a} followed you`,
    MENTION: (a) => `${a} mentioned you`,
    COMMENT: (a) => `${a} commented on your post`,
    REPLY: (a) => `${a} replied to you`,
    UPVOTE: (a) => `${a} upvoted your post`,
    REFERRAL: (a) => `${a} joined through your invitation`,
    COMMUNITY: (a) => `${a} joined your community`,
    SERVICE_ORDER: (a) => `${a} ordered your service`,
    PAYMENT_FAILED: () => "A membership payment failed",
    MODERATION: () => "A moderation decision about you",
    EXPORT_READY: () => "Your data archive is ready",
    REACTION: (a) => `${a} reacted to what you wrote`,
    POST_EDITED: (a) => `${a} edited a post you commented on`,
  },
  chatTitle: (names, unread) => (unread > 1 ? `${names} (${unread} new messages)` : names),
  attachment: "Sent an attachment",
  agora: "Agora",
  digestLine: (kind, actor) =>
    kind === "MODERATION"
      ? "A moderation decision about you"
      : kind === "MENTION"
        ? `${actor ?? "Someone"} mentioned you`
        : kind === "REPLY"
          ? `${actor ?? "Someone"} replied to you`
          : `${actor ?? "Someone"}: ${kind}`,
  unreadMessages: (n) => (n === 1 ? "1 unread message" : `${n} unread messages`),
  heading: "While you were away on Agora",
  subject: (n) => (n === 1 ? "You missed 1 thing on Agora" : `You missed ${n} things on Agora`),
  settings: "Choose what reaches you",
  unsubscribe: "Stop these e-mails",
};

const ES: AwayWords = {
  title: {
    FOLLOWER: (a) => `${a} empezó a seguirte`,
    MENTION: (a) => `${a} te mencionó`,
    COMMENT: (a) => `${a} comentó tu publicación`,
    REPLY: (a) => `${a} te respondió`,
    UPVOTE: (a) => `${a} votó a favor de tu publicación`,
    REFERRAL: (a) => `${a} se unió con tu invitación`,
    COMMUNITY: (a) => `${a} se unió a tu comunidad`,
    SERVICE_ORDER: (a) => `${a} contrató tu servicio`,
    PAYMENT_FAILED: () => "Falló un pago de tu membresía",
    MODERATION: () => "Una decisión de moderación sobre ti",
    EXPORT_READY: () => "Tu archivo de datos está listo",
    REACTION: (a) => `${a} reaccionó a lo que escribiste`,
    POST_EDITED: (a) => `${a} editó una publicación que comentaste`,
  },
  chatTitle: (names, unread) => (unread > 1 ? `${names} (${unread} mensajes nuevos)` : names),
  attachment: "Envió un archivo adjunto",
  agora: "Agora",
  digestLine: (kind, actor) =>
    kind === "MODERATION"
      ? "Una decisión de moderación sobre ti"
      : kind === "MENTION"
        ? `${actor ?? "Alguien"} te mencionó`
        : kind === "REPLY"
          ? `${actor ?? "Alguien"} te respondió`
          : `${actor ?? "Alguien"}: ${kind}`,
  unreadMessages: (n) => (n === 1 ? "1 mensaje sin leer" : `${n} mensajes sin leer`),
  heading: "Mientras no estabas en Agora",
  subject: (n) => (n === 1 ? "Te perdiste 1 cosa en Agora" : `Te perdiste ${n} cosas en Agora`),
  settings: "Elige qué te llega",
  unsubscribe: "No recibir más estos correos",
};

const PT: AwayWords = {
  title: {
    FOLLOWER: (a) => `${a} começou a seguir você`,
    MENTION: (a) => `${a} mencionou você`,
    COMMENT: (a) => `${a} comentou sua publicação`,
    REPLY: (a) => `${a} respondeu a você`,
    UPVOTE: (a) => `${a} votou a favor da sua publicação`,
    REFERRAL: (a) => `${a} entrou com o seu convite`,
    COMMUNITY: (a) => `${a} entrou na sua comunidade`,
    SERVICE_ORDER: (a) => `${a} contratou seu serviço`,
    PAYMENT_FAILED: () => "Um pagamento da sua assinatura falhou",
    MODERATION: () => "Uma decisão de moderação sobre você",
    EXPORT_READY: () => "Seu arquivo de dados está pronto",
    REACTION: (a) => `${a} reagiu ao que você escreveu`,
    POST_EDITED: (a) => `${a} editou uma publicação que você comentou`,
  },
  chatTitle: (names, unread) => (unread > 1 ? `${names} (${unread} novas mensagens)` : names),
  attachment: "Enviou um anexo",
  agora: "Agora",
  digestLine: (kind, actor) =>
    kind === "MODERATION"
      ? "Uma decisão de moderação sobre você"
      : kind === "MENTION"
        ? `${actor ?? "Alguém"} mencionou você`
        : kind === "REPLY"
          ? `${actor ?? "Alguém"} respondeu a você`
          : `${actor ?? "Alguém"}: ${kind}`,
  unreadMessages: (n) => (n === 1 ? "1 mensagem não lida" : `${n} mensagens não lidas`),
  heading: "Enquanto você estava fora do Agora",
  subject: (n) => (n === 1 ? "Você perdeu 1 coisa no Agora" : `Você perdeu ${n} coisas no Agora`),
  settings: "Escolha o que chega até você",
  unsubscribe: "Parar estes e-mails",
};

const WORDS: Record<EmailLanguage, AwayWords> = { en: EN, es: ES, pt: PT };

/** The words for a stored language; English for anything else. */
export function awayWords(language: string): AwayWords {
  return isLanguage(language) ? WORDS[language] : EN;
}
