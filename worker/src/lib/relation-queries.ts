import { and, eq } from "drizzle-orm";
import { blocks, follows } from "#worker/db/schema/index.ts";
import type { Deps } from "#worker/deps.ts";
import { NO_RELATION, type Relation } from "./user-json";

// How one person stands to another (follows, blocks): the people feature's profiles ask it, and so
// do the features that let one person act towards another (lib/reach.ts).

/** How the viewer stands to a person: one round trip for the three questions. */
export async function relationOf({ db }: Deps, viewerId: number | null, personId: number): Promise<Relation> {
  if (viewerId === null) return NO_RELATION;
  if (viewerId === personId) return { ...NO_RELATION, isOwner: true };
  const [following, blocked, blocking] = await db.orm.batch([
    db.orm
      .select({ x: follows.followerId })
      .from(follows)
      .where(and(eq(follows.followerId, viewerId), eq(follows.followeeId, personId))),
    db.orm
      .select({ x: blocks.blockerId })
      .from(blocks)
      .where(and(eq(blocks.blockerId, viewerId), eq(blocks.blockedId, personId))),
    db.orm
      .select({ x: blocks.blockerId })
      .from(blocks)
      .where(and(eq(blocks.blockerId, personId), eq(blocks.blockedId, viewerId))),
  ]);
  return {
    isFollowing: following.length > 0,
    isBlocked: blocked.length > 0,
    isBlocking: blocking.length > 0,
    isOwner: false,
  };
}
