import { createI18n, type Dictionary } from "#client/i18n.ts";

export const { initI18n } = createI18n({
  es: import.meta.glob<{ default: Dictionary }>("./es/*.ts"),
  pt: import.meta.glob<{ default: Dictionary }>("./pt/*.ts"),
});
