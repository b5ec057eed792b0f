// Every literal "/api/..." path the two SPAs still call through the untyped `apiFetch` /
// `adminFetch` must be a route of the Worker, with the method the call uses (docs/decisions/042).
// Calls through the typed clients (`api.get(…)`, `adminApi.patch(…)`, docs/decisions/182) are
// checked by `tsc` against the API's own document and skipped here; this test goes when the last
// untyped call does. The Worker's side is read from its OpenAPI route definitions, the
// `createRoute({ method, path })` of worker/src/features, plus the few routes outside OpenAPI.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

// happy-dom gives import.meta.url a web address; the folder comes from Node instead.
const ROOT = join(import.meta.dirname, "../..");

/**
 * Routes the SPAs may call that the Worker serves outside its OpenAPI document (plain Hono
 * handlers), as "METHOD /path". None today: even the chat socket's upgrade and the dev outbox are
 * createRoute definitions.
 */
const NOT_IN_OPENAPI: string[] = [];

interface Call {
  method: string;
  path: string;
  where: string;
}

/** TypeScript files below `dir`, without tests and generated route trees. */
function sourceFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { recursive: true, encoding: "utf8" })
    .filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$|\.d\.ts$|\.gen\.ts$/.test(f))
    .map((f) => join(dir, f));
}

/**
 * Comments mention paths as examples; they are not calls. Strings are skipped whole, so a glob
 * in a string ("./es/*.ts") does not open a comment. Line numbers stay as they were.
 */
function withoutComments(code: string): string {
  const token = /("(?:\\.|[^"\\\n])*"|'(?:\\.|[^'\\\n])*'|`(?:\\.|[^`\\])*`)|\/\*[\s\S]*?\*\/|\/\/[^\n]*/g;
  return code.replace(token, (whole, literal?: string) => literal ?? whole.replace(/[^\n]/g, ""));
}

const lineOf = (code: string, index: number) => code.slice(0, index).split("\n").length;

