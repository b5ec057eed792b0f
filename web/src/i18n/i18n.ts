import { createI18n, type Dictionary } from "../../../shared/client/i18n";

export { i18n, LANGUAGES, type Language } from "../../../shared/client/i18n";

export const { initI18n, setLanguage } = createI18n({
  es: import.meta.glob<{ default: Dictionary }>("./es/*.ts"),
  pt: import.meta.glob<{ default: Dictionary }>("./pt/*.ts"),
});
