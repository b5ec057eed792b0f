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
import { parse } from "@babel/parser";

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
  "shared/src/error-codes.ts",
  "shared/src/enums/feed.ts",
  "shared/src/enums/market.ts",
  // The shell: root layout, header, left menu, the hosts of dialogs and notices.
  "web/src/components/layout/header.tsx",
  "web/src/components/layout/language-switch.tsx",
  "web/src/components/layout/left-menu.tsx",
  "web/src/components/layout/search-form.tsx",
  "web/src/components/ui/bottom-sheet.tsx",
  "shared/client/ui/confirm.tsx",
  "shared/client/ui/icons.tsx",
  "web/src/components/ui/image-preview.tsx",
  "web/src/components/ui/lazy-empty-state.tsx",
  "web/src/components/ui/modal-host.tsx",
  "shared/client/ui/snackbar.tsx",
  "shared/client/ui/spinner.tsx",
  "web/src/lib/session.ts",
  "web/src/features/accounts/theme-from-account.tsx",
  "web/src/features/accounts/use-night-mode.ts",
  "web/src/lib/use-media-query.ts",
  "shared/client/cookies.ts",
  "shared/client/http.ts",
  // The typed client: a few lines at run time over http.ts (docs/decisions/182).
  "shared/client/typed-api.ts",
  "shared/client/i18n-runtime.ts",
  "shared/client/i18n.ts",
  "shared/client/menu-button.ts",
  "shared/client/react-i18n.tsx",
  "shared/client/skip-link.tsx",
  "shared/client/site-image.ts",
  "shared/client/store.ts",
  // The home route: the feed and its cards.
  "web/src/features/posts/components/feed-page.tsx",
  "web/src/features/posts/components/html-allow-list.ts",
  "web/src/features/posts/components/post-actions.tsx",
  "web/src/components/post/post-byline.tsx",
  "web/src/features/posts/components/post-card.tsx",
  "web/src/components/post/post-icons.tsx",
  "web/src/features/posts/components/post-list.tsx",
  "web/src/features/posts/components/post-media.tsx",
  "web/src/features/posts/components/safe-html.tsx",
  "web/src/features/posts/components/vote-button.tsx",
  // A card's flair and the stub that loads its reactions after the first screen.
  "web/src/components/ui/flair-chip.tsx",
  "web/src/components/reactions/lazy-reaction-bar.tsx",
  "web/src/features/posts/reactions.ts",
  "web/src/features/posts/queries.ts",
  "web/src/features/posts/share.ts",
  "web/src/components/ui/avatar.tsx",
  "shared/client/ui/list-states.tsx",
  "web/src/components/ui/verified-badge.tsx",
  "web/src/lib/count-label.ts",
  "web/src/lib/cursor-pages.ts",
  "web/src/lib/first-screen.ts",
  "shared/src/schemas/open-web.ts",
  "web/src/lib/format.ts",
  "web/src/lib/plain-text.ts",
  "shared/client/use-infinite-scroll.ts",
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

/** The nodes directly under `node` (Babel's syntax tree: any property holding a node or nodes). */
function children(node) {
  const found = [];
  for (const [key, value] of Object.entries(node)) {
    if (key === "loc" || key === "extra" || key.endsWith("Comments")) continue;
    if (Array.isArray(value)) {
      for (const item of value) if (item && typeof item.type === "string") found.push(item);
    } else if (value && typeof value.type === "string") found.push(value);
  }
  return found;
}

/** Every name a node mentions (property names after a dot, object keys and JSX attributes excluded). */
function names(node, into = new Set()) {
  const visit = (child, parent) => {
    if (child.type === "Identifier" || child.type === "JSXIdentifier") {
      const isMember =
        (parent?.type === "MemberExpression" || parent?.type === "OptionalMemberExpression") &&
        parent.property === child &&
        !parent.computed;
      const isKey = parent?.type === "ObjectProperty" && parent.key === child && !parent.computed;
      const isAttribute = parent?.type === "JSXAttribute";
      const isJsxMember = parent?.type === "JSXMemberExpression" && parent.property === child;
      if (!isMember && !isKey && !isAttribute && !isJsxMember) into.add(child.name);
    }
    for (const next of children(child)) visit(next, child);
  };
  visit(node, null);
  return into;
}