/** `const NAME = "/api/..."` in a file: prefixes such as chat's `${CHAT}/thread`. */
function pathConstants(code: string): Map<string, string> {
  const constants = new Map<string, string>();
  for (const [, name, value] of code.matchAll(/const\s+(\w+)\s*=\s*["'`](\/api\/[^"'`$]*)["'`]/g))
    constants.set(name!, value!);
  return constants;
}

/**
 * Prefixes a feature keeps per kind of account in an object (`user: { P: "/api/v1/…" }, admin: {
 * P: "/api/admin/…" }`) and builds its routes from (`${P}/mfa`): each name with every value it has.
 */
function prefixAlternatives(code: string): Map<string, string[]> {
  const alternatives = new Map<string, string[]>();
  for (const [, name, value] of code.matchAll(/\b(\w+):\s*["'](\/api\/[^"'$]*)["']/g))
    alternatives.set(name!, [...(alternatives.get(name!) ?? []), value!]);
  return alternatives;
}

/** A path template with each per-kind prefix (see prefixAlternatives) filled in, one path per value. */
function expandPrefixes(raw: string, alternatives: Map<string, string[]>): string[] {
  const name = /\$\{\s*(\w+)\s*\}/.exec(raw)?.[1];
  const values = name ? alternatives.get(name) : undefined;
  if (!name || !values) return [raw];
  return values.flatMap((value) =>
    expandPrefixes(raw.replaceAll(new RegExp(`\\$\\{\\s*${name}\\s*\\}`, "g"), value), alternatives),
  );
}

/**
 * A path as written, made comparable: known constants filled in, a leading `${origin}` dropped,
 * the query string cut, and any other `${...}`, `{name}` or `:name` segment made a placeholder.
 */
function normalise(raw: string, constants: Map<string, string>): string | null {
  const filled = raw.replace(/\$\{\s*(\w+)\s*\}/g, (whole, name: string) => constants.get(name) ?? whole);
  const start = filled.indexOf("/api/");
  if (start < 0) return null;
  return filled
    .slice(start)
    .replace(/[?#].*$/, "")
    .split("/")
    .map((segment) => (/^(\$\{.*\}|\{\w+\}|:\w+)$/.test(segment) ? "{}" : segment))
    .join("/");
}

/**
 * The text of the call a path literal is an argument of, after the literal: up to the call's
 * closing parenthesis, or the end of the statement when it is not in a call.
 */
function restOfCall(code: string, from: number): string {
  let depth = 0;
  for (let i = from; i < code.length; i++) {
    const c = code[i];
    if (c === "(" || c === "{" || c === "[") depth++;
    else if (c === ")" || c === "}" || c === "]") {
      if (--depth < 0) return code.slice(from, i);
    } else if (c === ";" && depth === 0) return code.slice(from, i);
  }
  return code.slice(from);
}

/** The methods a call uses: its `method:` literals, else POST with a body and GET without (http.ts). */
function methodsOf(call: string): string[] {
  const method = /\bmethod:\s*([^,}\n]+)/.exec(call);
  if (method) return [...method[1]!.matchAll(/["'](GET|POST|PATCH|PUT|DELETE)["']/g)].map((m) => m[1]!);
  return [/\bbody[:,\s]/.test(call) ? "POST" : "GET"];
}

/** A typed client's call (`api.get(`, `adminApi.post(`, `client.delete(`), whose paths `tsc` checks. */
const TYPED_CALL = /\b(?:api|adminApi|client)\s*\.(?:get|post|patch|put|delete)\s*$/;

/** Whether the literal at `index` is an argument of a typed client's call, or of one of its types. */
function inTypedCall(code: string, index: number): boolean {
  if (/\b(?:Answer|JsonBody)<\s*"\w+",\s*$/.test(code.slice(Math.max(0, index - 40), index))) return true;
  let depth = 0;
  for (let i = index - 1; i >= 0; i--) {
    const c = code[i];
    if (c === ")" || c === "}" || c === "]") depth++;
    else if (c === "{" || c === "[") {
      if (--depth < 0) return false;
    } else if (c === "(") {
      if (depth === 0) return TYPED_CALL.test(code.slice(Math.max(0, i - 40), i));
      depth--;
    }
  }
  return false;
}

/** Every literal API path of the SPAs' untyped calls, with the method of its call. */
function spaCalls(): Call[] {
  const calls: Call[] = [];
  for (const file of ["web/src", "admin/src", "shared/client"].flatMap(sourceFiles)) {
    const code = withoutComments(readFileSync(join(ROOT, file), "utf8"));
    const constants = pathConstants(code);
    // A string or template literal that starts with a path, or with `${something}` and then it
    // (an origin, or a constant holding the start of the path).
    const literal = /(["'`])((?:\$\{\w+\})?\/[^"'`\s]*)\1/g;
    for (const match of code.matchAll(literal)) {
      const raw = match[2]!;
      const before = code.slice(0, match.index);
      // A prefix constant is checked where it is used (`${CHAT}/thread`), not on its own.
      // So is a per-kind prefix kept in an object (`user: { P: "/api/v1/…" }`, see prefixAlternatives).
      const constant = /(?:const\s+(\w+)\s*=|\b(\w+):)\s*$/.exec(before);
      const name = constant?.[1] ?? constant?.[2];
      if (name && new RegExp(String.raw`\$\{\s*${name}\s*\}`).test(code)) continue;
      if (inTypedCall(code, match.index)) continue;
      const where = `${file}:${lineOf(code, match.index)}`;
      for (const expanded of expandPrefixes(raw, prefixAlternatives(code))) {
        const path = normalise(expanded, constants);
        if (!path) continue;
        for (const method of methodsOf(restOfCall(code, match.index + match[0].length)))
          calls.push({ method, path, where });
      }
    }
  }
  return calls;
}

/** "METHOD /path" of every createRoute in worker/src/features (any file, any depth). */
function workerRoutes(): Set<string> {
  const routes = new Set<string>();
  const files = sourceFiles("worker/src/features").map((file) => ({
    file,
    code: withoutComments(readFileSync(join(ROOT, file), "utf8")),
  }));
  // A path constant may sit in another file of the feature (one routes file split in several):
  // a name used with one value across the features is known everywhere, the file's own first.
  const values = new Map<string, Set<string>>();
  for (const { code } of files)
    for (const [name, value] of pathConstants(code))
      values.set(name, (values.get(name) ?? new Set()).add(value));
  const shared = new Map([...values].filter(([, v]) => v.size === 1).map(([name, v]) => [name, [...v][0]!]));
  for (const { file, code } of files) {
    if (!code.includes("createRoute(")) continue;
    const constants = new Map([...shared, ...pathConstants(code)]);
    for (const match of code.matchAll(/createRoute\(\s*\{/g)) {
      const block = restOfCall(code, match.index + match[0].length);
      const where = `${file}:${lineOf(code, match.index)}`;
      // `path: "/api/..."`, a template with a prefix constant, the name of a constant, or the
      // shorthand `path,` for a constant named path.
      const written = /\bpath(?::\s*(?:(["'`])([^"'`]*)\1|(\w+))|\s*[,}\n])/.exec(block);
      const path = written?.[2] ?? constants.get(written?.[3] ?? (written ? "path" : ""));
      // `method: "get"`, or `method,` taken from a helper's parameter: (method: "post" | "delete") =>
      const literal = /\bmethod:\s*["'](\w+)["']/.exec(block)?.[1];
      const parameter = literal
        ? undefined
        : /\(\s*method:\s*([^)]*)\)\s*=>\s*$/.exec(code.slice(Math.max(0, match.index - 200), match.index));
      const methods = literal
        ? [literal]
        : [...(parameter?.[1] ?? "").matchAll(/["'](\w+)["']/g)].map((m) => m[1]!);
      const paths = path
        ? expandPrefixes(path, prefixAlternatives(code)).map((p) => normalise(p, constants))
        : [];
      if (paths.length === 0 || paths.some((p) => !p) || methods.length === 0)
        throw new Error(`Cannot read the method and path of ${where}`);
      for (const method of methods) for (const p of paths) routes.add(`${method.toUpperCase()} ${p}`);
    }
  }
  return routes;
}

describe("the API paths the SPAs call", () => {
  const routes = workerRoutes();
  const calls = spaCalls();

  it("finds the routes and calls it is meant to find", () => {
    // A guard on the scanner itself: these exist today.
    expect(routes.has("POST /api/v1/private/user/report")).toBe(true);
    expect(routes.has("DELETE /api/v1/private/user/follow")).toBe(true);
    expect(routes.has("GET /api/v1/private/user/chat/thread/list")).toBe(true);
    const seen = new Set(calls.map((c) => `${c.method} ${c.path}`));
    expect(seen.has("GET /api/v1/micropost/comment/list")).toBe(true);
    expect(seen.has("DELETE /api/v1/private/user/chat/thread")).toBe(true);
    // A typed call is left to `tsc`.
    expect(seen.has("GET /api/admin/private/auth/me")).toBe(false);
  });

  it("are all routes of the Worker, with the method they are called with", () => {
    const known = new Set([...routes, ...NOT_IN_OPENAPI]);
    const unknown = calls.filter((c) => !known.has(`${c.method} ${c.path}`));
    expect(
      unknown.map((c) => `${c.method} ${c.path}  (${c.where})`),
      "paths the SPAs call that the Worker does not serve",
    ).toEqual([]);
    const called = new Set(calls.map((c) => `${c.method} ${c.path}`));
    const stale = NOT_IN_OPENAPI.filter((route) => routes.has(route) || !called.has(route));
    expect(stale, "allow-list entries now in OpenAPI, or no longer called").toEqual([]);
  });
});
