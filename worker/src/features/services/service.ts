import { eq } from "drizzle-orm";
import { MARKET_COUNT_CAP, MB, SERVICE_IMAGE_MAX_MB } from "#shared/constants.ts";
import { PEOPLE_MSG } from "#shared/schemas/people.ts";
import type { CursorPage } from "#shared/schemas/posts.ts";
import {
  SERVICES_MSG,
  type Service,
  type ServiceForm,
  type ServiceKey,
  type ServiceListQuery,
  type ServicePatch,
} from "#shared/schemas/services.ts";
import type { Owner } from "#shared/schemas/user.ts";
import { services, users } from "#worker/db/schema/index.ts";
import { decodeCursor, encodeCursor, type RowOf, type Statement } from "#worker/db/sql.ts";
import type { Deps } from "#worker/deps.ts";
import type { AuthUser } from "#worker/env.ts";
import { fail } from "#worker/lib/errors.ts";
import { makeSlug } from "#worker/lib/ids.ts";
import { forgetFiles, storeUpload } from "#worker/lib/media.ts";
import { findOwnerId, type OwnerRow, toOwner } from "#worker/lib/owners.ts";
import { hitCounters } from "#worker/lib/rate-limits.ts";
import { iso } from "#worker/lib/time.ts";
import { actionCounters } from "#worker/lib/trust.ts";
import {
  myServicesStatements,
  publicServicesStatements,
  serviceByOwnerSlug,
  serviceByUsernameSlug,
  servicePage,
} from "./queries";

// The services marketplace (docs/decisions/050). Lists read like the job lists: newest first by id,
// one index range from a keyset cursor, totals from counters or a capped count.

type ServiceRow = RowOf<typeof services> & { owner: OwnerRow | null };

const TAG = "s";

function serviceLink(username: string, slug: string): string {
  return `/service/${encodeURIComponent(username)}/${encodeURIComponent(slug)}`;
}

function toService(row: ServiceRow, owner: Owner, viewerId: number | null): Service {
  return {
    slug: row.slug,
    username: owner.username,
    link: serviceLink(owner.username, row.slug),
    owner,
    title: row.title,
    description: row.description,
    category: row.category,
    price: row.price,
    delivery_days: row.deliveryDays,
    images: row.images,
    skills: row.skills,
    is_active: row.isActive,
    user_is_owner: viewerId !== null && viewerId === row.ownerId,
    created_at: iso(row.createdAt),
    updated_at: iso(row.updatedAt),
  };
}

/** Rows read with their owners (queries.ts) as the API shows them; one whose owner is gone is left out. */
function toServices(rows: ServiceRow[], viewerId: number | null): Service[] {
  return rows.flatMap((row) => (row.owner ? [toService(row, toOwner(row.owner), viewerId)] : []));
}

/** Only people with the service-provider setting on publish services. */
async function assertProvider(deps: Deps, userId: number): Promise<void> {
  const row = await deps.db.orm
    .select({ on: users.serviceProvider })
    .from(users)
    .where(eq(users.id, userId))
    .get();
  if (!row?.on) fail(403, SERVICES_MSG.notProvider);
}

async function storeImages(deps: Deps, ownerId: number, files: File[]): Promise<string[]> {
  const links: string[] = [];
  for (const [i, file] of files.entries()) {
    const stored = await storeUpload(deps, {
      file,
      ownerId,
      field: `images.${i}`,
      accept: "image",
      folder: "services",
      maxBytes: SERVICE_IMAGE_MAX_MB * MB,
    });
    links.push(stored.url);
  }
  return links;
}

/** Services a person may offer a day (and their trust level's allowance). */
const SERVICES_PER_DAY = { max: 20, windowMs: 24 * 60 * 60_000 };

/**
 * `POST .../service`: a new active service of the caller. Offering one is saying "I offer
 * services": the setting is switched on in the same batch as the insert, so a new person lists
 * their first service without a trip to their job settings, and nobody ends up with a published
 * service while the setting is off.
 */
export async function createService(
  deps: Deps,
  owner: Pick<AuthUser, "id" | "trust" | "username">,
  form: ServiceForm,
): Promise<{ slug: string; link: string }> {
  const rate = { key: `service:${owner.id}`, rule: SERVICES_PER_DAY };
  await hitCounters(deps.db, await actionCounters(deps, owner, rate, "service"));
  const images = await storeImages(deps, owner.id, form.images);
  const slug = makeSlug(form.title, "service");
  await deps.db.orm.batch([
    deps.db.orm.update(users).set({ serviceProvider: true }).where(eq(users.id, owner.id)),
    deps.db.orm.insert(services).values({
      ownerId: owner.id,
      slug,
      title: form.title,
      description: form.description,
      category: form.category,
      price: form.price,
      deliveryDays: form.delivery_days,
      images,
      skills: form.skills,
    }),
  ]);
  return { slug, link: serviceLink(owner.username, slug) };
}

