import { exports } from "cloudflare:workers";
import { type Schema, Validator } from "@cfworker/json-schema";

// Every answer a worker test receives through `api()` is held against the OpenAPI document the
// Worker serves: its operation must be described, its status must be one of that operation's
// responses, and a JSON body must match the schema documented for that status. A mismatch is
// recorded here and fails the test that received it (the `afterEach` in openapi-check-setup.ts).

type MediaType = { schema?: Schema };
type DocResponse = { content?: Record<string, MediaType> };
type DocOperation = { responses?: Record<string, DocResponse> };
type Doc = {
  paths: Record<string, Record<string, DocOperation>>;
  components?: Record<string, unknown>;
};

type Route = { method: string; template: string; pattern: RegExp; op: DocOperation };

/**
 * The answers the document does not describe, on purpose. Every other answer must match it.
 */
function outsideTheDocument(path: string, status: number): boolean {
  // The document itself, its reference page and the single-page apps are not API operations.
  if (path === "/api/openapi.json" || path.startsWith("/api/docs")) return true;
  if (!path.startsWith("/api/")) return true;
  // No operation has this path and method: the catch-all 404, 405 of a method not served, and
  // 400 of an address whose percent-encoding is broken (refused before any route is matched, and
  // documented as such on every operation).
  return status === 404 || status === 405 || status === 400;
}

let routes: Route[] | null = null;
let components: Record<string, unknown> = {};
const validators = new Map<string, Validator>();

/** Responses checked so far in this test file, and the mismatches not yet reported. */
export const openApiCheck = { checked: 0, mismatches: [] as string[] };

async function loadRoutes(): Promise<Route[]> {
  if (routes) return routes;
  const res = await exports.default.fetch(new Request("http://localhost/api/openapi.json"));
  const doc = (await res.json()) as Doc;
  components = doc.components ?? {};
  const found: Route[] = [];
  for (const [template, methods] of Object.entries(doc.paths)) {
    const source = template.replace(/[.*+?^$()|[\]\\]/g, "\\$&").replace(/\{[^}]+\}/g, "[^/]+");
    for (const [method, op] of Object.entries(methods)) {
      found.push({ method: method.toUpperCase(), template, pattern: new RegExp(`^${source}$`), op });
    }
  }
  // A literal segment wins over a parameter (`/post/mine` before `/post/{id}`), as in the router.
  found.sort((a, b) => paramCount(a.template) - paramCount(b.template));
  routes = found;
  return found;
}

const paramCount = (template: string) => (template.match(/\{/g) ?? []).length;

function validatorFor(key: string, schema: Schema): Validator {
  let validator = validators.get(key);
  if (!validator) {
    // The document's `#/components/...` references resolve against a root that carries them.
    validator = new Validator({ ...schema, components } as Schema, "2020-12", false);
    validators.set(key, validator);
  }
  return validator;
}

/** Holds one answer against the document; records a mismatch, never throws. */
export async function checkAgainstDocument(
  request: { method: string; url: string },
  response: Response,
): Promise<void> {
  const url = new URL(request.url);
  const method = request.method.toUpperCase();
  const path = url.pathname;
  const status = response.status;
  const all = await loadRoutes();
  const route = all.find((r) => r.method === (method === "HEAD" ? "GET" : method) && r.pattern.test(path));
  if (!route) {
    if (outsideTheDocument(path, status)) return;
    openApiCheck.checked += 1;
    openApiCheck.mismatches.push(`${method} ${path} → ${status}: no operation in the document`);
    return;
  }
  openApiCheck.checked += 1;
  const where = `${method} ${route.template} → ${status}`;
  const responses = route.op.responses ?? {};
  const documented = responses[String(status)] ?? responses[`${String(status)[0]}XX`] ?? responses.default;
  if (!documented) {
    const body = await response.text();
    openApiCheck.mismatches.push(`${where}: status not documented (${body.slice(0, 160)})`);
    return;
  }
  const type = (response.headers.get("content-type") ?? "").split(";")[0]?.trim() ?? "";
  const content = documented.content ?? {};
  if (method === "HEAD" || status === 204 || status === 304) return;
  if (type !== "application/json") {
    if (type && Object.keys(content).length > 0 && !(type in content) && !("*/*" in content))
      openApiCheck.mismatches.push(`${where}: ${type} answer, documented ${Object.keys(content).join(", ")}`);
    return;
  }
  const text = await response.text();
  if (text === "") return;
  const media = content["application/json"];
  if (!media) {
    openApiCheck.mismatches.push(`${where}: JSON body not documented (${text.slice(0, 160)})`);
    return;
  }
  if (!media.schema) return;
  const result = validatorFor(`${method} ${route.template} ${status}`, media.schema).validate(
    JSON.parse(text),
  );
  if (!result.valid) {
    const errors = result.errors
      .filter((e) => e.keyword !== "properties" && e.keyword !== "allOf" && e.keyword !== "$ref")
      .slice(0, 4)
      .map((e) => `${e.instanceLocation} ${e.error}`)
      .join("; ");
    openApiCheck.mismatches.push(
      `${where}: body does not match the document: ${errors} in ${text.slice(0, 240)}`,
    );
  }
}
