import { afterEach, describe, expect, it } from "vitest";
import { i18n } from "#client/i18n-runtime.ts";
import { formatShortAgo } from "#web/features/chat/short-ago.ts";
import { formatMoney, formatRelative } from "./format";

// Intl puts a no-break space between symbol and amount in some locales.
const plain = (s: string) => s.replace(/\s/g, " ");

afterEach(() => i18n.changeLanguage("en"));

describe("money (USD, BRL for Portuguese)", () => {
  it("is US dollars in English", () => {
    expect(formatMoney(10)).toBe("$10.00");
    expect(formatMoney(1234.5, "en")).toBe("$1,234.50");
  });

  it("is Brazilian reais in Portuguese", () => {
    expect(plain(formatMoney(100, "pt"))).toBe("R$ 100,00");
    expect(plain(formatMoney(1234.5, "pt-BR"))).toBe("R$ 1.234,50");
  });

  it("is dollars written the Spanish way in Spanish", () => {
    expect(plain(formatMoney(10, "es"))).toBe("10,00 US$");
  });

  it("follows the language the reader chose", async () => {
    await i18n.changeLanguage("pt");
    expect(plain(formatMoney(2))).toBe("R$ 2,00");
  });
});

describe("formatShortAgo", () => {
  it("gives a chat row's age in a few characters, in each language", () => {
    const ago = (seconds: number) => Date.now() - seconds * 1000;
    expect(formatShortAgo(ago(45 * 60), "en")).toBe("45m");
    expect(formatShortAgo(ago(3 * 3600), "en")).toBe("3h");
    expect(formatShortAgo(ago(2 * 86_400), "en")).toBe("2d");
    expect(formatShortAgo(ago(45 * 60), "es")).toMatch(/^45\s?min$/);
    expect(formatShortAgo(ago(45 * 60), "pt")).toMatch(/^45\s?min$/);
    expect(formatShortAgo(ago(5), "es")).toBe("ahora");
    expect(formatShortAgo(ago(10 * 86_400), "en").length).toBeLessThanOrEqual(6);
  });
});

describe("relative times", () => {
  const ago = (seconds: number) => Date.now() - seconds * 1000;
  it("say every age in one short form with a number, never yesterday beside 3 days ago", () => {
    expect(formatRelative(ago(5), "en")).toBe("now");
    expect(formatRelative(ago(20 * 60), "en")).toBe("20m ago");
    expect(formatRelative(ago(26 * 3600), "en")).toBe("1d ago");
    expect(formatRelative(ago(3 * 86_400), "en")).toBe("3d ago");
    expect(formatRelative(ago(2 * 86_400), "pt")).toBe("há 2 dias");
    expect(formatRelative(ago(86_400), "es")).toBe("hace 1 d");
  });
});
