#!/usr/bin/env node
// The jobs board at 100,000 jobs: Find Jobs' typical queries, timed through the API.
//
//   flock /tmp/agora-heavy.lock node bench/jobs/run.mjs [--jobs 100000] [--requests 200] [--reuse]
//
// 1. Applies the real migrations to a throwaway local D1 in BENCH_STATE (default
//    /tmp/agora-jobs-bench) and writes people, companies and jobs straight into its file with
//    node:sqlite. The schema's triggers run as for any job: the full-text index (job_fts) and the
//    counters (site_counters) are built the way the Worker builds them. --reuse keeps a loaded state.
// 2. Starts the local server on BENCH_PORT (8805) on that state (scripts/server.mjs) and times
//    GET /api/v1/job/list one request at a time, the queries taking turns, after warm-up rounds.
//    Each row reports the client's p50/p99 and D1's own rows read (`X-D1-Rows-Read`, whole request;
//    `X-D1-List-Rows-Read`, the page statement), which the API sends in development.
import { createHash } from "node:crypto";
import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import { DatabaseSync } from "node:sqlite";
import { assetsDirFor, migrate, startServer } from "../../scripts/server.mjs";
import { d1File } from "../feed/load.mjs";
import { rng, vocabulary, zipfSampler } from "../search/corpus.mjs";

const args = Object.fromEntries(
  process.argv
    .slice(2)
    .map((a, i, all) =>
      a.startsWith("--") ? [a.slice(2), all[i + 1]?.startsWith("--") ? "1" : (all[i + 1] ?? "1")] : null,
    )
    .filter(Boolean),
);
const SIZES = { jobs: Number(args.jobs ?? 100_000), people: 5_000, vocabulary: 20_000 };
const REQUESTS = Number(args.requests ?? 200);
const WARMUP = 20;
const STATE = process.env.BENCH_STATE ?? "/tmp/agora-jobs-bench";
const PORT = Number(process.env.BENCH_PORT ?? 8805);
const MARKER = `${STATE}/jobs-bench.json`;
const DAY = 24 * 60 * 60 * 1000;
const say = (m) => console.log(`[jobs bench] ${m}`);

const TITLES = (
  "Frontend Engineer|Backend Engineer|Full Stack Developer|Product Designer|UX Researcher|Data Engineer|" +
  "Data Analyst|DevOps Engineer|Site Reliability Engineer|Mobile Developer|Smart Contract Developer|" +
  "Community Manager|Growth Marketer|Content Writer|Technical Writer|Customer Support Specialist|" +
  "Product Manager|Engineering Manager|QA Engineer|Security Engineer|Recruiter|People Partner|" +
  "Sales Representative|Account Executive|Illustrator|Video Editor|Translator|Solutions Architect"
).split("|");
const SKILLS = (
  "React|TypeScript|Go|Rust|Python|SQL|PostgreSQL|Kubernetes|Figma|Solidity|Node.js|Swift|Kotlin|" +
  "GraphQL|AWS|Terraform|SEO|Copywriting|Zendesk|Analytics|Illustration|Photoshop|Excel|Recruiting|" +
  "Accessibility|Testing|Docker|Java|Elixir|Ruby"
).split("|");
const CATEGORIES = [
  ["PROGRAMMING", 40],
  ["BLOCKCHAIN", 8],
  ["DESIGN", 12],
  ["MARKETING", 10],
  ["CUSTOMERSUPPORT", 8],
  ["WRITING", 6],
  ["PRODUCT", 7],
  ["SERVICE", 3],
  ["HUMANRESOURCE", 4],
  ["ELSE", 2],
];
const TYPES = [
  ["FULLTIME", 60],
  ["PARTTIME", 12],
  ["CONTRACT", 15],
  ["FREELANCE", 10],
  ["INTERNSHIP", 3],
];
const MODES = [
  ["REMOTE", 50],
  ["ONSITE", 25],
  ["HYBRID", 25],
];
const LEVELS = [
  ["ALL", 20],
  ["JUNIOR", 20],
  ["MID", 30],
  ["SENIOR", 25],
  ["NOEXPERIENCEREQUIRED", 5],
];

