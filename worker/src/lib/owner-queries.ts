import { sql } from "drizzle-orm";
import { users } from "#worker/db/schema/index.ts";
import { idList, type Statement, selectOf, statement } from "#worker/db/sql.ts";
import { ownerWithId } from "./owners";

/** Owners of these ids (a page's authors), in one statement; `ownerMap` (./owners.ts) reads its rows. */
export function ownersStatement(ids: Iterable<number>): Statement {
  return statement(
    sql`SELECT ${selectOf(ownerWithId)} FROM ${users} WHERE ${users.id} IN (${sql.raw(idList(ids))})`,
  );
}
