import { createRoute } from "@hono/zod-openapi";
import { cursorPageSchema } from "#shared/schemas/posts.ts";
import {
  myServiceListQuerySchema,
  type ServiceForm,
  type ServiceKey,
  type ServicePatch,
  serviceCreatedSchema,
  serviceFormSchema,
  serviceKeySchema,
  serviceListQuerySchema,
  servicePatchSchema,
  serviceSchema,
} from "#shared/schemas/services.ts";
import {
  binary,
  createRouter,
  errorResponses,
  formBody,
  json,
  jsonOrForm,
  keyFrom,
  optionalKey,
  readBody,
  security,
} from "#worker/lib/router.ts";
import {
  createService,
  deleteService,
  getService,
  listMyServices,
  listPublicServices,
  updateService,
} from "./service";

const tags = ["Services"];
const PRIVATE = "/api/v1/private/user";

// The OpenAPI document shows `images` as up to three binary parts.
const imagesDoc = { type: "array", items: binary, maxItems: 3 } as const;
const createBody = serviceFormSchema.extend({ images: serviceFormSchema.shape.images.openapi(imagesDoc) });
const patchBody = servicePatchSchema.extend({ images: servicePatchSchema.shape.images.openapi(imagesDoc) });

const PAGE_NOTE =
  "Newest first. Send `cursor` (the previous page's `next_cursor`) for the next page without reading the skipped rows; `skip` works too.";

const list = createRoute({
  method: "get",
  path: "/api/v1/service/list",
  tags,
  summary: "Active services: full text, category and price range (cents)",
  description: `\`q\` searches title, description and skills. ${PAGE_NOTE} With \`q\` or a price bound, total_list stops at 1000.`,
  request: { query: serviceListQuerySchema },
  responses: { 200: json(cursorPageSchema(serviceSchema), "A page of services"), ...errorResponses(422) },
});

const one = createRoute({
  method: "get",
  path: "/api/v1/service",
  tags,
  summary: "One service by its owner and slug",
  description: "A paused service is a 404 to everyone but its owner.",
  request: { query: serviceKeySchema },
  responses: { 200: json(serviceSchema, "The service"), ...errorResponses(404, 422) },
});

const mine = createRoute({
  method: "get",
  path: `${PRIVATE}/service/list`,
  tags,
  summary: "My services, active and paused (Manage Services)",
  description: PAGE_NOTE,
  security,
  request: { query: myServiceListQuerySchema },
  responses: {
    200: json(cursorPageSchema(serviceSchema), "A page of services"),
    ...errorResponses(401, 422),
  },
});

const create = createRoute({
  method: "post",
  path: `${PRIVATE}/service`,
  tags,
  summary: "Offer a service (multipart)",
  description:
    "title, description, category (a job category), price in cents (at least 500), delivery_days (1-90), up to 3 `images` parts, skills comma-joined (at most 5). Switches the caller's SERVICE_PROVIDER setting on in the same write.",
  security,
  request: { body: formBody(createBody) },
  responses: {
    201: json(serviceCreatedSchema, "Its slug and page"),
    ...errorResponses(401, 413, 415, 422, 429),
  },
});

const update = createRoute({
  method: "patch",
  path: `${PRIVATE}/service`,
  tags,
  summary: "Change, pause or resume one of my services (multipart or JSON, by slug)",
  description:
    "Fields left out stay. New `images` replace the old ones. `is_active=false` pauses it (only its owner sees it), `true` publishes it again. Anything but pausing needs the SERVICE_PROVIDER setting on.",
  security,
  request: { body: jsonOrForm(patchBody) },
  responses: {
    200: json(serviceSchema, "The service as it is now"),
    ...errorResponses(401, 403, 404, 413, 415, 422),
  },
});

const remove = createRoute({
  method: "delete",
  path: `${PRIVATE}/service`,
  tags,
  summary: "Delete one of my services (username, slug in the query or the body)",
  security,
  request: { query: optionalKey, body: jsonOrForm(serviceKeySchema) },
  responses: { 204: { description: "Deleted" }, ...errorResponses(401, 403, 404, 415, 422) },
});

export const servicesRoutes = createRouter()
  .openapi(list, async (c) =>
    c.json(await listPublicServices(c.var.deps, c.req.valid("query"), c.get("viewer")?.id ?? null), 200),
  )
  .openapi(one, async (c) =>
    c.json(await getService(c.var.deps, c.req.valid("query"), c.get("viewer")?.id ?? null), 200),
  )
  .openapi(mine, async (c) =>
    c.json(await listMyServices(c.var.deps, c.get("user").id, c.req.valid("query")), 200),
  )
  .openapi(create, async (c) => {
    return c.json(await createService(c.var.deps, c.get("user"), readBody<ServiceForm>(c)), 201);
  })
  .openapi(update, async (c) =>
    c.json(await updateService(c.var.deps, c.get("user"), readBody<ServicePatch>(c)), 200),
  )
  .openapi(remove, async (c) => {
    await deleteService(c.var.deps, c.get("user").id, keyFrom<ServiceKey>(c, serviceKeySchema));
    return c.body(null, 204);
  });
