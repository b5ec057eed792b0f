import type { BrowserContext, Page } from "playwright-core";
import { expect } from "vitest";
import { countRequests, quiet } from "../browser";
import { lane } from "../lane";
import { signInStaff, staffToken as staffSessionToken } from "../staff";

// What the "script never runs" journeys share: the hooks every page gets before its own script,
// the packing of the corpus into the fields' lengths, the API calls that write it, and the visit
// that renders a page and says what ran and how many vectors it showed.

/**
 * Set before any page script: every way a payload could show it ran. A Content-Security-Policy
 * violation of any kind counts: the SPAs themselves cause none (zod runs jitless, see
 * shared/src/zod-jitless.ts), so one seen here came from written content.
 */
const HOOKS = `
  window.__xssHits = [];
  const hit = (how) => (...a) => { window.__xssHits.push(how + ":" + String(a[0]).slice(0, 80)); };
  window.alert = hit("alert"); window.confirm = hit("confirm"); window.prompt = hit("prompt"); window.print = hit("print");
  document.addEventListener("securitypolicyviolation", (e) => {
    window.__xssHits.push("csp:" + e.violatedDirective + " " + e.blockedURI + " " + e.sourceFile + ":" + e.lineNumber);
  });
`;

/**
 * A text's length as the API counts it once sent: a multipart form sends every line break as
 * CRLF, so a "\n" counts twice.
 */
const sentLength = (text: string) => text.length + (text.match(/(?<!\r)\n/g)?.length ?? 0);

/** Vectors packed into pieces of at most `max` characters (as sent), separated by a space. */
export function pack(vectors: string[], max: number): string[] {
  const out: string[] = [];
  let current = "";
  for (const v of vectors) {
    if (current && sentLength(current) + 1 + sentLength(v) > max) {
      out.push(current);
      current = "";
    }
    current = current ? `${current} ${v}` : v;
  }
  if (current) out.push(current);
  return out;
}

/**
 * Records of several short fields (`limits`, one per field), filled in order from the corpus so
 * that every vector lands in exactly one field of one record. `accepts` leaves out a vector a
 * field's rule refuses whatever its length (it goes to the next field that takes it).
 */
export function fillRecords(
  vectors: string[],
  limits: number[],
  accepts: (field: number, vector: string) => boolean = () => true,
): string[][] {
  const records: string[][] = [];
  let current = limits.map(() => "");
  const fits = (field: number, v: string) =>
    accepts(field, v) &&
    (current[field]!.length ? sentLength(current[field]!) + 1 : 0) + sentLength(v) <= limits[field]!;
  for (const v of vectors) {
    let field = current.findIndex((_, i) => fits(i, v));
    if (field < 0) {
      if (current.some((f) => f)) records.push(current);
      current = limits.map(() => "");
      field = current.findIndex((_, i) => fits(i, v));
      if (field < 0) continue; // no field of this record takes it
    }
    current[field] = current[field] ? `${current[field]} ${v}` : v;
  }
  if (current.some((f) => f)) records.push(current);
  return records;
}

/** The vectors a set of written pieces holds. */
export const vectorsIn = (pieces: string[], corpus: string[]) =>
  corpus.filter((v) => pieces.some((piece) => piece.includes(v)));

export const jsonBody = (data: unknown, method = "POST"): RequestInit => ({
  method,
  headers: { "content-type": "application/json" },
  body: JSON.stringify(data),
});

export const formBody = (fields: Record<string, string | Blob>, method = "POST"): RequestInit => {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  return { method, body: form };
};

interface VisitOptions {
  ready?: string;
  texts?: string[];
  rich?: number;
  prepare?: (p: Page) => Promise<void>;
}

export interface Render {
  sink: string;
  /** Vectors the page showed as text (found whole in the page's text). */
  shown: number;
  /** Vectors in rich-text bodies (sanitised HTML) or frames the page rendered. */
  rich: number;
  hits: string[];
  flag: unknown;
}

/** One journey's writes and renders. */
export class XssRun {
  readonly results: Render[] = [];
  /** Pieces the API refused with a 422 (a NUL, a link rule): stored nowhere, so shown nowhere. */
  refused = 0;
  /** Why, for each refused piece (the API's detail), to say in the log. */
  readonly refusals: string[] = [];

  constructor(readonly base: string) {}

