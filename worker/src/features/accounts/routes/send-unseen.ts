import type { Context } from "hono";
import type { AppEnv } from "#worker/env.ts";
import { type Email, sendEmail } from "#worker/providers/email.ts";

/**
 * Sends an e-mail whose existence the answer must not reveal (a reset for an address that may have
 * no account): with a real e-mail service the answer does not wait for it, so neither its time nor
 * a failure of the service tells anything. The dev outbox is written before answering, so tests
 * and local journeys can read it at once.
 */
export async function sendUnseen(c: Context<AppEnv>, email: Email): Promise<void> {
  const deps = c.var.deps;
  if (!(c.env.EMAIL_API_URL && c.env.EMAIL_API_KEY)) {
    await sendEmail(deps, email);
    return;
  }
  c.executionCtx.waitUntil(
    sendEmail(deps, email).catch((error) => console.error(`[${c.get("requestId")}] e-mail not sent`, error)),
  );
}
