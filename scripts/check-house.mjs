#!/usr/bin/env node
// Two rules of the Worker's house that no type checker sees (docs/decisions/174, 188): SQL text lives
// only in queries modules (a feature's `queries.ts` or `queries/` folder, the queries modules
// of `worker/src/lib`, the seeds and demo data), and route files only parse, call a service and answer
// (no `fail()` there: a refusal is a rule, and rules live in services).
//
// The SQL lines still outside queries modules when this check came are counted per file in
// scripts/check-house-known.json. That list only shrinks, like dependency-cruiser's baseline: a file
// over its count fails (each line named), and so does one under it until the list is shrunk with
//
//   node scripts/check-house.mjs --shrink
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";

const root = new URL("..", import.meta.url).pathname;
const walk = (dir) =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? walk(path) : [path];
  });
const sources = walk(join(root, "worker/src"))
  .map((f) => relative(root, f))
  .filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$|\/test\//.test(f));

/** A statement's opening words, as SQL text starts them. */
const SQL = /\b(SELECT\s+[\w*($]|INSERT\s+INTO\s|UPDATE\s+\w+\s+SET\s|DELETE\s+FROM\s)/;
/** Where SQL text belongs: queries modules, and data written for development (seeds, demo data). */
const SQL_HOME = /queries(\.ts|\/)|\/seed|demo-data|\/dev\//;
const COMMENT = /^\s*(\/\/|\*)/;

const KNOWN_FILE = join(root, "scripts/check-house-known.json");
const known = JSON.parse(readFileSync(KNOWN_FILE, "utf8"));
const problems = [];
/** SQL lines outside queries modules, by file. */
const sqlLines = {};
for (const file of sources) {
  const found = [];
  readFileSync(join(root, file), "utf8")
    .split("\n")
    .forEach((line, i) => {
      if (COMMENT.test(line)) return;
      if (!SQL_HOME.test(file) && SQL.test(line))
        found.push(`${file}:${i + 1}: SQL text outside a queries module`);
      if (/routes?(\.ts|\/)/.test(file) && /\bfail\(/.test(line))
        problems.push(
          `${file}:${i + 1}: fail() in a route file (a refusal is a rule: it belongs in a service)`,
        );
    });
  if (found.length) sqlLines[file] = found.length;
  if (found.length > (known[file] ?? 0)) problems.push(...found);
}

if (process.argv.includes("--shrink")) {
  const shrunk = Object.fromEntries(
    Object.entries(known)
      .map(([file, n]) => [file, Math.min(n, sqlLines[file] ?? 0)])
      .filter(([, n]) => n > 0),
  );
  writeFileSync(KNOWN_FILE, `${JSON.stringify(shrunk, null, 2)}\n`);
  console.log(`house: the known list is now ${Object.values(shrunk).reduce((a, n) => a + n, 0)} line(s)`);
  process.exit(0);
}
for (const [file, n] of Object.entries(known))
  if ((sqlLines[file] ?? 0) < n)
    problems.push(
      `${file}: ${sqlLines[file] ?? 0} SQL line(s) where the known list says ${n}: shrink it (node scripts/check-house.mjs --shrink)`,
    );

if (problems.length) {
  console.error(problems.join("\n"));
  console.error(`\nhouse: ${problems.length} problem(s).`);
  process.exit(1);
}
const left = Object.values(sqlLines).reduce((a, n) => a + n, 0);
console.log(
  `house: ${sources.length} Worker files, no fail() in route files, no new SQL outside queries modules (${left} known line(s) in ${Object.keys(sqlLines).length} file(s) left to move)`,
);
