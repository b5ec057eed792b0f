import { sql } from "drizzle-orm";
import { keptByText } from "#worker/db/kept-by-text.ts";
import { communityBans } from "#worker/db/schema/index.ts";
import { sqlText } from "#worker/db/sql.ts";

/** BAN_ENDS_SQL's texts, built once per isolate for each place that asks (a vote's, a comment's). */
const banEndsTexts = keptByText<string>(32);

/**
 * The ban's end as the reads give it (`refuseIfBanned` of ./community-bans.ts judges it): -1 until
 * lifted, a time, or null when not banned. The three expressions are the outer statement's
 * (a column or a bound parameter).
 */
export const BAN_ENDS_SQL = (communityIdExpr: string, userIdExpr: string, nowExpr: string) =>
  banEndsTexts(`${communityIdExpr}\n${userIdExpr}\n${nowExpr}`, () => {
    const b = communityBans;
    return sqlText(sql`(SELECT coalesce(${b.endsAt}, -1) FROM ${b} WHERE ${b.communityId} = ${sql.raw(communityIdExpr)}
     AND ${b.userId} = ${sql.raw(userIdExpr)} AND (${b.endsAt} IS NULL OR ${b.endsAt} > ${sql.raw(nowExpr)}))`);
  });
