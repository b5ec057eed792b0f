import { DurableObject } from "cloudflare:workers";
import type { LiveEvent, LivePostActivity } from "#shared/schemas/live.ts";
import { createDeps, type Deps } from "#worker/deps.ts";
import type { Bindings } from "#worker/env.ts";
import { inboxStub } from "./stubs";

/** A watch lapses after this long without being renewed (a tab that vanished without a word). */
export const WATCH_TTL_MS = 30 * 60_000;
/**
 * Inboxes told straight from this object per event; the rest go through the queue (whose batches
 * wait up to a second). Each call is one subrequest of this object's invocation, well inside the
 * platform's 10,000.
 */
export const DIRECT_FAN_OUT = 2_000;
/** Inboxes one queue job tells. */
const QUEUED_FAN_OUT = 500;
/** Inboxes called at once: each of this many lanes starts the next call as soon as its last ends. */
const PARALLEL = 100;

/** A queue job: tell these people's inboxes a post's new counts. */
export interface LiveFanOutJob {
  kind: "live-fan-out";
  userIds: number[];
  activity: LivePostActivity;
}

/**
 * Who watches one post (the tabs that show it), by person: their inboxes get the post's
 * POST_ACTIVITY when its comments or votes change. Addressed by `post:<public id>`.
 */
export class PostWatchers extends DurableObject<Bindings> {
  private readonly deps: Deps;
  private schemaReady = false;

  constructor(ctx: DurableObjectState, env: Bindings) {
    super(ctx, env);
    this.deps = createDeps(env);
  }

  private sql(): SqlStorage {
    const sql = this.ctx.storage.sql;
    if (!this.schemaReady) {
      sql.exec(
        "CREATE TABLE IF NOT EXISTS watchers (user_id INTEGER PRIMARY KEY, expires_at INTEGER NOT NULL)",
      );
      this.schemaReady = true;
    }
    return sql;
  }

  async watch(userId: number): Promise<void> {
    this.sql().exec(
      "INSERT INTO watchers (user_id, expires_at) VALUES (?, ?) ON CONFLICT (user_id) DO UPDATE SET expires_at = excluded.expires_at",
      userId,
      Date.now() + WATCH_TTL_MS,
    );
  }

  async unwatch(userId: number): Promise<void> {
    this.sql().exec("DELETE FROM watchers WHERE user_id = ?", userId);
  }

  async count(): Promise<number> {
    return Number(
      this.sql().exec("SELECT count(*) AS n FROM watchers WHERE expires_at > ?", Date.now()).one().n,
    );
  }

  /**
   * The post's comments or votes changed because of `actorId`: its counts go to every watcher but
   * those who blocked the actor or whom the actor blocked. Nothing is read from D1 when nobody
   * watches.
   */
  async activity(postPublicId: string, actorId: number | null): Promise<number> {
    const sql = this.sql();
    sql.exec("DELETE FROM watchers WHERE expires_at <= ?", Date.now());
    const ids = sql
      .exec<{ user_id: number }>("SELECT user_id FROM watchers")
      .toArray()
      .map((r) => Number(r.user_id));
    if (ids.length === 0) return 0;
    const { db } = this.deps;
    const [post, blocked] = await Promise.all([
      db.first<{ total_comments: number; total_votes: number }>({
        sql: "SELECT total_comments, total_votes FROM microposts WHERE public_id = ?1",
        binds: [postPublicId],
      }),
      actorId === null
        ? Promise.resolve([])
        : db.all<{ id: number }>({
            sql: `SELECT blocked_id AS id FROM blocks WHERE blocker_id = ?1
                  UNION SELECT blocker_id AS id FROM blocks WHERE blocked_id = ?1`,
            binds: [actorId],
          }),
    ]);
    if (!post) return 0;
    const skip = new Set(blocked.map((r) => Number(r.id)));
    const to = ids.filter((id) => !skip.has(id));
    const activity: LivePostActivity = {
      public_id: postPublicId,
      total_micropost_comments: Number(post.total_comments),
      total_micropost_votes: Number(post.total_votes),
    };
    const direct = to.slice(0, DIRECT_FAN_OUT);
    const jobs: Array<{ body: LiveFanOutJob }> = [];
    for (let i = DIRECT_FAN_OUT; i < to.length; i += QUEUED_FAN_OUT)
      jobs.push({ body: { kind: "live-fan-out", userIds: to.slice(i, i + QUEUED_FAN_OUT), activity } });
    for (let i = 0; i < jobs.length; i += 100) await this.env.JOBS.sendBatch(jobs.slice(i, i + 100));
    const gone = await tellInboxes(this.deps, direct, activity);
    for (const id of gone) sql.exec("DELETE FROM watchers WHERE user_id = ?", id);
    return to.length;
  }
}

/** Tells each person's inbox; answers those whose inbox no longer has a tab on the post. */
export async function tellInboxes(
  deps: Deps,
  userIds: number[],
  activity: LivePostActivity,
): Promise<number[]> {
  const gone: number[] = [];
  const events: LiveEvent[] = [{ type: "POST_ACTIVITY", ...activity }];
  let next = 0;
  const lane = async () => {
    while (next < userIds.length) {
      const id = userIds[next++]!;
      const watching = await inboxStub(deps, id)
        .deliver(id, events)
        .catch((error) => {
          console.error("live fan-out failed", error);
          return true;
        });
      if (!watching) gone.push(id);
    }
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL, userIds.length) }, lane));
  return gone;
}
