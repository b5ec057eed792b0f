// The translation engine of both SPAs, imported by its own name (`#client/i18n-runtime.ts`; React
// components use `#client/react-i18n.tsx`): key lookup, `{{name}}` interpolation, plural keys and
// language switching in a few hundred bytes, where i18next cost ~14 KB gzip on every first load
// (docs/decisions/008-lean-first-load.md). The English sentence is the key; a missing translation
// shows the English text, never a key.

export type Dictionary = Record<string, string>;
export type TOptions = Record<string, unknown> & { count?: number; defaultValue?: string; lng?: string };
export type TFunction = (key: string | string[], options?: TOptions | string) => string;
type Listener = (...args: unknown[]) => void;

const PLACEHOLDER = /\{\{\s*([^}\s,]+)\s*(?:,[^}]*)?\}\}/g;

/** `{{name}}` takes options.name; an unknown name stays as written. */
function interpolate(text: string, options: TOptions | undefined): string {
  if (!options || !text.includes("{{")) return text;
  return text.replace(PLACEHOLDER, (match, name: string) => {
    const value = options[name];
    return value === undefined || value === null ? match : String(value);
  });
}

export class I18n {
  language = "en";
  private readonly dictionaries = new Map<string, Dictionary>();
  private readonly listeners = new Map<string, Set<Listener>>();
  private readonly plurals = new Map<string, Intl.PluralRules>();

  /** Lookup in the current language, then English, then the key itself. */
  t: TFunction = (key, options) => this.translate(this.language, key, options);

  private lookup(lng: string, key: string, count: number | undefined): string | undefined {
    for (const language of lng === "en" ? ["en"] : [lng, "en"]) {
      const dict = this.dictionaries.get(language);
      if (!dict) continue;
      if (count !== undefined) {
        const rules = this.plurals.get(language) ?? new Intl.PluralRules(language);
        this.plurals.set(language, rules);
        const plural = dict[`${key}_${rules.select(count)}`];
        if (plural) return plural;
      }
      if (dict[key]) return dict[key];
    }
    return undefined;
  }

  private translate(lng: string, key: string | string[], raw?: TOptions | string): string {
    const options: TOptions | undefined = typeof raw === "string" ? { defaultValue: raw } : raw;
    const language = options?.lng ?? lng;
    const keys = Array.isArray(key) ? key : [key];
    for (const k of keys) {
      const found = this.lookup(language, k, options?.count);
      if (found !== undefined) return interpolate(found, options);
    }
    return interpolate(options?.defaultValue ?? keys[keys.length - 1] ?? "", options);
  }

  /** A `t` bound to one language (the current one when none is given). */
  getFixedT(lng?: string | null): TFunction {
    return (key, options) => this.translate(lng ?? this.language, key, options);
  }

  hasDictionary(lng: string): boolean {
    return this.dictionaries.has(lng);
  }

  /** Adds words to a language's dictionary (a later word for the same key wins). */
  addDictionary(lng: string, words: Dictionary): this {
    this.dictionaries.set(lng, { ...this.dictionaries.get(lng), ...words });
    this.emit("added", lng);
    return this;
  }

  async changeLanguage(lng: string): Promise<void> {
    this.language = lng;
    this.emit("languageChanged", lng);
  }

  /** "languageChanged" and "added" (a dictionary arrived), each with the language. */
  on(event: "languageChanged" | "added", listener: Listener): this {
    const set = this.listeners.get(event) ?? new Set();
    this.listeners.set(event, set);
    set.add(listener);
    return this;
  }

  private emit(event: string, ...args: unknown[]): void {
    for (const listener of this.listeners.get(event) ?? []) listener(...args);
  }
}

/** The one instance both SPAs use. */
export const i18n = new I18n();
