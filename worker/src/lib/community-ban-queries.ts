import { sql } from "drizzle-orm";
import { communityBans } from "#worker/db/schema/index.ts";
import { sqlText } from "#worker/db/sql.ts";

/**
 * The ban's end as the reads give it (`refuseIfBanned` of ./community-bans.ts judges it): -1 until
 * lifted, a time, or null when not banned. The three expressions are the outer statement's
 * (a column or a bound parameter).
 */
export const BAN_ENDS_SQL = (communityIdExpr: string, userIdExpr: string, nowExpr: string) => {
  const b = communityBans;
  return sqlText(sql`(SELECT coalesce(${b.endsAt}, -1) FROM ${b} WHERE ${b.communityId} = ${sql.raw(communityIdExpr)}
     AND ${b.userId} = ${sql.raw(userIdExpr)} AND (${b.endsAt} IS NULL OR ${b.endsAt} > ${sql.raw(nowExpr)}))`);
};
