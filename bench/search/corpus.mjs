// A synthetic corpus for the search benchmark, written straight into a local D1 SQLite file with
// node:sqlite (the server is not running then). Every row goes through the same triggers as in
// production, so the FTS tables are built exactly as the app builds them.
//
// Words follow Zipf's law, like real text: a few words ("the", "and") are in almost every post,
// most are rare. Rank 1 is the most common word.
import { DatabaseSync } from "node:sqlite";

const COMMON = (
  "the of and to a in is it you that he was for on are with as his they be at one have this from or had by " +
  "not word but what some we can out other were all there when up use your how said an each she which do " +
  "their time if will way about many then them write would like so these her long make thing see him two"
).split(" ");

/** A deterministic random generator, so every run builds the same corpus. */
export function rng(seed = 42) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const SYLLABLES = "ka lo mi ne ru ta shi po va de zen mar tel qui bor fa lin sor gra vel tu pen dor ax".split(
  " ",
);

/** `size` words: the common English ones first, then made-up words of 2 to 4 syllables. */
export function vocabulary(size, random) {
  const words = [...COMMON];
  const seen = new Set(words);
  while (words.length < size) {
    const n = 2 + Math.floor(random() * 3);
    let w = "";
    for (let i = 0; i < n; i++) w += SYLLABLES[Math.floor(random() * SYLLABLES.length)];
    if (!seen.has(w)) {
      seen.add(w);
      words.push(w);
    }
  }
  return words;
}

/** Samples word ranks with P(rank k) proportional to 1/k. */
export function zipfSampler(size, random) {
  const cumulative = new Float64Array(size);
  let total = 0;
  for (let k = 0; k < size; k++) {
    total += 1 / (k + 1);
    cumulative[k] = total;
  }
  return () => {
    const x = random() * total;
    let lo = 0;
    let hi = size - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cumulative[mid] < x) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
}

/**
 * Fills an empty, migrated database: users, communities, posts (published, newest last, so the
 * rowid order is the publication order), comments and a few blocks. Returns what it wrote.
 */
export function seedCorpus(file, sizes, log = () => {}) {
  const random = rng(7);
  const words = vocabulary(sizes.vocabulary, random);
  const nextWord = zipfSampler(words.length, random);
  const sentence = (min, max) => {
    const n = min + Math.floor(random() * (max - min + 1));
    const out = [];
    for (let i = 0; i < n; i++) out.push(words[nextWord()]);
    return out.join(" ");
  };

  const db = new DatabaseSync(file);
  db.exec(
    "PRAGMA journal_mode = WAL; PRAGMA synchronous = OFF; PRAGMA foreign_keys = ON; PRAGMA cache_size = -262144;",
  );
  const start = Date.now() - sizes.posts * 1000;
  const hash = "pbkdf2-sha256$100000$AAAAAAAAAAAAAAAAAAAAAA==$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=";

  const inTransaction = (label, count, write) => {
    const t0 = Date.now();
    const batch = 20_000;
    for (let from = 0; from < count; from += batch) {
      db.exec("BEGIN");
      for (let i = from; i < Math.min(count, from + batch); i++) write(i);
      db.exec("COMMIT");
    }
    log(`${label}: ${count.toLocaleString("en")} rows in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  };

  const user = db.prepare(
    `INSERT INTO users (id, username, email, password_hash, status, profile_name, created_at, updated_at)
     VALUES (?, ?, ?, ?, 'ACTIVE', ?, ?, ?)`,
  );
  inTransaction("users", sizes.users, (i) => {
    const id = i + 1;
    const name = `${words[nextWord()]}${id}`;
    user.run(id, `user${id}`, `user${id}@bench.example`, hash, `${sentence(1, 2)} ${name}`, start, start);
  });

  const community = db.prepare(
    `INSERT INTO communities (id, name, display_name, description, owner_id, total_members, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?)`,
  );
  inTransaction("communities", sizes.communities, (i) => {
    const id = i + 1;
    community.run(
      id,
      `c${id}${words[200 + (i % 5000)]}`.slice(0, 25),
      sentence(1, 3),
      sentence(6, 16),
      1 + (i % sizes.users),
      Math.floor(random() * 5000),
      start,
    );
  });

  const post = db.prepare(
    `INSERT INTO microposts (id, public_id, owner_id, community_id, title, body, slug, is_draft, total_votes,
       published_at, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, 0, ?, ?, ?, ?)`,
  );
  inTransaction("posts", sizes.posts, (i) => {
    const id = i + 1;
    const at = start + i * 1000;
    const title = sentence(4, 10);
    const body = `<p>${sentence(10, 30)}</p><p>${sentence(10, 30)}</p>`;
    post.run(
      id,
      `p${id.toString(36).padStart(10, "0")}`,
      1 + Math.floor(random() * sizes.users),
      1 + Math.floor(random() * sizes.communities),
      title,
      body,
      title.replace(/\s+/g, "-").slice(0, 60),
      Math.floor(random() * 50),
      at,
      at,
      at,
    );
  });

  const comment = db.prepare(
    `INSERT INTO comments (id, public_id, micropost_id, root_id, owner_id, body, depth, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, 0, ?, ?)`,
  );
  inTransaction("comments", sizes.comments, (i) => {
    const id = i + 1;
    const at = start + i * 3000;
    comment.run(
      id,
      `k${id.toString(36).padStart(10, "0")}`,
      1 + Math.floor(random() * sizes.posts),
      id,
      1 + Math.floor(random() * sizes.users),
      `<p>${sentence(5, 25)}</p>`,
      at,
      at,
    );
  });

  // The first user blocks 50 people, so a signed-in search with blocks to honour is measured too.
  const block = db.prepare("INSERT INTO blocks (blocker_id, blocked_id, created_at) VALUES (1, ?, ?)");
  inTransaction("blocks", 50, (i) => block.run(2 + i * 7, start));

  db.exec("PRAGMA wal_checkpoint(TRUNCATE); PRAGMA journal_mode = DELETE;");
  const t0 = Date.now();
  db.exec("PRAGMA optimize;");
  log(`optimize: ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  db.close();
  return { words };
}
