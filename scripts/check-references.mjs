#!/usr/bin/env node
// Comments and decision records cite only what is in the repository. Fails, with file:line and
// the reason, on:
// - a citation of something a reader of the repository cannot open: a design or stack document
//   kept elsewhere (DESIGN.md, STACK.md, CONVENTIONS.md), "the spec", an issue number ("issue 18",
//   "#18") — in code comments and in Markdown;
// - a path into the repository that does not exist: `docs/…` anywhere, a relative .md link in
//   Markdown, and any repository path (`worker/src/…`, `#client/…`) in a comment or a record;
// - a decision record without a `Status:` line of the agreed form, or missing from (or listed
//   with another status in) docs/decisions/README.md.
// Usage: node scripts/check-references.mjs [files…] (no argument: the whole repository).
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";

const root = join(new URL(".", import.meta.url).pathname, "..");
const SCANNED = ["worker", "web", "admin", "shared", "scripts", "e2e", "bench", "docs", "test-support"];
const SKIPPED_DIRS = new Set(["node_modules", "dist", ".wrangler", ".git"]);
const CODE = /\.(ts|tsx|js|mjs|cjs|mts)$/;
const GENERATED = /\.gen\.ts$|worker-configuration\.d\.ts$/;
const TOP = "worker|web|admin|shared|scripts|e2e|bench|docs|migrations|test-support";
const ALIASES = {
  "#shared/": "shared/src/",
  "#client/": "shared/client/",
  "#worker/": "worker/src/",
  "#worker-test/": "worker/test/",
  "#stand-ins/": "test-support/stand-ins/",
  "#web/": "web/src/",
  "#admin/": "admin/src/",
};

function filesUnder(dir) {
  const out = [];
  for (const entry of readdirSync(join(root, dir), { withFileTypes: true })) {
    if (SKIPPED_DIRS.has(entry.name)) continue;
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory()) out.push(...filesUnder(path));
    else if ((CODE.test(entry.name) && !GENERATED.test(entry.name)) || entry.name.endsWith(".md"))
      out.push(path);
  }
  return out;
}

/**
 * The comments of a JavaScript or TypeScript file as [line, text] pairs. Strings, template
 * literals (with their `${}` parts) and regular expression literals are skipped, so a "//" inside
 * them is not a comment.
 */
