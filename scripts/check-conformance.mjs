#!/usr/bin/env node
// The accessibility conformance report stays true (docs/decisions/153): in
// docs/accessibility/conformance.md, every WCAG 2.2 A and AA criterion has a row with a known
// status, every "Supports" row names a test file (`….test.ts(x)` or `….e2e.ts`), every file a row
// names exists, and every "quoted" test name of a row is written in one of the files that row names.
// Usage: node scripts/check-conformance.mjs
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";

const root = join(new URL(".", import.meta.url).pathname, "..");
const REPORT = "docs/accessibility/conformance.md";

/** WCAG 2.2's A and AA criteria (4.1.1 is kept, as "Not applicable": 2.2 removed it). */
const CRITERIA =
  "1.1.1 1.2.1 1.2.2 1.2.3 1.2.4 1.2.5 1.3.1 1.3.2 1.3.3 1.3.4 1.3.5 1.4.1 1.4.2 1.4.3 1.4.4 1.4.5 1.4.10 1.4.11 1.4.12 1.4.13 2.1.1 2.1.2 2.1.4 2.2.1 2.2.2 2.3.1 2.4.1 2.4.2 2.4.3 2.4.4 2.4.5 2.4.6 2.4.7 2.4.11 2.5.1 2.5.2 2.5.3 2.5.4 2.5.7 2.5.8 3.1.1 3.1.2 3.2.1 3.2.2 3.2.3 3.2.4 3.2.6 3.3.1 3.3.2 3.3.3 3.3.4 3.3.7 3.3.8 4.1.1 4.1.2 4.1.3".split(
    " ",
  );
const STATUSES = new Set(["Supports", "Partially supports", "Does not support", "Not applicable"]);
const TEST_FILE = /\.(test\.tsx?|e2e\.ts)$/;

/** The report's criterion rows: number, status, and the cells after it. */
export function rowsOf(markdown) {
  const rows = [];
  for (const line of markdown.split("\n")) {
    const cells = line.split("|").map((c) => c.trim());
    const number = /^(\d\.\d+\.\d+) /.exec(cells[1] ?? "")?.[1];
    if (!line.startsWith("|") || !number) continue;
    rows.push({ number, status: cells[3], tested: cells[4] ?? "" });
  }
  return rows;
}

/** What is wrong with the report, one line each (none: it is true). */
export function problemsOf(markdown, exists, read) {
  const problems = [];
  const rows = rowsOf(markdown);
  for (const number of CRITERIA) {
    const found = rows.filter((r) => r.number === number);
    if (found.length !== 1) problems.push(`${number}: ${found.length} rows (one is wanted)`);
  }
  for (const row of rows) {
    if (!CRITERIA.includes(row.number)) problems.push(`${row.number}: not a WCAG 2.2 A or AA criterion`);
    if (!STATUSES.has(row.status)) problems.push(`${row.number}: unknown status "${row.status}"`);
    const files = [...row.tested.matchAll(/`([^`]+)`/g)].map((m) => m[1]);
    for (const file of files)
      if (!exists(file)) problems.push(`${row.number}: names ${file}, which does not exist`);
    const tests = files.filter((f) => TEST_FILE.test(f) && exists(f));
    if (row.status === "Supports" && tests.length === 0)
      problems.push(`${row.number}: "Supports" names no test file (….test.ts, ….test.tsx or ….e2e.ts)`);
    const sources = files.filter((f) => /\.\w+$/.test(f) && exists(f)).map(read);
    for (const [, name] of row.tested.matchAll(/"([^"]+)"/g))
      if (!sources.some((s) => s.includes(name)))
        problems.push(`${row.number}: no file it names has a test "${name}"`);
  }
  return problems;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const problems = problemsOf(
    readFileSync(join(root, REPORT), "utf8"),
    (file) => existsSync(join(root, file)),
    (file) => readFileSync(join(root, file), "utf8"),
  );
  if (problems.length) {
    console.error(`${REPORT} is not true:\n  ${problems.join("\n  ")}`);
    process.exit(1);
  }
  console.log(
    `${REPORT}: ${rowsOf(readFileSync(join(root, REPORT), "utf8")).length} criteria, every test it names exists`,
  );
}