function weighted(random, table) {
  const total = table.reduce((s, [, w]) => s + w, 0);
  let x = random() * total;
  for (const [value, w] of table) {
    x -= w;
    if (x < 0) return value;
  }
  return table[0][0];
}

function inTransaction(db, total, write) {
  const BATCH = 20_000;
  for (let start = 0; start < total; start += BATCH) {
    db.exec("BEGIN");
    for (let i = start; i < Math.min(total, start + BATCH); i++) write(i);
    db.exec("COMMIT");
  }
}

/**
 * People with one company each, and jobs over the last 61 days in id order (the newest has the
 * highest id, as when posted through the API): ~1 in 61 has just expired and waits for the daily
 * cron, 3% are on hold and 2% closed. Salaries on 60%, crypto on 15%; words of descriptions follow
 * Zipf's law over the vocabulary, as in the search benchmark.
 */
function loadJobs(file) {
  const random = rng(11);
  const words = vocabulary(SIZES.vocabulary, random);
  const nextWord = zipfSampler(words.length, random);
  const db = new DatabaseSync(file);
  const now = Date.now();
  const addUser = db.prepare(
    `INSERT INTO users (id, username, email, password_hash, status, profile_name, created_at, updated_at)
     VALUES (?, ?, ?, 'x', 'ACTIVE', ?, ?, ?)`,
  );
  const addCompany = db.prepare(
    `INSERT INTO companies (id, owner_id, name, name_key, description, location, website, logo, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  inTransaction(db, SIZES.people, (i) => {
    const id = i + 1;
    const name = `employer${id}`;
    addUser.run(id, name, `${name}@bench.example`, `Employer ${id}`, now - 400 * DAY, now - 400 * DAY);
    const company = `Company ${id}`;
    addCompany.run(
      id,
      id,
      company,
      company.toLowerCase(),
      "A company of the jobs benchmark.",
      "Lisbon, Portugal",
      `https://company${id}.example`,
      `/media/bench/logo-${id}.svg`,
      now - 400 * DAY,
      now - 400 * DAY,
    );
  });
  const addJob = db.prepare(
    `INSERT INTO jobs (id, owner_id, company_id, slug, title, description, location, job_type, job_category,
       work_mode, experience_level, minimum_salary, maximum_salary, pay_in_crypto, how_to_apply, skills,
       status, expires_at, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const span = 61 * DAY;
  inTransaction(db, SIZES.jobs, (i) => {
    const id = i + 1;
    const owner = 1 + Math.floor(random() * SIZES.people);
    const created = now - span + Math.floor((i / SIZES.jobs) * span);
    const title = TITLES[Math.floor(random() * TITLES.length)];
    const description = Array.from({ length: 20 + Math.floor(random() * 40) }, () => words[nextWord()]).join(
      " ",
    );
    const skills = [
      ...new Set(
        Array.from(
          { length: 1 + Math.floor(random() * 5) },
          () => SKILLS[Math.floor(random() * SKILLS.length)],
        ),
      ),
    ];
    const salaried = random() < 0.6;
    const low = salaried ? 20_000 + Math.floor(random() * 120) * 1_000 : 0;
    const high = salaried ? low + Math.floor(random() * 60) * 1_000 : 0;
    const r = random();
    const status = r < 0.03 ? "HOLD" : r < 0.05 ? "CLOSED" : "CONFIRMED";
    addJob.run(
      id,
      owner,
      owner,
      `${title.toLowerCase().replace(/[^a-z0-9]+/g, "-")}-${id.toString(36)}`,
      title,
      description,
      random() < 0.5 ? "Anywhere" : "Lisbon",
      weighted(random, TYPES),
      weighted(random, CATEGORIES),
      weighted(random, MODES),
      weighted(random, LEVELS),
      low,
      high,
      random() < 0.15 ? 1 : 0,
      `https://company${owner}.example/jobs/${id}`,
      JSON.stringify(skills),
      status,
      created + 60 * DAY,
      created,
      created,
    );
  });
  db.close();
  return { words };
}

