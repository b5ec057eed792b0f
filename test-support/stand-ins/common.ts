// What the providers' stand-ins share: plain web APIs only (Request, Response, crypto.subtle), so a
// stand-in runs inside workerd (the worker tests' fetch interception) and in Node (served over HTTP
// for the browser journeys) alike.

export type Json = Record<string, unknown>;

/** One request a stand-in received, as tests read it back. */
export interface RecordedCall {
  method: string;
  host: string;
  path: string;
  /** The body as form fields (Stripe's encoding). */
  body: URLSearchParams;
  raw: string;
  idempotencyKey: string | null;
  authorization: string | null;
}

export async function recordCall(request: Request): Promise<RecordedCall> {
  const url = new URL(request.url);
  const raw =
    request.method === "GET" || request.method === "HEAD" || request.method === "DELETE"
      ? ""
      : await request.clone().text();
  return {
    method: request.method,
    host: url.hostname,
    path: url.pathname,
    body: new URLSearchParams(raw),
    raw,
    idempotencyKey: request.headers.get("idempotency-key"),
    authorization: request.headers.get("authorization"),
  };
}

export const hex = (bytes: Uint8Array) => [...bytes].map((b) => b.toString(16).padStart(2, "0")).join("");

/** `<prefix>_<20 random hex digits>`, as unguessable as the providers' own ids. */
export function randomId(prefix: string): string {
  return `${prefix}_${hex(crypto.getRandomValues(new Uint8Array(10)))}`;
}

/** How a stand-in's webhook reaches the app: `fetch` over HTTP, or the app's handler in-process. */
export type Delivery = (request: Request) => Promise<Response>;

/** Delay before each retry of a delivery the app did not take (the providers retry for days). */
const RETRY_DELAYS_MS = [500, 1000, 1500, 2000, 2500];

/** Sends one webhook until the app answers 2xx, as the providers do (a fresh request each try). */
export async function deliverWithRetries(deliver: Delivery, make: () => Promise<Request>): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    const request = await make();
    try {
      const res = await deliver(request);
      if (res.ok) return;
      console.error(`stand-in: ${request.url} answered ${res.status} ${await res.text()}`);
    } catch (error) {
      // the app is not up yet: try again
      console.error(`stand-in: ${request.url} failed`, error);
    }
    const delay = RETRY_DELAYS_MS[attempt];
    if (delay === undefined) return;
    await new Promise((resolve) => setTimeout(resolve, delay));
  }
}
