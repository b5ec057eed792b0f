#!/usr/bin/env node
// The home page's first screen, kept small by a boundary instead of by rewriting the bundler's output
// (docs/decisions/102). Starting from the entry of the main SPA, this follows every static import the
// browser has to run before the first paint and fails when one of them reaches a module that is not
// on the first screen's list below. A lazy import (`import()`, `lazy(() => import(...))`) is the way
// across the boundary, and is not followed.
//
// A route file's `component`, `loader`, `errorComponent`, `notFoundComponent` and `pendingComponent`
// are split into the route's own chunk by the router's bundler plugin (web/vite.config.ts), so the
// imports only they use are not followed; what the route keeps in the entry (`validateSearch`,
// `beforeLoad`, `head`…) is. A route with `codeSplitGroupings: []` (the home page) and the root route
// keep everything.
//
//   node scripts/check-first-load.mjs [--list]   (--list prints every module the first screen loads)
import { existsSync, readFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import ts from "typescript";

const root = new URL("..", import.meta.url).pathname;
const ENTRY = "web/src/main.tsx";

/**
 * What the first screen may load: the entry, the root layout with its header, left menu and hosts,
 * the route tree's stubs, the home route with the feed and its cards, what they share with every
 * page (i18n, api, theme), and the stack. A `*` matches within one folder, `**` across folders.
 * Adding a line here adds bytes to every visit: `node bench/size/measure.mjs --check` says how many.
 */
const FIRST_SCREEN = [
  // The entry and what it sets up before the first render.
  "web/src/main.tsx",
  "web/src/i18n/i18n.ts",
  "web/src/lib/api.ts",
  "web/src/lib/auth-token.ts",
  "web/src/lib/errors.ts",
  "web/src/lib/stale-chunk.ts",
  "web/src/lib/theme.ts",
  "web/src/modals.tsx",
  // The route tree: every route's stub (its search parameters and guards; the page is split off).
  "web/src/routeTree.gen.ts",
  "web/src/routes/*.tsx",
  "web/src/lib/search-params.ts",
  "web/src/features/accounts/guards.ts",
  "shared/src/constants.ts",
  "shared/src/enums/feed.ts",
  "shared/src/enums/market.ts",
  // The shell: root layout, header, left menu, the hosts of dialogs and notices.
  "web/src/components/layout/header.tsx",
  "web/src/components/layout/language-switch.tsx",
  "web/src/components/layout/left-menu.tsx",
  "web/src/components/layout/search-form.tsx",
  "web/src/components/ui/bottom-sheet.tsx",
  "web/src/components/ui/confirm.tsx",
  "web/src/components/ui/icons.tsx",
  "web/src/components/ui/image-preview.tsx",
  "web/src/components/ui/lazy-empty-state.tsx",
  "web/src/components/ui/modal-host.tsx",
  "web/src/components/ui/snackbar.tsx",
  "web/src/components/ui/spinner.tsx",
  "web/src/features/accounts/session.ts",
  "web/src/features/accounts/theme-from-account.tsx",
  "web/src/features/accounts/use-night-mode.ts",
  "web/src/lib/use-media-query.ts",
  "shared/client/cookies.ts",
  "shared/client/http.ts",
  "shared/client/i18n-runtime.ts",
  "shared/client/i18n.ts",
  "shared/client/menu-button.ts",
  "shared/client/react-i18n.tsx",
  "shared/client/skip-link.tsx",
  "shared/client/site-image.ts",
  "shared/client/store.ts",
  // The home route: the feed and its cards.
  "web/src/features/feed/components/feed-page.tsx",
  "web/src/features/posts/components/html-allow-list.ts",
  "web/src/features/posts/components/post-actions.tsx",
  "web/src/features/posts/components/post-byline.tsx",
  "web/src/features/posts/components/post-card.tsx",
  "web/src/features/posts/components/post-icons.tsx",
  "web/src/features/posts/components/post-list.tsx",
  "web/src/features/posts/components/post-media.tsx",
  "web/src/features/posts/components/safe-html.tsx",
  "web/src/features/posts/components/vote-button.tsx",
  "web/src/features/posts/queries.ts",
  "web/src/features/posts/share.ts",
  "web/src/components/ui/avatar.tsx",
  "web/src/components/ui/list-states.tsx",
  "web/src/components/ui/verified-badge.tsx",
  "web/src/lib/count-label.ts",
  "web/src/lib/cursor-pages.ts",
  "web/src/lib/format.ts",
  "web/src/lib/plain-text.ts",
  "web/src/lib/use-infinite-scroll.ts",
];

/** Packages the first screen may import (the stack). */
const PACKAGES = ["react", "react-dom", "@tanstack/react-router", "@tanstack/react-query"];

/** Properties of a route's options the router's plugin moves into the route's lazy chunk. */
const SPLIT = new Set(["component", "loader", "errorComponent", "notFoundComponent", "pendingComponent"]);
const EXTENSIONS = ["", ".ts", ".tsx", "/index.ts", "/index.tsx"];
const ALIASES = {
  "#shared/": "shared/src/",
  "#client/": "shared/client/",
  "#web/": "web/src/",
  "#admin/": "admin/src/",
  "#worker/": "worker/src/",
};

const pattern = (glob) =>
  new RegExp(
    `^${glob
      .replace(/[.+?^${}()|[\]\\]/g, "\\$&")
      .replace(/\*\*/g, "\0")
      .replace(/\*/g, "[^/]*")
      .replace(/\0/g, ".*")}$`,
  );
const allowedFiles = FIRST_SCREEN.map(pattern);
const allowedFile = (file) => allowedFiles.some((re) => re.test(file));
const packageName = (specifier) =>
  specifier.startsWith("@") ? specifier.split("/").slice(0, 2).join("/") : specifier.split("/")[0];

/** A specifier as a repository-relative file, a package name, or null for what is not script (CSS). */
function resolve(specifier, from) {
  const bare = specifier.replace(/\?.*$/, "");
  if (/\.(css|svg|png|woff2?)$/.test(bare)) return null;
  let base;
  const alias = Object.keys(ALIASES).find((prefix) => bare.startsWith(prefix));
  if (alias) base = ALIASES[alias] + bare.slice(alias.length);
  else if (bare.startsWith(".")) base = relative(root, join(root, dirname(from), bare));
  else return { package: packageName(bare) };
  for (const extension of EXTENSIONS) {
    const file = base + extension;
    if (existsSync(join(root, file)) && /\.(ts|tsx|js|mjs|json)$/.test(file)) return { file };
  }
  return { file: base, missing: true };
}

/** Every identifier a node mentions (property names after a dot and object keys excluded). */
function names(node, into = new Set()) {
  const visit = (child) => {
    if (ts.isIdentifier(child)) {
      const parent = child.parent;
      const isMember = parent && ts.isPropertyAccessExpression(parent) && parent.name === child;
      const isKey = parent && ts.isPropertyAssignment(parent) && parent.name === child;
      if (!isMember && !isKey) into.add(child.text);
    }
    ts.forEachChild(child, visit);
  };
  visit(node);
  return into;
}

/** The options object of `createFileRoute(...)({...})` / `createRootRoute...({...})`, if any. */
function routeOptions(source) {
  let found;
  const visit = (node) => {
    if (found) return;
    if (
      ts.isCallExpression(node) &&
      ts.isCallExpression(node.expression) &&
      ts.isIdentifier(node.expression.expression) &&
      node.expression.expression.text === "createFileRoute" &&
      node.arguments[0] &&
      ts.isObjectLiteralExpression(node.arguments[0])
    )
      found = node.arguments[0];
    else ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/**
 * The import bindings a route file keeps in the entry: those reached from anything but the split
 * properties, through the file's own top-level declarations.
 */
function keptBindings(source) {
  const options = routeOptions(source);
  const splits =
    options &&
    !options.properties.some(
      (p) => ts.isPropertyAssignment(p) && p.name.getText(source) === "codeSplitGroupings",
    );
  if (!splits) return null; // everything is kept
  const declarations = new Map(); // top-level name → names it mentions
  const roots = new Set();
  for (const statement of source.statements) {
    if (ts.isImportDeclaration(statement)) continue;
    if (ts.isFunctionDeclaration(statement) && statement.name) {
      declarations.set(statement.name.text, names(statement));
      continue;
    }
    if (ts.isVariableStatement(statement) && !statement.getText(source).includes("createFileRoute")) {
      for (const declaration of statement.declarationList.declarations)
        if (ts.isIdentifier(declaration.name)) declarations.set(declaration.name.text, names(declaration));
      continue;
    }
    if (statement.pos <= options.pos && options.end <= statement.end) {
      // The route itself: every option but the split ones, plus the call around it.
      for (const property of options.properties) {
        const key = property.name && ts.isIdentifier(property.name) ? property.name.text : "";
        if (!SPLIT.has(key)) names(property, roots);
      }
      roots.add("createFileRoute");
      continue;
    }
    if (!ts.isInterfaceDeclaration(statement) && !ts.isTypeAliasDeclaration(statement))
      names(statement, roots);
  }
  const kept = new Set();
  const queue = [...roots];
  while (queue.length) {
    const name = queue.pop();
    if (kept.has(name)) continue;
    kept.add(name);
    for (const next of declarations.get(name) ?? []) queue.push(next);
  }
  return kept;
}

/** The static imports of a file that survive type erasure: { specifier, line }. */
function staticImports(file) {
  const text = readFileSync(join(root, file), "utf8");
  if (file.endsWith(".json")) return [];
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const kept = file.startsWith("web/src/routes/") ? keptBindings(source) : null;
  const line = (node) => source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
  const found = [];
  for (const statement of source.statements) {
    if (ts.isImportDeclaration(statement)) {
      const clause = statement.importClause;
      if (clause?.isTypeOnly) continue;
      const bindings = [];
      if (clause?.name) bindings.push(clause.name.text);
      const named = clause?.namedBindings;
      if (named && ts.isNamespaceImport(named)) bindings.push(named.name.text);
      if (named && ts.isNamedImports(named))
        for (const element of named.elements) if (!element.isTypeOnly) bindings.push(element.name.text);
      // `import { type A }` alone is erased; `import "x"` (no clause) runs the module.
      if (clause && bindings.length === 0) continue;
      if (kept && clause && !bindings.some((name) => kept.has(name))) continue;
      found.push({ specifier: statement.moduleSpecifier.text, line: line(statement) });
    } else if (ts.isExportDeclaration(statement) && statement.moduleSpecifier && !statement.isTypeOnly) {
      found.push({ specifier: statement.moduleSpecifier.text, line: line(statement) });
    }
  }
  return found;
}

const problems = [];
// A renamed or deleted module leaves its line behind: say so, so the list stays the first screen's.
for (const entry of FIRST_SCREEN)
  if (!entry.includes("*") && !existsSync(join(root, entry)))
    problems.push(`scripts/check-first-load.mjs: FIRST_SCREEN lists ${entry}, which does not exist`);

const seen = new Map([[ENTRY, null]]); // file → how it was reached
const packages = new Set();
const queue = [ENTRY];
while (queue.length) {
  const file = queue.shift();
  for (const { specifier, line } of staticImports(file)) {
    const target = resolve(specifier, file);
    if (!target) continue;
    if (target.package) {
      packages.add(target.package);
      if (!PACKAGES.includes(target.package))
        problems.push(
          `${file}:${line}: imports the package "${specifier}", which is not on the first screen`,
        );
      continue;
    }
    if (target.missing) {
      problems.push(`${file}:${line}: cannot find "${specifier}"`);
      continue;
    }
    if (!allowedFile(target.file)) {
      problems.push(`${file}:${line}: imports ${target.file}, which is not on the first screen`);
      continue;
    }
    if (seen.has(target.file)) continue;
    seen.set(target.file, `${file}:${line}`);
    queue.push(target.file);
  }
}

if (process.argv.includes("--list")) {
  for (const file of [...seen.keys()].sort()) console.log(file);
  for (const name of [...packages].sort()) console.log(`package ${name}`);
}
if (problems.length) {
  for (const problem of problems) console.error(problem);
  console.error(
    `\n${problems.length} static import(s) cross the first screen's boundary (scripts/check-first-load.mjs).\n` +
      "The home page's scripts have a budget of 120 KB gzip. Load what only some screens need when it is\n" +
      'needed: `const X = lazy(() => import("./x"))` for a component, `await import("./x")` in a handler,\n' +
      "or a route's `component`/`loader` (split by the router). If it really belongs on the first screen,\n" +
      "add it to FIRST_SCREEN (or PACKAGES) there and check `node bench/size/measure.mjs --check`.",
  );
  process.exit(1);
}
console.log(`first screen: ${seen.size} modules and ${packages.size} packages, all on the list`);
