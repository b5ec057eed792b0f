// Bulk data for the feed benchmark, written straight into the local D1 file (the server is stopped
// meanwhile): going through the API would take hours for a million posts. Every row is what the
// API would have written, and the triggers of the schema (feed counters, full-text search) run as
// they would, so the database is the one the Worker expects. Counters are computed from the rows.
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";

const BATCH = 50_000;

/** The local D1 database file of a `--persist-to` directory (scripts/server.mjs). */
export function d1File(persistTo) {
  const dir = join(persistTo, "v3", "d1", "miniflare-D1DatabaseObject");
  const file = readdirSync(dir).find((f) => f.endsWith(".sqlite") && f !== "metadata.sqlite");
  if (!file) throw new Error(`no D1 database under ${dir}`);
  return join(dir, file);
}

/** A stable pseudo-random number in [0, 1) for row i, so two loads make the same data. */
const noise = (i, salt = 0) => {
  let x = (i + 1) * 2654435761 + salt * 40503;
  x = (x ^ (x >>> 15)) * 2246822519;
  x ^= x >>> 13;
  return ((x >>> 0) % 1_000_000) / 1_000_000;
};

function inBatches(db, total, write) {
  for (let start = 0; start < total; start += BATCH) {
    db.exec("BEGIN");
    const end = Math.min(total, start + BATCH);
    for (let i = start; i < end; i++) write(i);
    db.exec("COMMIT");
  }
}

/**
 * Loads `posts` published posts over `users` people and `communities` communities, real votes on
 * one post in a hundred, and one thread of `threadComments` comments (half top-level, half replies
 * down to depth 3). Answers what the measurements need.
 */
