import { afterAll, describe, expect, it } from "vitest";
import { api, env } from "./api";
import {
  databaseFingerprint as fingerprint,
  hostileRequests,
  LEAKS,
  type Operation,
  operations,
} from "./hostile";
import { createAdmin, createUser } from "./people";

// Every operation of the OpenAPI document gets at least 50 hostile requests, each with
// and without a valid token. No answer may be a 5xx (except the designed 503 "… is not
// configured"), no body may carry a stack trace or an internal name, and a refused request must
// leave the database as it found it.

/** Text safe to report: control characters and lone surrogates escaped (the runner's socket refuses them). */
const printable = (text: string) =>
  Array.from(text, (ch) => {
    const code = ch.charCodeAt(0);
    const lone = ch.length === 1 && code >= 0xd800 && code <= 0xdfff;
    return code < 0x20 || lone ? `\\u${code.toString(16).padStart(4, "0")}` : ch;
  }).join("");

function designed503(status: number, body: string): boolean {
  return status === 503 && /(is|are) not configured/.test(body);
}

async function probe(op: Operation, credentials: Record<string, string> | null) {
  const problems: string[] = [];
  const mutating = op.method !== "GET";
  let sent = 0;
  // The database as the next request finds it: read before the first one, then after each one
  // (an answer's "after" is the next one's "before", nothing else writes in between).
  let before = mutating ? await fingerprint() : "";
  for (const request of hostileRequests(op)) {
    const headers = new Headers(request.init.headers);
    if (credentials) for (const [k, v] of Object.entries(credentials)) headers.set(k, v);
    // Each request from its own address, so rate limits answer for the caller, not the whole suite.
    headers.set("cf-connecting-ip", `203.0.${(sent >> 8) & 255}.${sent & 255}`);
    const res = await api(request.path, { ...request.init, headers });
    const body = await res.text();
    sent += 1;
    const where = printable(`${op.method} ${op.path} [${request.label}]${credentials ? " with token" : ""}`);
    if (res.status >= 500 && !designed503(res.status, body))
      problems.push(`${where}: ${res.status} ${printable(body.slice(0, 200))}`);
    for (const leak of LEAKS)
      if (leak.test(body)) problems.push(`${where}: leaks ${leak} in ${printable(body.slice(0, 200))}`);
    if (!mutating) continue;
    // Work an accepted request handed to the queue writes later (a data archive's notification and
    // e-mail): it ends before the next request is judged, so it is never counted against a refusal.
    if (res.status === 202) await queueSettled();
    const after = await fingerprint();
    if (res.status >= 400 && after !== before) {
      problems.push(`${where}: refused with ${res.status} but changed the database`);
    }
    before = after;
  }
  return { problems, sent };
}

/** Every data archive asked for is built and its e-mail (the job's last write) is in the outbox. */
async function queueSettled(): Promise<void> {
  const pending = `SELECT (SELECT count(*) FROM data_exports WHERE status = 'PENDING')
    + max(0, (SELECT count(*) FROM data_exports WHERE status = 'READY')
      - (SELECT count(*) FROM dev_outbox WHERE subject = 'Your Agora data archive is ready')) AS n`;
  for (let i = 0; i < 100; i++) {
    if ((await env.DB.prepare(pending).first<{ n: number }>())?.n === 0) return;
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * The hostile-input tests of one part of the operations (every `parts`-th from `part`): the
 * operations are spread over several files so that the test workers share them.
 */
export async function describeHostile(part: number, parts: number): Promise<void> {
  const all = await operations();
  const ops = all.filter((_, i) => i % parts === part);
  let requestsSent = 0;
  afterAll(() => {
    console.info(
      `hostile input, part ${part + 1} of ${parts}: ${requestsSent} requests over ${ops.length} operations`,
    );
  });

  describe(`hostile input to every operation of the OpenAPI document (part ${part + 1} of ${parts})`, () => {
    it("finds the operations", () => {
      expect(all.length).toBeGreaterThan(100);
      expect(ops.length).toBeGreaterThan(0);
    });

    it.each(ops.map((op) => [`${op.method} ${op.path}`, op] as const))("%s", async (_name, op) => {
      await env.DB.prepare("DELETE FROM rate_limits").run();
      const admin = op.path.startsWith("/api/admin/");
      const token = admin ? (await createAdmin()).auth : (await createUser()).auth;
      const visitor = await probe(op, null);
      const signedIn = await probe(op, token);
      requestsSent += visitor.sent + signedIn.sent;
      const problems = [...visitor.problems, ...signedIn.problems];
      expect(problems.length, problems.join("\n")).toBe(0);
      expect(visitor.sent).toBeGreaterThanOrEqual(50);
    });
  });
}