  async call<T>(path: string, token: string, init: RequestInit = {}, mayRefuse = false): Promise<T> {
    const headers = new Headers(init.headers);
    headers.set("authorization", `Bearer ${token}`);
    const res = await fetch(`${this.base}${path}`, { ...init, headers });
    if (mayRefuse && (res.status === 422 || res.status === 400)) {
      this.refused++;
      this.refusals.push(
        `${path.split("?")[0]}: ${((await res.json()) as { detail?: string }).detail ?? res.status}`,
      );
      return null as T;
    }
    expect(res.ok, `${path}: ${res.status} ${res.ok ? "" : await res.text()}`).toBe(true);
    return (res.status === 204 ? undefined : await res.json()) as T;
  }

  /**
   * Opens a page, waits for `ready`, scrolls it all (lazy images load, infinite lists grow),
   * runs `prepare` (open what is folded), then records what ran and what it showed. Each step
   * waits for the page's requests to be answered (`quiet`), whose pictures' handlers run then.
   * The page must come from `useBrowser`, which counts its requests.
   */
  async visit(p: Page, sink: string, path: string, options: VisitOptions = {}): Promise<Render> {
    await p.goto(path);
    if (options.ready) await p.getByText(options.ready).first().waitFor({ timeout: 15_000 });
    // A loaded machine can go quiet on the network before the page has drawn what it fetched:
    // wait until something written shows, as a reader would (a page that never shows it fails below).
    if (options.texts?.length)
      await p
        .waitForFunction(
          (texts: string[]) => {
            const body = (document.body.textContent ?? "").replace(/\s+/g, " ");
            return texts.some((t) => body.includes(t.replace(/\s+/g, " ")));
          },
          options.texts,
          { timeout: 20_000 },
        )
        .catch(() => {});
    await quiet(p);
    await scrollAll(p);
    if (options.prepare) await options.prepare(p);
    // What the preparing opened loads too (pictures in what it unfolded), then its handlers run.
    await quiet(p);
    return this.check(p, sink, options);
  }

  /**
   * `visit` for several pages, `windows` at a time, each window a context of its own with `p`'s
   * cookies, size and hooks, visiting its share in turn. A page's time goes mostly to waiting (for
   * the server, for a list to grow, for quiet), which the windows wait out together. Windows, not
   * tabs: a tab in the background is not drawn, so its infinite lists never grow.
   */
  async visitAll(
    p: Page,
    visits: ReadonlyArray<readonly [sink: string, path: string, options?: VisitOptions]>,
    windows = 4,
  ): Promise<void> {
    const from = p.context();
    const browser = from.browser();
    if (!browser) throw new Error("visitAll: the page's context has no browser");
    const cookies = await from.cookies();
    const queue = [...visits];
    await Promise.all(
      Array.from({ length: Math.min(windows, visits.length) }, async () => {
        const context = await browser.newContext({ baseURL: this.base, viewport: p.viewportSize() });
        try {
          await hooked(context);
          await context.addCookies(cookies);
          const tab = await context.newPage();
          countRequests(tab);
          for (let next = queue.shift(); next; next = queue.shift()) await this.visit(tab, ...next);
        } finally {
          await context.close();
        }
      }),
    );
  }

  /** Records what ran on the page as it is now, and which of `texts` it shows. */
  async check(p: Page, sink: string, options: { texts?: string[]; rich?: number } = {}): Promise<Render> {
    const seen = await p.evaluate((texts: string[]) => {
      const norm = (s: string) => s.replace(/\s+/g, " ");
      const body = norm(document.body.textContent ?? "");
      return {
        hits: (window as unknown as { __xssHits?: string[] }).__xssHits ?? ["hooks missing"],
        flag: (window as unknown as { __xss?: unknown }).__xss ?? null,
        shown: texts.filter((t) => body.includes(norm(t))).length,
      };
    }, options.texts ?? []);
    const render = { sink, shown: seen.shown, rich: options.rich ?? 0, hits: seen.hits, flag: seen.flag };
    this.results.push(render);
    return render;
  }

  get renders() {
    return this.results.reduce((a, r) => a + r.shown + r.rich, 0);
  }

  get executions() {
    return this.results.filter((r) => r.hits.length > 0 || r.flag !== null);
  }

