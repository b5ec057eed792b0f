import { createI18n, type Dictionary } from "#client/i18n.ts";

export { i18n, LANGUAGES, type Language } from "#client/i18n.ts";

export const { initI18n, setLanguage } = createI18n({
  es: import.meta.glob<{ default: Dictionary }>("./es/*.ts"),
  pt: import.meta.glob<{ default: Dictionary }>("./pt/*.ts"),
});