function prepareState() {
  const fingerprint = createHash("sha256").update(JSON.stringify(SIZES)).digest("hex").slice(0, 12);
  if (
    args.reuse &&
    existsSync(MARKER) &&
    JSON.parse(readFileSync(MARKER, "utf8")).fingerprint === fingerprint
  ) {
    say(`reusing the jobs in ${STATE}`);
    migrate(STATE);
    return JSON.parse(readFileSync(MARKER, "utf8"));
  }
  rmSync(STATE, { recursive: true, force: true });
  migrate(STATE);
  const started = Date.now();
  say(`loading ${SIZES.jobs.toLocaleString("en")} jobs of ${SIZES.people.toLocaleString("en")} employers`);
  const { words } = loadJobs(d1File(STATE));
  say(`loaded in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  const db = new DatabaseSync(d1File(STATE), { readOnly: true });
  const count = db.prepare("SELECT count(*) AS n FROM job_fts WHERE job_fts MATCH ?1");
  const docs = (w) => Number(count.get(`"${w}"`).n);
  // A rare word: the first past rank 5,000 held by a handful of jobs.
  let rare = words[5000];
  for (let rank = 5000; rank < 15_000; rank += 7) {
    const n = docs(words[rank]);
    if (n >= 3 && n <= 20) {
      rare = words[rank];
      break;
    }
  }
  const picked = {
    fingerprint,
    common: words[0],
    frequent: words[49],
    rare,
    counts: {
      indexed: Number(db.prepare("SELECT count(*) AS n FROM jobs WHERE status = 'CONFIRMED'").get().n),
      common: docs(words[0]),
      frequent: docs(words[49]),
      rare: docs(rare),
      react: docs("react"),
    },
  };
  db.close();
  writeFileSync(MARKER, JSON.stringify(picked));
  return picked;
}

function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}
const summary = (samples) => {
  const sorted = [...samples].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p99: percentile(sorted, 99) };
};

async function get(base, path) {
  const t = performance.now();
  const res = await fetch(`${base}${path}`);
  const body = await res.json();
  const ms = performance.now() - t;
  if (!res.ok) throw new Error(`${path}: ${res.status} ${JSON.stringify(body)}`);
  return {
    ms,
    body,
    rowsRead: Number(res.headers.get("x-d1-rows-read") ?? Number.NaN),
    listRowsRead: Number(res.headers.get("x-d1-list-rows-read") ?? Number.NaN),
  };
}

const list = (params) => `/api/v1/job/list?${new URLSearchParams({ limit: "10", ...params })}`;

/** The cursor of page `page` (1-based), reached the way the SPA's infinite scroll reaches it. */
async function cursorOf(base, params, page) {
  let cursor = null;
  for (let i = 1; i < page; i++) {
    const { body } = await get(base, list(cursor ? { ...params, cursor } : params));
    cursor = body.next_cursor;
    if (!cursor) throw new Error(`no page ${page} for ${JSON.stringify(params)}`);
  }
  return cursor;
}

async function main() {
  const picked = prepareState();
  say(`words: ${JSON.stringify(picked)}`);
  say(`starting the server on ${PORT}`);
  const server = await startServer({
    port: PORT,
    persistTo: STATE,
    assetsDir: assetsDirFor("bench"),
    seed: false,
    quiet: true,
  });
  try {
    const base = server.base;
    const deepAll = await cursorOf(base, {}, 100);
    const deepWord = await cursorOf(base, { q: picked.common }, 50);
    const deepFilter = await cursorOf(base, { job_category: "DESIGN" }, 50);
    const queries = [
      ["health (the floor)", "/api/health"],
      ["no text, no filter (page 1)", list({})],
      [`common word "${picked.common}"`, list({ q: picked.common })],
      [`frequent word "${picked.frequent}" (rank 50)`, list({ q: picked.frequent })],
      [`rare word "${picked.rare}"`, list({ q: picked.rare })],
      ['skill "react"', list({ q: "react" })],
      ["two words (common + skill)", list({ q: `${picked.common} react` })],
      ["no match", list({ q: "qzxwvut" })],
      ["category DESIGN", list({ job_category: "DESIGN" })],
      ["work mode REMOTE", list({ job_work_mode: "REMOTE" })],
      ["pays in crypto", list({ pay_in_crypto: "true" })],
      ["salary_min 150,000", list({ salary_min: "150000" })],
      [
        "category + mode (PROGRAMMING, REMOTE)",
        list({ job_category: "PROGRAMMING", job_work_mode: "REMOTE" }),
      ],
      [
        "rare combination (INTERNSHIP, SENIOR, crypto)",
        list({ job_type: "INTERNSHIP", job_experience_level: "SENIOR", pay_in_crypto: "true" }),
      ],
      ['filter + word (PROGRAMMING, "react")', list({ job_category: "PROGRAMMING", q: "react" })],
      [
        `filter + common word (DESIGN, "${picked.common}")`,
        list({ job_category: "DESIGN", q: picked.common }),
      ],
      ["deep page 100, no filter (cursor)", list({ cursor: deepAll })],
      ["deep page 100, no filter (skip 990)", list({ skip: "990" })],
      [`deep page 50, common word (cursor)`, list({ q: picked.common, cursor: deepWord })],
      ["deep page 50, category DESIGN (cursor)", list({ job_category: "DESIGN", cursor: deepFilter })],
    ];
    const samples = new Map(queries.map(([name]) => [name, []]));
    const facts = new Map();
    say(`${WARMUP} warm-up rounds, then ${REQUESTS} requests per query, one at a time, taking turns`);
    for (let round = 0; round < WARMUP + REQUESTS; round++) {
      for (const [name, path] of queries) {
        const r = await get(base, path);
        if (round < WARMUP) continue;
        samples.get(name).push(r.ms);
        if (!facts.has(name))
          facts.set(name, {
            rows: r.rowsRead,
            listRows: r.listRowsRead,
            total: r.body.total_list,
            shown: r.body.list?.length,
          });
      }
    }
    const f = (n) => (n === undefined || Number.isNaN(n) ? "–" : n.toFixed(2));
    const n = (v) => (v === undefined || Number.isNaN(v) ? "–" : v.toLocaleString("en"));
    const rows = queries.map(([name]) => {
      const s = summary(samples.get(name));
      const x = facts.get(name);
      return `| ${name} | ${n(x.total)} | ${n(x.shown)} | ${f(s.p50)} | ${f(s.p99)} | ${n(x.rows)} | ${n(x.listRows)} |`;
    });
    const text = [
      "# Jobs benchmark results",
      "",
      `${new Date().toISOString()} · \`node bench/jobs/run.mjs --jobs ${SIZES.jobs} --requests ${REQUESTS}\` · ${cpus().length} cores (${cpus()[0]?.model ?? "?"}), load ${loadavg()[0].toFixed(2)} · wrangler dev (local workerd + D1)`,
      "",
      `Data: ${SIZES.jobs.toLocaleString("en")} jobs (${picked.counts.indexed.toLocaleString("en")} CONFIRMED, ~1 in 61 of them just expired and waiting for the daily cron; 3% on hold, 2% closed) of ${SIZES.people.toLocaleString("en")} employers with one company each, posted over 61 days. Descriptions draw words from a ${SIZES.vocabulary.toLocaleString("en")}-word Zipf vocabulary; jobs holding each searched word: "${picked.common}" ${picked.counts.common.toLocaleString("en")}, "${picked.frequent}" ${picked.counts.frequent.toLocaleString("en")}, "${picked.rare}" ${picked.counts.rare.toLocaleString("en")}, "react" ${picked.counts.react.toLocaleString("en")}.`,
      "",
      `Each query: ${REQUESTS} requests of GET /api/v1/job/list (page size 10) after ${WARMUP} warm-up rounds, one at a time, queries taking turns; times in ms on the client (request sent → body read, local HTTP included; \`/api/health\` is the floor). "rows read" is D1's own count for the whole request (\`X-D1-Rows-Read\`: the page, its total, the companies and owners of the page); "page rows" is the page statement's alone (\`X-D1-List-Rows-Read\`).`,
      "",
      "| Query | total_list | shown | p50 ms | p99 ms | rows read | page rows |",
      "|---|---:|---:|---:|---:|---:|---:|",
      ...rows,
      "",
    ].join("\n");
    console.log(`\n${text}`);
    writeFileSync(new URL("./results.md", import.meta.url), text);
  } finally {
    server.stop();
  }
}

await main();