/** The options object of `createFileRoute(...)({...})`, if any. */
function routeOptions(program) {
  let found;
  const visit = (node) => {
    if (found) return;
    if (
      node.type === "CallExpression" &&
      node.callee.type === "CallExpression" &&
      node.callee.callee.type === "Identifier" &&
      node.callee.callee.name === "createFileRoute" &&
      node.arguments[0]?.type === "ObjectExpression"
    )
      found = node.arguments[0];
    else for (const child of children(node)) visit(child);
  };
  visit(program);
  return found;
}

/** A property's name when it is a plain one (`component:`, `loader() {}`), else "". */
const keyName = (property) =>
  property.type !== "SpreadElement" && !property.computed && property.key.type === "Identifier"
    ? property.key.name
    : "";

/** A top-level statement without its `export` (or `export default`). */
const unexported = (statement) =>
  (statement.type === "ExportNamedDeclaration" || statement.type === "ExportDefaultDeclaration") &&
  statement.declaration
    ? statement.declaration
    : statement;

/**
 * The import bindings a route file keeps in the entry: those reached from anything but the split
 * properties, through the file's own top-level declarations.
 */
function keptBindings(program, text) {
  const options = routeOptions(program);
  const splits = options && !options.properties.some((p) => keyName(p) === "codeSplitGroupings");
  if (!splits) return null; // everything is kept
  const declarations = new Map(); // top-level name → names it mentions
  const roots = new Set();
  for (const outer of program.body) {
    const statement = unexported(outer);
    if (statement.type === "ImportDeclaration") continue;
    if (statement.type === "FunctionDeclaration" && statement.id) {
      declarations.set(statement.id.name, names(statement));
      continue;
    }
    if (
      statement.type === "VariableDeclaration" &&
      !text.slice(statement.start, statement.end).includes("createFileRoute")
    ) {
      for (const declaration of statement.declarations)
        if (declaration.id.type === "Identifier") declarations.set(declaration.id.name, names(declaration));
      continue;
    }
    if (outer.start <= options.start && options.end <= outer.end) {
      // The route itself: every option but the split ones, plus the call around it.
      for (const property of options.properties) if (!SPLIT.has(keyName(property))) names(property, roots);
      roots.add("createFileRoute");
      continue;
    }
    if (statement.type !== "TSInterfaceDeclaration" && statement.type !== "TSTypeAliasDeclaration")
      names(outer, roots);
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
  const { program } = parse(text, {
    sourceType: "module",
    sourceFilename: file,
    plugins: ["typescript", ...(file.endsWith(".tsx") ? ["jsx"] : [])],
  });
  const kept = file.startsWith("web/src/routes/") ? keptBindings(program, text) : null;
  const found = [];
  for (const statement of program.body) {
    const line = statement.loc.start.line;
    if (statement.type === "ImportDeclaration") {
      if (statement.importKind === "type") continue;
      const bindings = statement.specifiers
        .filter((s) => s.type !== "ImportSpecifier" || s.importKind !== "type")
        .map((s) => s.local.name);
      // `import { type A }` alone is erased; `import "x"` (no bindings) runs the module.
      if (statement.specifiers.length > 0 && bindings.length === 0) continue;
      if (kept && bindings.length > 0 && !bindings.some((name) => kept.has(name))) continue;
      found.push({ specifier: statement.source.value, line });
    } else if (
      (statement.type === "ExportNamedDeclaration" || statement.type === "ExportAllDeclaration") &&
      statement.source &&
      statement.exportKind !== "type"
    ) {
      found.push({ specifier: statement.source.value, line });
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
      "The home page's scripts have a budget of 122 KB gzip. Load what only some screens need when it is\n" +
      'needed: `const X = lazy(() => import("./x"))` for a component, `await import("./x")` in a handler,\n' +
      "or a route's `component`/`loader` (split by the router). If it really belongs on the first screen,\n" +
      "add it to FIRST_SCREEN (or PACKAGES) there and check `node bench/size/measure.mjs --check`.",
  );
  process.exit(1);
}
console.log(`first screen: ${seen.size} modules and ${packages.size} packages, all on the list`);