function findService(deps: Deps, ownerId: number, slug: string): Promise<ServiceRow | undefined> {
  return serviceByOwnerSlug(deps.db, ownerId, slug);
}

/** `GET /api/v1/service`: one service; a paused one is a 404 to everyone but its owner. */
export async function getService(deps: Deps, key: ServiceKey, viewerId: number | null): Promise<Service> {
  const { ownerId, row } = await serviceByUsernameSlug(deps.db, key.username, key.slug);
  if (ownerId === null) fail(404, PEOPLE_MSG.userNotFound);
  if (!row || (!row.isActive && viewerId !== ownerId)) fail(404, SERVICES_MSG.serviceNotFound);
  const [service] = toServices([row], viewerId);
  if (!service) fail(404, SERVICES_MSG.serviceNotFound);
  return service;
}

/** The caller's own service by slug; someone else's is a 403 (when they can see it at all). */
async function ownService(deps: Deps, userId: number, key: { username?: string; slug: string }) {
  const ownerId = key.username === undefined ? userId : await findOwnerId(deps, key.username);
  const row = await findService(deps, ownerId, key.slug);
  if (!row || (!row.isActive && ownerId !== userId)) fail(404, SERVICES_MSG.serviceNotFound);
  if (ownerId !== userId) fail(403, SERVICES_MSG.notYourService);
  return row;
}

/**
 * `PATCH .../service`: the owner changes fields, replaces the pictures, or pauses (`is_active`
 * false) and resumes it. Pausing is always allowed; anything that leaves it published needs the
 * service-provider setting.
 */
export async function updateService(
  deps: Deps,
  viewer: { id: number },
  patch: ServicePatch,
): Promise<Service> {
  const row = await ownService(deps, viewer.id, patch);
  const active = patch.is_active ?? row.isActive;
  if (active) await assertProvider(deps, viewer.id);
  const images = patch.images?.length ? await storeImages(deps, viewer.id, patch.images) : null;
  await deps.db.orm
    .update(services)
    .set({
      title: patch.title,
      description: patch.description,
      category: patch.category,
      price: patch.price,
      deliveryDays: patch.delivery_days,
      skills: patch.skills,
      isActive: active,
      ...(images ? { images } : {}),
      updatedAt: Date.now(),
    })
    .where(eq(services.id, row.id));
  if (images && row.images.length) await forgetFiles(deps, row.images);
  const updated = await findService(deps, row.ownerId, row.slug);
  if (!updated) fail(404, SERVICES_MSG.serviceNotFound);
  const [service] = toServices([updated], viewer.id);
  if (!service) fail(404, SERVICES_MSG.serviceNotFound);
  return service;
}

/** `DELETE .../service`: the owner deletes it with its pictures. */
export async function deleteService(deps: Deps, userId: number, key: ServiceKey): Promise<void> {
  const row = await ownService(deps, userId, key);
  await deps.db.orm.delete(services).where(eq(services.id, row.id));
  if (row.images.length) await forgetFiles(deps, row.images);
}

async function page(
  deps: Deps,
  statements: [Statement, Statement],
  q: { limit: number },
  viewerId: number | null,
  cap = Number.POSITIVE_INFINITY,
): Promise<CursorPage<Service>> {
  const { rows, counted } = await servicePage(deps.db, statements);
  const total = Math.min(counted, cap);
  const last = rows.at(-1);
  return {
    list: toServices(rows, viewerId),
    total_list: total,
    total_pages: Math.ceil(total / q.limit),
    next_cursor: last && rows.length === q.limit ? encodeCursor(TAG, [last.id]) : null,
  };
}

/**
 * `GET /api/v1/service/list`: active services, newest first. Without `q`, one index range
 * (active, then category when given); with `q`, the full-text index newest first. The price range
 * is checked on the rows read.
 */
export async function listPublicServices(
  deps: Deps,
  q: ServiceListQuery,
  viewerId: number | null,
): Promise<CursorPage<Service>> {
  const statements = publicServicesStatements(q, decodeCursor(q.cursor, TAG, 1));
  return page(deps, statements, q, viewerId, MARKET_COUNT_CAP);
}

/** `GET .../service/list`: the caller's services, active and paused. */
export async function listMyServices(
  deps: Deps,
  ownerId: number,
  q: { skip: number; limit: number; cursor?: string },
): Promise<CursorPage<Service>> {
  return page(deps, myServicesStatements(ownerId, q, decodeCursor(q.cursor, TAG, 1)), q, ownerId);
}
