import type { Deps } from "#worker/deps.ts";

/** A person's trust level set by hand (as staff would), for journeys; answers how many rows changed. */
export async function setTrustLevel(deps: Deps, username: string, level: number): Promise<number> {
  const { db } = deps;
  const [result] = await db.write([
    db.prepare({
      sql: "UPDATE users SET trust_level = ?1, trust_level_manual = 1, trust_level_at = ?2 WHERE username = ?3",
      binds: [level, Date.now(), username],
    }),
  ]);
  return result?.meta.changes ?? 0;
}
