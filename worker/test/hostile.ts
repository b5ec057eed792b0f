import { api, env } from "./api";

// Hostile requests generated from the OpenAPI document: every operation gets malformed
// bodies, wrong content types and hostile values in every field, path and query parameter. The
// tests that drive them (hostile-suite.ts, in parts: hostile-1.test.ts …) check the answers and the
// database after each one.

export interface Operation {
  method: string;
  path: string;
  /** Query parameter names. */
  query: string[];
  /** Body field names (of the first JSON or form schema) and whether the body is multipart. */
  fields: string[];
  multipart: boolean;
}

interface OpenApiDoc {
  paths: Record<string, Record<string, OpenApiOperation>>;
}
interface OpenApiOperation {
  parameters?: { name: string; in: string }[];
  requestBody?: { content?: Record<string, { schema?: { properties?: Record<string, unknown> } }> };
}

/** Every operation of the Worker's OpenAPI document. */
export async function operations(): Promise<Operation[]> {
  const doc = (await (await api("/api/openapi.json")).json()) as OpenApiDoc;
  const found: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const content = op.requestBody?.content ?? {};
      const schema = Object.values(content)[0]?.schema;
      found.push({
        method: method.toUpperCase(),
        path,
        query: (op.parameters ?? []).filter((p) => p.in === "query").map((p) => p.name),
        fields: Object.keys(schema?.properties ?? {}),
        multipart: "multipart/form-data" in content && !("application/json" in content),
      });
    }
  }
  return found;
}

/** Values no field should choke on. */
const HOSTILE_VALUES: unknown[] = [
  "",
  "x".repeat(100_000),
  "\u0000",
  "a\u0000b",
  "\ud800",
  "\udfff\ud800",
  -1,
  "-9007199254740993",
  1e308,
  Number.MAX_SAFE_INTEGER * 1000,
  "NaN",
  "-Infinity",
  "12abc",
  0.5,
  true,
  null,
  {},
  [],
  [1, "two", null],
  { nested: { deep: ["x"] } },
  "../../../../etc/passwd",
  "..%2F..%2Fwrangler.toml",
  "' OR 1=1 --",
  "'; DROP TABLE users; --",
  '" UNION SELECT password_hash FROM users --',
  "<script>alert(1)</script>",
  '<img src=x onerror="alert(1)">',
  "javascript:alert(1)",
  "%00%ff%fe",
  // A link whose escape is broken: decoding it throws.
  "/c/agora/p/%E0%A4%A",
  "😀".repeat(5_000),
];

/** Values for path and query parameters (strings only, as a URL carries them). */
const HOSTILE_PARAMS: string[] = HOSTILE_VALUES.filter(
  (v) => typeof v === "string" || typeof v === "number",
).map((v) => String(v).slice(0, 4_000));

export interface HostileRequest {
  label: string;
  path: string;
  init: RequestInit;
}

function withParams(path: string, value: string): string {
  return path.replace(/\{[^}]+\}/g, encodeURIComponent(value));
}

/** A path with harmless stand-ins for its parameters. */
function samplePath(path: string): string {
  return withParams(path, "zzzz");
}

function safeJson(value: unknown): string {
  // Lone surrogates survive JSON.stringify as escapes, which is what a hostile client sends.
  return JSON.stringify(value);
}