export function loadFeedData(
  file,
  { posts = 1_000_000, users = 1_000, communities = 100, threadComments = 5_000, log = console.log } = {},
) {
  const db = new DatabaseSync(file);
  db.exec("PRAGMA foreign_keys = ON");
  const started = Date.now();
  const now = Date.now();
  const hash = db.prepare("SELECT password_hash AS h FROM users ORDER BY id LIMIT 1").get()?.h;
  if (!hash) throw new Error("load the demo data first (start the server once)");

  // People: one in ten is verified, so the VERIFIED feed has a tenth of the posts.
  const firstUser = Number(db.prepare("SELECT coalesce(max(id), 0) + 1 AS n FROM users").get().n);
  const addUser = db.prepare(
    `INSERT INTO users (username, email, password_hash, status, profile_name, is_verified_user, created_at, updated_at)
     VALUES (?, ?, ?, 'ACTIVE', ?, ?, ?, ?)`,
  );
  // They joined a year ago, as most people of a site this size did (a new account's daily limits,
  // worker/src/lib/trust.ts, would refuse a benchmark's steady writing).
  const joined = now - 365 * 86_400_000;
  inBatches(db, users, (i) => {
    const name = `bench${String(i).padStart(5, "0")}`;
    addUser.run(
      name,
      `${name}@bench.example`,
      hash,
      `Bench Person ${i}`,
      i % 10 === 0 ? 1 : 0,
      joined,
      joined,
    );
  });
  const userId = (i) => firstUser + (i % users);

  // Communities, each person in five of them.
  const firstCommunity = Number(db.prepare("SELECT coalesce(max(id), 0) + 1 AS n FROM communities").get().n);
  const addCommunity = db.prepare(
    "INSERT INTO communities (name, display_name, description, owner_id, created_at) VALUES (?, ?, ?, ?, ?)",
  );
  const addMember = db.prepare(
    "INSERT OR IGNORE INTO community_members (community_id, user_id, role, created_at) VALUES (?, ?, ?, ?)",
  );
  inBatches(db, communities, (c) => {
    addCommunity.run(`bench${c}`, `Bench ${c}`, "A community of the feed benchmark", userId(c), now);
    addMember.run(firstCommunity + c, userId(c), "OWNER", now);
  });
  inBatches(db, users, (u) => {
    for (let k = 0; k < 5; k++)
      addMember.run(firstCommunity + ((u * 7 + k * 13) % communities), firstUser + u, "MEMBER", now + k);
  });

  // Posts, one second apart, newest last; owners and communities spread evenly.
  const firstPost = Number(db.prepare("SELECT coalesce(max(id), 0) + 1 AS n FROM microposts").get().n);
  const start = now - posts * 1000 - 60_000;
  const addPost = db.prepare(
    `INSERT INTO microposts (public_id, owner_id, community_id, title, body, slug, post_type, is_owner_verified,
       published_at, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, 'TEXT', ?, ?, ?, ?)`,
  );
  inBatches(db, posts, (i) => {
    const owner = i % users;
    const at = start + i * 1000;
    addPost.run(
      `bench${i.toString(36).padStart(10, "0")}`,
      firstUser + owner,
      firstCommunity + ((i * 7) % communities),
      `Benchmark post number ${i}`,
      `<p>Post ${i} of the feed benchmark, with a <strong>little</strong> formatting.</p>`,
      `benchmark-post-number-${i}`,
      owner % 10 === 0 ? 1 : 0,
      at,
      at,
      at,
    );
    if ((i + 1) % 200_000 === 0)
      log(`  ${(i + 1).toLocaleString()} posts (${((Date.now() - started) / 1000).toFixed(0)} s)`);
  });

  // Votes: real rows on one post in a hundred (up to 40 each), then every count from its rows.
  const addVote = db.prepare(
    "INSERT OR IGNORE INTO micropost_votes (micropost_id, user_id, created_at) VALUES (?, ?, ?)",
  );
  let votes = 0;
  inBatches(db, Math.ceil(posts / 100), (k) => {
    const voters = Math.floor(noise(k) * 40);
    for (let v = 0; v < voters; v++) addVote.run(firstPost + k * 100, userId(k + v * 31), now);
    votes += voters;
  });
  db.exec(`UPDATE microposts SET total_votes = (SELECT count(*) FROM micropost_votes v WHERE v.micropost_id = microposts.id)
           WHERE id IN (SELECT DISTINCT micropost_id FROM micropost_votes)`);

  // The thread: a post with `threadComments` comments.
  const threadPost = firstPost + Math.floor(posts / 2);
  const addComment = db.prepare(
    `INSERT INTO comments (public_id, micropost_id, parent_id, root_id, owner_id, body, depth, total_replies, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const top = Math.ceil(threadComments / 2);
  const replies = threadComments - top;
  // Replies hang in chains under the first top-level comments: depth 1, 2, 3 in turn.
  const chains = Math.ceil(replies / 3);
  const ids = [];
  let made = 0;
  db.exec("BEGIN");
  for (let k = 0; k < top; k++) {
    const at = now + k * 1000;
    const chainLength = k < chains ? Math.min(3, replies - k * 3) : 0;
    const result = addComment.run(
      `bth${k}`,
      threadPost,
      null,
      null,
      userId(k),
      `<p>Top comment ${k}</p>`,
      0,
      chainLength > 0 ? 1 : 0,
      at,
      at,
    );
    const root = Number(result.lastInsertRowid);
    ids.push(root);
    let parent = root;
    for (let d = 1; d <= chainLength; d++) {
      const r = addComment.run(
        `bth${k}r${d}`,
        threadPost,
        parent,
        root,
        userId(k + d),
        `<p>Reply ${d} to ${k}</p>`,
        d,
        d < chainLength ? 1 : 0,
        at + d,
        at + d,
      );
      parent = Number(r.lastInsertRowid);
      made++;
    }
    made++;
  }
  db.exec("UPDATE comments SET root_id = id WHERE root_id IS NULL");
  db.prepare("UPDATE microposts SET total_comments = ?, total_top_comments = ? WHERE id = ?").run(
    made,
    top,
    threadPost,
  );
  db.exec("COMMIT");

  // Per-person and per-community counts, from the rows.
  db.exec(
    `UPDATE users SET total_microposts = (SELECT count(*) FROM microposts m WHERE m.owner_id = users.id AND m.is_draft = 0) WHERE id >= ${firstUser}`,
  );
  // The level trust.ts gives a year-old account with about a thousand posts and no moderation:
  // regular (2). It is kept on the row and recomputed after each contribution.
  db.exec(
    `UPDATE users SET trust_level = CASE WHEN total_microposts >= 50 THEN 2 ELSE 1 END, trust_level_at = ${now} WHERE id >= ${firstUser}`,
  );
  db.exec(`UPDATE communities SET
      total_microposts = (SELECT count(*) FROM microposts m WHERE m.community_id = communities.id AND m.is_draft = 0),
      total_members = (SELECT count(*) FROM community_members cm WHERE cm.community_id = communities.id)
    WHERE id >= ${firstCommunity}`);

  const thread = db.prepare("SELECT public_id FROM microposts WHERE id = ?").get(threadPost).public_id;
  const total = Number(
    db.prepare("SELECT value FROM site_counters WHERE key = 'published_microposts'").get().value,
  );
  db.close();
  return {
    seconds: (Date.now() - started) / 1000,
    posts: total,
    votes,
    threadPost: thread,
    threadComments: made,
  };
}

/** The public id of the benchmark's custom feed: every `bench…` community (up to 100). */
export const BENCH_FEED = "benchfeed100";

/**
 * A public custom feed of the benchmark's communities (docs/decisions/149), owned by the first
 * person; made again when missing, so a reused state directory gets it too.
 */
export function addBenchFeed(file) {
  const db = new DatabaseSync(file);
  db.exec("PRAGMA foreign_keys = ON");
  const now = Date.now();
  db.exec("BEGIN");
  db.prepare(
    `INSERT OR IGNORE INTO custom_feeds (public_id, owner_id, name, description, is_public, created_at, updated_at)
     SELECT ?, (SELECT min(id) FROM users), 'Every bench community', '', 1, ?, ?`,
  ).run(BENCH_FEED, now, now);
  db.prepare(
    `INSERT OR IGNORE INTO custom_feed_communities (feed_id, community_id)
     SELECT (SELECT id FROM custom_feeds WHERE public_id = ?), c.id FROM communities c
     WHERE c.name LIKE 'bench%' ORDER BY c.id LIMIT 100`,
  ).run(BENCH_FEED);
  db.exec("COMMIT");
  const n = db
    .prepare(
      "SELECT count(*) AS n FROM custom_feed_communities WHERE feed_id = (SELECT id FROM custom_feeds WHERE public_id = ?)",
    )
    .get(BENCH_FEED).n;
  db.close();
  return n;
}
