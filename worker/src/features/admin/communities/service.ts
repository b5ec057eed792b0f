import { type Page, toPage } from "#shared/api.ts";
import type { AdminCommunity } from "#shared/schemas/admin.ts";
import type { Deps } from "#worker/deps.ts";
import { iso } from "#worker/lib/time.ts";
import { communityPage } from "./queries";

/**
 * `GET .../community/list`: newest first; with `name`, the communities whose name starts with it
 * (any case), by name. The prefix range seeks the unique index on lower(name); the plain total
 * comes from the site counter.
 */
export async function listCommunities(
  { db }: Deps,
  input: { name: string; skip: number; limit: number },
): Promise<Page<AdminCommunity>> {
  const { rows, total } = await communityPage(db, input.name, input);
  return toPage(
    rows.map((r) => ({
      name: r.name,
      display_name: r.displayName,
      image: r.image,
      is_verified: r.isVerified,
      total_members: r.totalMembers,
      total_microposts: r.totalMicroposts,
      created_at: iso(r.createdAt),
    })),
    total,
    input.limit,
  );
}