/** At least 50 hostile requests for one operation (without credentials; the test adds them). */
export function hostileRequests(op: Operation): HostileRequest[] {
  const base = samplePath(op.path);
  const method = op.method;
  const hasBody = method !== "GET" && method !== "HEAD";
  const out: HostileRequest[] = [];
  const add = (label: string, path: string, init: RequestInit = {}) =>
    out.push({ label, path, init: { method, ...init } });

  // The shape of the request itself.
  add("no body", base);
  if (hasBody) {
    add("text/plain", base, { headers: { "content-type": "text/plain" }, body: "hello" });
    add("no content type", base, { body: '{"a":1}' });
    add("malformed JSON", base, { headers: { "content-type": "application/json" }, body: '{"a":' });
    add("JSON null", base, { headers: { "content-type": "application/json" }, body: "null" });
    add("JSON array", base, { headers: { "content-type": "application/json" }, body: "[1,2]" });
    add("JSON string", base, { headers: { "content-type": "application/json" }, body: '"str"' });
    add("empty JSON", base, { headers: { "content-type": "application/json" }, body: "" });
    add("multipart without boundary", base, {
      headers: { "content-type": "multipart/form-data" },
      body: "x",
    });
    add("malformed multipart", base, {
      headers: { "content-type": "multipart/form-data; boundary=zz" },
      body: "--zz\r\nContent-Disposition: form-data; name=\r\n\r\nbroken",
    });
    add("malformed form", base, {
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "%%%=%&&==",
    });
    add("deeply nested JSON", base, {
      headers: { "content-type": "application/json" },
      body: `${"[".repeat(10_000)}${"]".repeat(10_000)}`,
    });
    add("JSON with a prototype key", base, {
      headers: { "content-type": "application/json" },
      body: '{"__proto__":{"isAdmin":true},"constructor":{"prototype":{"x":1}}}',
    });
    add("binary body", base, {
      headers: { "content-type": "application/octet-stream" },
      body: new Uint8Array([0, 255, 254, 0, 1]),
    });
  }

  // Hostile path parameters.
  if (op.path.includes("{")) {
    for (const value of HOSTILE_PARAMS.slice(0, 12))
      add(`path ${value.slice(0, 20)}`, withParams(op.path, value));
  }

  // Credentials that are not.
  for (const authorization of [
    "Bearer",
    "Bearer x.y.z",
    `Bearer ${"a".repeat(8_000)}`,
    "Basic YTpi",
    "Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiIxIn0.",
  ]) {
    add(`authorization ${authorization.slice(0, 20)}`, base, { headers: { authorization } });
  }
  add("cookie garbage", base, { headers: { cookie: "access_token=%00; refresh_token=%%%" } });

  // Hostile query values: every parameter at once, then each repeated.
  if (op.query.length || !hasBody) {
    const names = op.query.length ? op.query : ["skip", "limit", "q"];
    // Raw, not encoded again: broken escapes as a hand-made address carries them.
    add("query broken escapes", `${base}?${names.map((n) => `${n}=%E0%A4%A%zz`).join("&")}`);
    for (const value of HOSTILE_PARAMS) {
      add(`query ${value.slice(0, 20)}`, `${base}?${new URLSearchParams(names.map((n) => [n, value]))}`);
      const twice = new URLSearchParams(
        names.flatMap((n) => [
          [n, value],
          [n, "1"],
        ]),
      );
      add(`query twice ${value.slice(0, 20)}`, `${base}?${twice}`);
    }
  }

  // Hostile values in every body field, as JSON and as a form.
  if (hasBody) {
    const fields = op.fields.length ? op.fields : ["id", "text", "username"];
    for (const value of HOSTILE_VALUES) {
      const body = Object.fromEntries(fields.map((f) => [f, value]));
      if (!op.multipart) {
        add(`json ${safeJson(value).slice(0, 20)}`, base, {
          headers: { "content-type": "application/json" },
          body: safeJson(body),
        });
      }
      const form = new FormData();
      for (const f of fields) form.append(f, typeof value === "string" ? value : safeJson(value));
      add(`form ${safeJson(value).slice(0, 20)}`, base, { body: form });
    }
    // A file where a field is expected, and a field where a file is expected.
    const files = new FormData();
    for (const f of fields) files.append(f, new File([new Uint8Array([0x3c, 0x73, 0x76, 0x67])], "../x.svg"));
    add("files in every field", base, { body: files });
  }
  return out;
}

/** Words that must never reach a client: stack frames, SQL engine errors, file paths. */
export const LEAKS = [
  /\bat [\w$.<>]+ \(/, // a stack frame
  /\.tsx?:\d+/,
  /node_modules/,
  /D1_ERROR|SQLITE_|SqliteError|no such (table|column)/i,
  /TypeError|ReferenceError|SyntaxError: Unexpected/,
  /drizzle|miniflare|workerd/i,
];

let fingerprintSql: string | null = null;

/** Row counts and last changes of every table: what a refused request must leave as it was. */
export async function databaseFingerprint(): Promise<string> {
  if (!fingerprintSql) {
    const { results } = await env.DB.prepare(
      `SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%'
         AND name NOT LIKE 'd1_%' AND name <> 'rate_limits' AND name NOT GLOB '*_fts_*'`,
    ).all<{ name: string }>();
    const parts = await Promise.all(
      results.map(async ({ name }) => {
        const cols = await env.DB.prepare("SELECT name FROM pragma_table_info(?)")
          .bind(name)
          .all<{ name: string }>();
        const changed = cols.results.some((c) => c.name === "updated_at") ? "max(updated_at)" : "0";
        return `(SELECT count(*) || ':' || ifnull(${changed}, 0) FROM "${name}")`;
      }),
    );
    // One column per table: a single concatenation of every table passes SQLite's expression depth.
    fingerprintSql = `SELECT ${parts.map((p, i) => `${p} AS t${i}`).join(", ")}`;
  }
  const row = await env.DB.prepare(fingerprintSql).first<Record<string, string>>();
  return row ? Object.values(row).join(",") : "";
}