  /** One line for the run's log: pages, (vector × page) renders and executions. */
  summary(label: string): string {
    const perSink = this.results.map((r) => `${r.sink}=${r.shown + r.rich}`).join(", ");
    const why = [...new Set(this.refusals)].join(" | ");
    return `XSS ${label}: ${this.results.length} pages; ${this.renders} (vector × page) renders [${perSink}]; ${this.refused} pieces refused by validation${why ? ` (${why})` : ""}; executions: ${this.executions.length}`;
  }
}

/**
 * Scrolls a page down to its end a screen at a time, as a reader does: lazy pictures load on the
 * way, and an infinite list that grows at the bottom is followed until it grows no more (the page
 * falls quiet without growing), at most 100 times.
 */
async function scrollAll(p: Page): Promise<void> {
  let from = 0;
  for (let round = 0; round < 100; round++) {
    const end = await p.evaluate(async (start) => {
      let at = start;
      for (; at < document.body.scrollHeight; at += 600) {
        window.scrollTo(0, at);
        await new Promise((r) => setTimeout(r, 30));
      }
      return { at, height: document.body.scrollHeight };
    }, from);
    const grew = await quiet(p, () => p.evaluate((h) => document.body.scrollHeight > h, end.height));
    if (!grew) return;
    // The last screen again, then on into what was added.
    from = end.at - 600;
  }
}

/** A browser context with the hooks installed in every page and frame that may run script. */
export async function hooked(context: BrowserContext): Promise<void> {
  await context.addInitScript(HOOKS);
}

/** Signs a context in as a person: the session cookie the SPA keeps (replacing any other). */
export async function actAs(context: BrowserContext, base: string, token: string): Promise<void> {
  await context.clearCookies();
  await context.addCookies([{ name: "access_token", value: token, url: base }]);
}

/**
 * Signs the admin site in as the seeded admin, with the lane's staff token (its sign-in form is
 * walked by the accounts, admin, keyboard and two-factor journeys: a fresh sign-in here would wait
 * for an unused code step, up to 30 s), and waits until the site shows staff signed in.
 */
export async function staffSignIn(p: Page): Promise<void> {
  await signInStaff(p.context(), lane().baseUrl);
  await p.goto("/admin/");
  await p.getByRole("button", { name: "Admin menu for admin" }).waitFor();
}

/** A staff member's API token. */
export async function staffToken(base: string): Promise<string> {
  return staffSessionToken(base);
}

/**
 * Sends chat frames over a thread's socket as `token`'s person, 20 at once and the rest `gapMs`
 * apart (the socket's flood control lets 20 through at once, then 5 a second), and waits until
 * each got its answer (the message, or an ERROR). Answers how many were refused.
 */
export async function sendChatFrames(
  run: XssRun,
  token: string,
  threadPublicId: string,
  frames: object[],
  gapMs = 220,
): Promise<number> {
  const { access_token } = await run.call<{ access_token: string }>(
    `/api/v1/private/user/chat/websocket/auth?public_id=${threadPublicId}`,
    token,
    { method: "POST" },
  );
  let refused = 0;
  await new Promise<void>((resolve, reject) => {
    const ws = new WebSocket(
      `${run.base.replace(/^http/, "ws")}/api/v1/chat/websocket/connect?public_id=${threadPublicId}&token=${access_token}`,
    );
    let answered = 0;
    const done = () => {
      if (++answered === frames.length) {
        ws.close();
        resolve();
      }
    };
    ws.onerror = () => reject(new Error("chat socket failed"));
    ws.onmessage = async (event) => {
      const data = JSON.parse(String(event.data)) as { message_type: string };
      if (data.message_type === "CONNECT")
        for (const [i, frame] of frames.entries()) {
          // The first 20 at once (the bucket is full on connecting), the rest paced.
          if (i >= 20) await new Promise((r) => setTimeout(r, gapMs));
          ws.send(JSON.stringify(frame));
        }
      if (data.message_type === "TEXT") done();
      if (data.message_type === "ERROR") {
        refused++;
        done();
      }
    };
  });
  run.refused += refused;
  return refused;
}

/** A chat thread scrolled up until its oldest message is loaded (older pages load at the top). */
export async function loadWholeChat(p: Page): Promise<void> {
  const list = p.getByTestId("message-list");
  await list.waitFor();
  let before = -1;
  for (let i = 0; i < 30; i++) {
    const height = await list.evaluate((el) => {
      el.scrollTop = 0;
      return el.scrollHeight;
    });
    if (height === before) break;
    before = height;
    await p.waitForTimeout(300);
    await quiet(p);
  }
}
