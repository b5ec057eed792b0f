import { desc, eq } from "drizzle-orm";
import { devOutbox } from "#worker/db/schema/index.ts";
import type { Deps } from "#worker/deps.ts";
import { iso } from "#worker/lib/time.ts";

/** The newest e-mails "sent" to an address in development and tests, newest first. */
export async function readOutbox({ db }: Deps, to: string) {
  const rows = await db.orm
    .select()
    .from(devOutbox)
    .where(eq(devOutbox.to, to))
    .orderBy(desc(devOutbox.id))
    .limit(20)
    .all();
  return rows.map((r) => ({
    to: r.to,
    subject: r.subject,
    text: r.text,
    html: r.html,
    headers: r.headers,
    created_at: iso(r.createdAt),
  }));
}