const SPECIAL = /[/"'`{}]/g;
function commentsOf(code) {
  const comments = [];
  let line = 1;
  let i = 0;
  let lastSignificant = "";
  const stack = []; // open template literals: the brace depth of each one's `${` part
  const n = code.length;
  const advance = (to) => {
    for (; i < to && i < n; i++) if (code[i] === "\n") line++;
  };
  const skipQuoted = (quote) => {
    let j = i + 1;
    while (j < n && code[j] !== quote && code[j] !== "\n") j += code[j] === "\\" ? 2 : 1;
    advance(j + 1);
  };
  const skipTemplate = () => {
    // From just after a backtick (or a closing `}` of a `${}` part) to the end or the next `${`.
    let j = i;
    while (j < n) {
      if (code[j] === "\\") j += 2;
      else if (code[j] === "`") {
        advance(j + 1);
        return;
      } else if (code[j] === "$" && code[j + 1] === "{") {
        advance(j + 2);
        stack.push(0);
        return;
      } else j++;
    }
    advance(n);
  };
  while (i < n) {
    const c = code[i];
    const next = code[i + 1];
    if (c === "/" && next === "/") {
      const end = code.indexOf("\n", i);
      const stop = end === -1 ? n : end;
      comments.push([line, code.slice(i + 2, stop)]);
      advance(stop);
    } else if (c === "/" && next === "*") {
      const end = code.indexOf("*/", i + 2);
      const stop = end === -1 ? n : end + 2;
      code
        .slice(i + 2, stop - 2)
        .split("\n")
        .forEach((text, k) => {
          comments.push([line + k, text]);
        });
      advance(stop);
    } else if (c === '"' || c === "'") {
      skipQuoted(c);
      lastSignificant = "a";
    } else if (c === "`") {
      advance(i + 1);
      skipTemplate();
      lastSignificant = "a";
    } else if (c === "/" && (lastSignificant === "" || /[(,=:[!&|?{};+\-*%<>~^]/.test(lastSignificant))) {
      // A regular expression literal.
      let j = i + 1;
      let inClass = false;
      while (j < n && code[j] !== "\n") {
        if (code[j] === "/" && !inClass) break;
        if (code[j] === "[") inClass = true;
        else if (code[j] === "]") inClass = false;
        j += code[j] === "\\" ? 2 : 1;
      }
      advance(j + 1);
      lastSignificant = "a";
    } else if (stack.length && c === "{") {
      stack[stack.length - 1]++;
      lastSignificant = c;
      advance(i + 1);
    } else if (stack.length && c === "}") {
      if (stack[stack.length - 1] === 0) {
        stack.pop();
        advance(i + 1);
        skipTemplate();
        lastSignificant = "a";
      } else {
        stack[stack.length - 1]--;
        lastSignificant = c;
        advance(i + 1);
      }
    } else {
      // Plain code up to the next character that can start or end something.
      SPECIAL.lastIndex = i + 1;
      const stop = SPECIAL.exec(code)?.index ?? n;
      let k = stop - 1;
      while (k > i && /\s/.test(code[k])) k--;
      if (!/\s/.test(code[k])) lastSignificant = /[\w$)\]]/.test(code[k]) ? "a" : code[k];
      advance(stop);
    }
  }
  return comments;
}

const OUTSIDE = [
  [/\b(DESIGN|STACK|CONVENTIONS)\.md\b/, (m) => `cites ${m[0]}, which is not in the repository`],
  [
    /\bthe spec\b|\bspec\/part|\bspec part\b|\bpart \d+ §|\(spec\b/i,
    () => `cites the product spec, which is not in the repository`,
  ],
  [/\b(issue|issues|PR)\s+#?\d+/i, (m) => `cites "${m[0]}", a tracker outside the repository`],
  [/(?:^|[\s([])(#\d{1,5})(?![\w-])/, (m) => `cites "${m[1]}", a tracker outside the repository`],
];

const exists = (path) => existsSync(join(root, path));

/** Every file and folder of the repository, to find a path written from a feature's folder. */
function allPaths(dir = "", out = []) {
  for (const entry of readdirSync(join(root, dir), { withFileTypes: true })) {
    if (SKIPPED_DIRS.has(entry.name)) continue;
    const path = dir ? `${dir}/${entry.name}` : entry.name;
    out.push(path);
    if (entry.isDirectory()) allPaths(path, out);
  }
  return out;
}
let tails;
/** `admin/reports/removal.ts` written in worker/src/features is worker/src/features/admin/…. */
const existsBelow = (path) => {
  if (!tails) {
    tails = new Set();
    for (const p of allPaths()) {
      const parts = p.split("/");
      for (let k = 1; k < parts.length; k++) tails.add(parts.slice(k).join("/"));
    }
  }
  return tails.has(path);
};
const records = readdirSync(join(root, "docs/decisions")).filter(
  (f) => /^\d{3}-.*\.md$/.test(f) && !f.startsWith("000-"), // 000 is the template
);

/** A path written in prose, checked against the tree; null when it is not checkable as written. */
function missingPath(raw) {
  let path = raw.replace(/[.,:;)]+$/, "").replace(/#.*$/, "");
  for (const [alias, folder] of Object.entries(ALIASES))
    if (path.startsWith(alias)) path = folder + path.slice(alias.length);
  if (/[*{}<>$]|\.\.\.|NNN/.test(path) || path.endsWith("-")) return false; // a pattern, not a path
  if (exists(path)) return false;
  // `docs/decisions/092` names a record by its number.
  const record = path.match(/^docs\/decisions\/(\d{3})$/);
  if (record) return !records.some((f) => f.startsWith(`${record[1]}-`));
  return path.startsWith("docs/") || !existsBelow(path);
}

const REPO_PATH = new RegExp(
  `(?<![\\w./#@-])(?:(?:${TOP})/[\\w./$@-]*[\\w$]|#(?:shared|client|worker|worker-test|web|admin)/[\\w./-]*\\w)`,
  "g",
);
// A file named without its folder (`modal-host.tsx`, `features/posts/vote.ts`).
const FILE_NAME = /(?<![\w./#@$-])[\w$-][\w./$-]*\.(?:tsx?|mjs|md|sql)(?![\w/-])/g;
const MD_LINK = /\]\(([^)\s#]+\.md)(#[^)]*)?\)/g;

const problems = [];
const report = (file, line, why) => problems.push(`${file}:${line}: ${why}`);

function checkText(file, line, text, { links }) {
  for (const [pattern, why] of OUTSIDE) {
    const m = text.match(pattern);
    if (m) report(file, line, `${why(m)}; state the rule itself`);
  }
  // A path the record keeps as history says so: "`web/src/old.ts` (removed)".
  const removed = (m) => /^`?\s*\(removed\b/.test(text.slice(m.index + m[0].length));
  const paths = [...text.matchAll(REPO_PATH)].filter((m) => !removed(m)).map((m) => m[0]);
  for (const path of paths)
    if (missingPath(path)) report(file, line, `refers to ${path}, which does not exist`);
  for (const m of text.matchAll(FILE_NAME)) {
    const name = m[0];
    if (removed(m) || paths.some((p) => p.endsWith(name)) || /^(DESIGN|STACK|CONVENTIONS)\.md$/.test(name))
      continue;
    if (links && text[m.index - 1] === "(" && text[m.index - 2] === "]") continue; // a link, checked below
    if (missingPath(name)) report(file, line, `names ${name}, which no file of the repository is`);
  }
  if (links)
    for (const m of text.matchAll(MD_LINK)) {
      if (/^[a-z]+:/.test(m[1])) continue;
      const target = relative(root, join(root, dirname(file), m[1]));
      if (!exists(target)) report(file, line, `links to ${m[1]}, which does not exist`);
    }
}

const STATUS = /^Status: (Accepted|Superseded by (\d{3})|Amended by (\d{3}(?:, \d{3})*))\b/;

function checkRecords() {
  const index = readFileSync(join(root, "docs/decisions/README.md"), "utf8");
  for (const name of records) {
    const file = `docs/decisions/${name}`;
    const lines = readFileSync(join(root, file), "utf8").split("\n");
    const at = lines.findIndex((l) => l.startsWith("Status:"));
    const m = at === -1 ? null : lines[at].match(STATUS);
    if (!m) {
      report(file, at + 1 || 1, "needs a line `Status: Accepted`, `Superseded by NNN` or `Amended by NNN`");
      continue;
    }
    for (const number of (m[2] ?? m[3] ?? "").split(", ").filter(Boolean))
      if (!records.some((f) => f.startsWith(`${number}-`)))
        report(file, at + 1, `says ${m[1]}, but no record ${number} exists`);
    const row = index.split("\n").find((l) => l.includes(`(${name})`));
    if (!row) report("docs/decisions/README.md", 1, `does not list ${name}`);
    else if (!row.includes(`| ${m[1]} |`))
      report("docs/decisions/README.md", 1, `lists ${name} without its status "${m[1]}"`);
  }
}

// This file names the citations it refuses.
const SELF = "scripts/check-references.mjs";
const args = process.argv.slice(2);
const files = (args.length ? args : SCANNED.flatMap(filesUnder)).filter((f) => f !== SELF);
for (const file of files) {
  const text = readFileSync(join(root, file), "utf8");
  const lines = file.endsWith(".md") ? text.split("\n").map((l, k) => [k + 1, l]) : commentsOf(text);
  for (const [line, part] of lines) checkText(file, line, part, { links: file.endsWith(".md") });
}
if (!args.length) checkRecords();

if (problems.length) {
  console.log(problems.join("\n"));
  console.log(
    `\nreferences: ${problems.length} problem(s). Comments and records cite only what is in the repository.`,
  );
  process.exit(1);
}
console.log(`references: ${files.length} files checked, every citation is in the repository`);
