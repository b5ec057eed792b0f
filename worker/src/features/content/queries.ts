import { asc } from "drizzle-orm";
import type { Database } from "#worker/db/database.ts";
import { featuredItems, membershipPlans } from "#worker/db/schema/index.ts";

// The public content's reads. Each goes through a batch, so a signed-in request's token check rides
// in the same round trip (docs/decisions/156).

/** The sidebar carousel's cards in the order staff set. */
export async function featuredRows(db: Database) {
  const [rows] = await db.orm.batch([
    db.orm
      .select({
        id: featuredItems.id,
        link: featuredItems.link,
        title: featuredItems.title,
        subtitle: featuredItems.subtitle,
        image: featuredItems.image,
        translations: featuredItems.translations,
      })
      .from(featuredItems)
      .orderBy(asc(featuredItems.position), asc(featuredItems.id)),
  ]);
  return rows;
}

/** The membership plans in the order staff set. */
export async function planRows(db: Database) {
  const [rows] = await db.orm.batch([
    db.orm.select().from(membershipPlans).orderBy(asc(membershipPlans.position)),
  ]);
  return rows;
}
