import { devOutbox } from "../db/schema";
import type { Deps } from "../deps";
import { isDevelopment } from "../env";
import { fail } from "../lib/errors";

export interface Email {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra headers (List-Unsubscribe, RFC 8058), passed to the service and kept by the dev outbox. */
  headers?: Record<string, string>;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

/** A plain message as text and a minimal HTML twin. */
export function plainEmail(to: string, subject: string, text: string): Email {
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif">${text
    .split("\n")
    .map((line) => `<p>${escapeHtml(line)}</p>`)
    .join("")}<p style="color:#888">Agora</p></body></html>`;
  return { to, subject, text, html };
}

/**
 * Sends through the configured HTTP e-mail API (`EMAIL_API_URL`, bearer `EMAIL_API_KEY`). Without
 * it, development and tests write to the dev outbox; production answers 503. An idempotency key
 * (derived from our own row) lets the provider drop a message it already accepted.
 */
/** Whether e-mail can be sent at all here: a configured service, or the dev outbox. */
export function canSendEmail(env: Deps["env"]): boolean {
  return Boolean(env.EMAIL_API_URL && env.EMAIL_API_KEY) || isDevelopment(env);
}

export async function sendEmail(
  { db, env }: Deps,
  email: Email,
  options: { idempotencyKey?: string } = {},
): Promise<void> {
  if (env.EMAIL_API_URL && env.EMAIL_API_KEY) {
    const res = await fetch(env.EMAIL_API_URL, {
      method: "POST",
      headers: {
        authorization: `Bearer ${env.EMAIL_API_KEY}`,
        "content-type": "application/json",
        ...(options.idempotencyKey ? { "idempotency-key": options.idempotencyKey } : {}),
      },
      body: JSON.stringify({ from: env.EMAIL_FROM ?? "Agora <no-reply@agora.example>", ...email }),
    });
    if (!res.ok) fail(503, "The e-mail service did not accept the message", { code: "unavailable" });
    return;
  }
  if (isDevelopment(env)) {
    await db.orm.insert(devOutbox).values({
      to: email.to,
      subject: email.subject,
      text: email.text,
      html: email.html,
      headers: email.headers ?? {},
    });
    return;
  }
  fail(503, "E-mail is not configured");
}
