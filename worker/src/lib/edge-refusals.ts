import { errorSchema } from "#shared/api.ts";
import { z } from "#shared/zod-jitless.ts";
import { ADMIN_ENROLL_PATHS } from "../middleware/admin-enroll-paths";

// Refusals answered before an operation's handler runs, by the middleware every request passes
// (app.ts), added to each operation of the OpenAPI document they can answer, so the document lists
// every status a client can receive and not only the ones its route names.

type Responses = Record<string, unknown>;
type Operation = { responses?: Responses; requestBody?: unknown; parameters?: unknown[] };

const { $schema: _, ...errorJsonSchema } = z.toJSONSchema(errorSchema);
const errorJson = (description: string) => ({
  description,
  content: { "application/json": { schema: errorJsonSchema } },
});

const SIGNED_IN = [/^\/api\/v1\/private\//, /^\/api\/admin\/private\//, /^\/api\/webpage-preview$/];

/** The edge's refusals an operation may give, by status. */
function edgeRefusals(method: string, path: string, op: Operation): Record<string, string> {
  const found: Record<string, string> = {
    400: "A malformed percent-encoding in the address or a form body, or a body that is not what its type says",
  };
  // Every request that can carry a body is held to a size, whether or not its operation reads one.
  if (method !== "get" && method !== "head") found[413] = "The body is larger than this operation takes";
  if (op.requestBody) found[415] = "The body is not JSON or a form";
  if (op.requestBody || (op.parameters?.length ?? 0) > 0)
    found[422] =
      "Validation failed: the detail names the field; `fields` maps each refused field to its problem";
  if (SIGNED_IN.some((re) => re.test(path))) found[401] = "No or bad token";
  // Staff without an authenticator app on may call only the set-up paths (middleware/auth.ts).
  if (/^\/api\/admin\/private\//.test(path) && !ADMIN_ENROLL_PATHS.has(path))
    found[403] = "The admin has no second factor on yet: code `mfa_setup_required` (set it up first)";
  return found;
}

/** The document with each operation's edge refusals added where its route did not name them. */
export function withEdgeRefusals<T extends { paths?: object }>(doc: T): T {
  const paths = (doc.paths ?? {}) as Record<string, Record<string, Operation>>;
  for (const [path, methods] of Object.entries(paths)) {
    for (const [method, op] of Object.entries(methods)) {
      op.responses ??= {};
      for (const [status, description] of Object.entries(edgeRefusals(method, path, op)))
        op.responses[status] ??= errorJson(description);
    }
  }
  return doc;
}
