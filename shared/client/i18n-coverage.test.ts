// Every English key the SPAs can show must have a Spanish and a Portuguese translation in the
// dictionaries that SPA loads (docs/decisions/004). Keys come from the source — t("…"), msg("…"),
// i18nKey="…" — and from the message objects exported by the shared/src modules the SPA uses
// (MSG, *_MSG, *MESSAGES), which forms show with t(issue.message) and the API sends as `detail`.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { Dictionary } from "./i18n-runtime";

// happy-dom gives import.meta.url a web address; the folder comes from Node instead.
const ROOT = join(import.meta.dirname, "../..");

type Glob = Record<string, { default: Dictionary }>;
const merge = (...globs: Glob[]): Dictionary =>
  Object.assign({}, ...globs.flatMap((g) => Object.values(g).map((m) => m.default)));

const sharedEs = import.meta.glob<{ default: Dictionary }>("./locales/es/*.ts", { eager: true });
const sharedPt = import.meta.glob<{ default: Dictionary }>("./locales/pt/*.ts", { eager: true });
const DICTIONARIES = {
  web: {
    es: merge(
      sharedEs,
      import.meta.glob<{ default: Dictionary }>("../../web/src/i18n/es/*.ts", { eager: true }),
    ),
    pt: merge(
      sharedPt,
      import.meta.glob<{ default: Dictionary }>("../../web/src/i18n/pt/*.ts", { eager: true }),
    ),
  },
  admin: {
    es: merge(
      sharedEs,
      import.meta.glob<{ default: Dictionary }>("../../admin/src/i18n/es/*.ts", { eager: true }),
    ),
    pt: merge(
      sharedPt,
      import.meta.glob<{ default: Dictionary }>("../../admin/src/i18n/pt/*.ts", { eager: true }),
    ),
  },
};
type Spa = keyof typeof DICTIONARIES;

/** Source files of a folder, without tests and dictionaries (which hold translations, not keys). */
function sourceFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { recursive: true, encoding: "utf8" })
    .filter((f) => /\.(ts|tsx)$/.test(f) && !/\.test\.tsx?$|\.d\.ts$|routeTree\.gen\.ts$/.test(f))
    .map((f) => join(dir, f))
    .filter((f) => !/\/(i18n|locales)\/(es|pt)\//.test(f));
}

