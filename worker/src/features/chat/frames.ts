import {
  CHAT_MSG,
  type ChatClientFrame,
  type ChatServerFrame,
  chatClientFrameSchema,
} from "#shared/schemas/chat.ts";

// The wire side of the chat socket: reading a client's frame (size, JSON, the names clients give
// their message ids, the shared schema in shared/src/schemas/chat.ts), the ERROR that refuses
// one, and what a TEXT's link preview may show. The protocol is described in ADR 009.

/** Larger frames are refused before parsing: 1000 characters plus a preview fit easily. */
const MAX_FRAME_CHARS = 16_384;

/** A frame refused with an ERROR to its socket only; nothing is stored. */
export class RefusedFrame extends Error {}

/** A client's frame, checked against the shared schema; anything else is a RefusedFrame. */
export function parseFrame(data: string | ArrayBuffer): ChatClientFrame {
  if (typeof data !== "string" || data.length > MAX_FRAME_CHARS) throw new RefusedFrame(CHAT_MSG.malformed);
  let raw: unknown;
  try {
    raw = JSON.parse(data);
  } catch {
    throw new RefusedFrame(CHAT_MSG.malformed);
  }
  if (raw && typeof raw === "object" && (raw as { message_type?: unknown }).message_type === "TEXT") {
    const frame = raw as Record<string, unknown>;
    const clientId = textClientId(frame);
    for (const alias of CLIENT_ID_ALIASES) delete frame[alias];
    if (clientId !== undefined) frame.client_id = clientId;
  }
  const parsed = chatClientFrameSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const known = issue?.message && Object.values(CHAT_MSG).includes(issue.message as never);
    throw new RefusedFrame(known ? issue.message : `${CHAT_MSG.malformed}: ${describe(issue)}`);
  }
  return parsed.data;
}

/** The ERROR for a refused frame, naming the refused text's client id so the client stops resending it. */
export function refusal(text: string, data: string | ArrayBuffer): ChatServerFrame {
  const clientId = typeof data === "string" && data.length <= MAX_FRAME_CHARS ? clientIdOf(data) : undefined;
  return clientId ? { message_type: "ERROR", text, client_id: clientId } : { message_type: "ERROR", text };
}

/**
 * A TEXT's client id: `client_id`, or the names other clients give a client-chosen id (`id`,
 * `clientId`, `client_message_id`, `nonce`), so a resend is recognised whatever it is called.
 */
const CLIENT_ID_ALIASES = ["id", "clientId", "client_message_id", "nonce"] as const;

function textClientId(frame: Record<string, unknown>): string | undefined {
  for (const key of ["client_id", ...CLIENT_ID_ALIASES]) {
    const value = frame[key];
    if (typeof value === "string" || (typeof value === "number" && Number.isFinite(value)))
      return String(value);
  }
  return undefined;
}

function clientIdOf(data: string): string | undefined {
  try {
    const raw = JSON.parse(data) as Record<string, unknown> | null;
    if (!raw || typeof raw !== "object" || raw.message_type !== "TEXT") return undefined;
    const id = textClientId(raw);
    return id !== undefined && id.length <= 64 ? id : undefined;
  } catch {
    return undefined;
  }
}

function describe(issue: { path: PropertyKey[]; message: string } | undefined): string {
  if (!issue) return "unknown";
  return issue.path.length ? `${issue.path.map(String).join(".")}: ${issue.message}` : issue.message;
}

/** A preview must be of a site the message names, so nobody dresses a link up as another. */
export function mentionsHost(text: string, link: string): boolean {
  const host = new URL(link).hostname.toLowerCase();
  return text.toLowerCase().includes(host.replace(/^www\./, ""));
}
