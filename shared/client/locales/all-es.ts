import type { Dictionary } from "../i18n-runtime";

/** Every shared dictionary file of this language in one module: one request when it is chosen. */
const files = import.meta.glob<Dictionary>("./es/*.ts", { eager: true, import: "default" });
export default Object.assign({}, ...Object.values(files)) as Dictionary;
