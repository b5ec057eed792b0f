import type { Dictionary } from "#client/i18n.ts";

/**
 * Every dictionary file of this language in one module: choosing it is one request, and the first
 * load carries one loader per language instead of one per feature file.
 */
const files = import.meta.glob<Dictionary>("./pt/*.ts", { eager: true, import: "default" });
export default Object.assign({}, ...Object.values(files)) as Dictionary;
