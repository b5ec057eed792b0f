import type { PendingText } from "./socket";

// A new conversation's first text, from the draft that created the thread to the thread's socket
// (ADR 044). In memory only: reloading the thread page never sends it again.

const waiting = new Map<string, PendingText>();

/** The draft created this thread for `text`: the thread's socket sends it. */
export function handOverFirstMessage(publicId: string, text: PendingText): void {
  waiting.set(publicId, text);
}

/** The text waiting to be the thread's first message, if any. */
export function firstMessageOf(publicId: string): PendingText | undefined {
  return waiting.get(publicId);
}

/** The server stored (or refused) a text of the thread: if it was the first one, it is settled. */
export function settleFirstMessage(publicId: string, clientId: string): void {
  if (waiting.get(publicId)?.client_id === clientId) waiting.delete(publicId);
}
