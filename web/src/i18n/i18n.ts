import { createI18n } from "#client/i18n.ts";

export { i18n, LANGUAGES, type Language } from "#client/i18n.ts";

export const { initI18n, setLanguage } = createI18n({
  es: { app: () => import("./all-es.ts") },
  pt: { app: () => import("./all-pt.ts") },
});