/** Comments hold examples like t("Draft saved."); they are not keys. */
function withoutComments(code: string): string {
  return code.replace(/\/\*[\s\S]*?\*\//g, "").replace(/(^|[\s;{}(),])\/\/.*$/gm, "$1");
}

const LITERAL = String.raw`(?:"((?:\\.|[^"\\])*)"|'((?:\\.|[^'\\])*)'|\x60((?:\\.|[^\x60\\$])*)\x60)`;
const CALL = new RegExp(String.raw`(?<![\w$])(?:t|msg)\(\s*${LITERAL}`, "g");
const I18N_KEY = new RegExp(String.raw`i18nKey=(?:\{\s*)?${LITERAL}`, "g");

function literalText(s: string): string {
  return s.replace(/\\(["'\\`])/g, "$1").replace(/\\n/g, "\n");
}

/** key → the files it appears in. */
function keysIn(dirs: string[]): Map<string, Set<string>> {
  const keys = new Map<string, Set<string>>();
  for (const file of dirs.flatMap(sourceFiles)) {
    const code = withoutComments(readFileSync(join(ROOT, file), "utf8"));
    for (const match of [...code.matchAll(CALL), ...code.matchAll(I18N_KEY)]) {
      const key = literalText(match[1] ?? match[2] ?? match[3] ?? "");
      if (!key.trim()) continue;
      const files = keys.get(key) ?? new Set();
      files.add(file);
      keys.set(key, files);
    }
  }
  return keys;
}

/**
 * The shared/src modules an app can reach: those its source (or shared/client) imports, and what
 * those import in turn. Paths are relative to the repository ("shared/src/schemas/chat.ts").
 */
function sharedModulesUsedBy(dirs: string[]): Set<string> {
  const IMPORT = /(?:from|import)\s*["']([^"']+)["']/g;
  // Aliases of package.json "imports" (docs/decisions/040), or a path relative to the importer.
  const ALIASES: Record<string, string> = { "#shared/": "shared/src/", "#client/": "shared/client/" };
  const resolveTs = (from: string, spec: string) => {
    const alias = Object.keys(ALIASES).find((a) => spec.startsWith(a));
    const path = alias ? ALIASES[alias] + spec.slice(alias.length) : join(from, "..", spec);
    const base = path.replace(/\.tsx?$/, "");
    return [`${base}.ts`, `${base}.tsx`, join(base, "index.ts")].find((f) => {
      try {
        return readFileSync(join(ROOT, f)) !== null;
      } catch {
        return false;
      }
    });
  };
  const found = new Set<string>();
  const visit = (file: string) => {
    const code = withoutComments(readFileSync(join(ROOT, file), "utf8"));
    for (const [, spec] of code.matchAll(IMPORT)) {
      if (!spec?.startsWith(".") && !spec?.startsWith("#")) continue;
      const target = resolveTs(file, spec);
      if (!target?.startsWith("shared/src/") || found.has(target)) continue;
      found.add(target);
      visit(target);
    }
  };
  for (const file of dirs.flatMap(sourceFiles)) visit(file);
  return found;
}

/** Every string inside the message objects (MSG, *_MSG, *MESSAGES) of the given shared/src modules. */
function sharedMessages(used: Set<string>): Map<string, Set<string>> {
  const modules = import.meta.glob<Record<string, unknown>>(["../src/**/*.ts", "!../src/**/*.test.ts"], {
    eager: true,
  });
  const keys = new Map<string, Set<string>>();
  const collect = (value: unknown, where: string) => {
    if (typeof value === "string") {
      const files = keys.get(value) ?? new Set();
      files.add(where);
      keys.set(value, files);
    } else if (value && typeof value === "object") {
      for (const inner of Object.values(value)) collect(inner, where);
    }
  };
  for (const [path, exports] of Object.entries(modules)) {
    const file = `shared/${path.slice(3)}`;
    // index.ts re-exports the schema files; reading both would name every message twice.
    if (path.endsWith(".test.ts") || file === "shared/src/index.ts" || !used.has(file)) continue;
    for (const [name, value] of Object.entries(exports))
      if (/(^|_)MSG$|MESSAGES$/.test(name)) collect(value, `${file} ${name}`);
  }
  return keys;
}

function union(...maps: Map<string, Set<string>>[]): Map<string, Set<string>> {
  const all = new Map<string, Set<string>>();
  for (const map of maps)
    for (const [key, files] of map) all.set(key, new Set([...(all.get(key) ?? []), ...files]));
  return all;
}

function missing(spa: Spa, keys: Map<string, Set<string>>): string[] {
  const lines: string[] = [];
  for (const lang of ["es", "pt"] as const) {
    const dict = DICTIONARIES[spa][lang];
    for (const [key, files] of keys)
      if (!dict[key]?.trim()) lines.push(`${lang}  ${JSON.stringify(key)}  (${[...files].join(", ")})`);
  }
  return lines.sort();
}

function report(spa: Spa, lines: string[]): string {
  return `${lines.length} translations missing from the ${spa} dictionaries (${
    spa === "web" ? "web/src/i18n" : "admin/src/i18n"
  }/{es,pt}/<feature>.ts or shared/client/locales):\n  ${lines.join("\n  ")}`;
}

// An app must translate the messages of every shared/src module it reaches (forms show them with
// t(issue.message), the API sends them as `detail`), and every key of its source and of
// shared/client, which both apps load.
describe("i18n coverage", () => {
  const shared = keysIn(["shared/client"]);
  const messagesOf = (app: string) => sharedMessages(sharedModulesUsedBy([app, "shared/client"]));

  it("finds the keys it is meant to find", () => {
    // A guard on the scanner itself: these keys exist in the shell and in shared/src today.
    const web = keysIn(["web/src"]);
    expect(web.has("Sign In")).toBe(true);
    expect(web.has("Referral Rewards")).toBe(true);
    expect(sharedModulesUsedBy(["web/src"]).has("shared/src/schemas/fields.ts")).toBe(true);
    expect(messagesOf("web/src").has("Must be a valid email")).toBe(true);
  });

  it("has Spanish and Portuguese for every key of the main site", () => {
    const keys = union(messagesOf("web/src"), shared, keysIn(["web/src"]));
    const lines = missing("web", keys);
    expect(lines.length, report("web", lines)).toBe(0);
  });

  it("has Spanish and Portuguese for every key of the admin site", () => {
    const keys = union(messagesOf("admin/src"), shared, keysIn(["admin/src"]));
    const lines = missing("admin", keys);
    expect(lines.length, report("admin", lines)).toBe(0);
  });
});
