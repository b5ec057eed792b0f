import { describe, expect, it } from "vitest";
import { I18n } from "./i18n-runtime";

function setup() {
  const i18n = new I18n();
  i18n.addDictionary("es", {
    "Draft saved.": "Borrador guardado.",
    "Your referrer is @{{username}}": "Tu referente es @{{username}}",
    "{{count}} members_one": "{{count}} miembro",
    "{{count}} members_other": "{{count}} miembros",
    Empty: "",
  });
  return i18n;
}

describe("the i18n runtime", () => {
  it("answers English with the key itself", () => {
    const i18n = setup();
    expect(i18n.t("Draft saved.")).toBe("Draft saved.");
  });

  it("translates once the language is chosen", async () => {
    const i18n = setup();
    await i18n.changeLanguage("es");
    expect(i18n.t("Draft saved.")).toBe("Borrador guardado.");
    expect(i18n.language).toBe("es");
  });

  it("shows English when a translation is missing or empty, never a key name", async () => {
    const i18n = setup();
    await i18n.changeLanguage("pt");
    expect(i18n.t("Draft saved.")).toBe("Draft saved.");
    await i18n.changeLanguage("es");
    expect(i18n.t("Empty")).toBe("Empty");
  });

  it("fills {{placeholders}} and leaves unknown ones as written", async () => {
    const i18n = setup();
    expect(i18n.t("Hello {{name}}, {{ other }}", { name: "Ana" })).toBe("Hello Ana, {{ other }}");
    await i18n.changeLanguage("es");
    expect(i18n.t("Your referrer is @{{username}}", { username: "bruno" })).toBe("Tu referente es @bruno");
  });

  it("picks plural forms by count", async () => {
    const i18n = setup();
    await i18n.changeLanguage("es");
    expect(i18n.t("{{count}} members", { count: 1 })).toBe("1 miembro");
    expect(i18n.t("{{count}} members", { count: 3 })).toBe("3 miembros");
    await i18n.changeLanguage("en");
    expect(i18n.t("{{count}} members", { count: 3 })).toBe("3 members");
  });

  it("takes a default value and a fixed language", () => {
    const i18n = setup();
    expect(i18n.t("missing.key", "Fallback text")).toBe("Fallback text");
    expect(i18n.getFixedT("es")("Draft saved.")).toBe("Borrador guardado.");
    expect(i18n.t("Draft saved.", { lng: "es" })).toBe("Borrador guardado.");
  });

  it("tells listeners when the language changes or words arrive", async () => {
    const i18n = setup();
    const events: string[] = [];
    i18n.on("languageChanged", (lng) => events.push(`lang:${lng}`));
    i18n.on("added", (lng) => events.push(`added:${lng}`));
    await i18n.changeLanguage("pt");
    i18n.addDictionary("pt", { Hi: "Oi" });
    expect(events).toEqual(["lang:pt", "added:pt"]);
    expect(i18n.t("Hi")).toBe("Oi");
  });
});
