// The translation engine of both SPAs: the part of i18next this product uses, in a few hundred
// bytes instead of ~14 KB gzip on every first load (docs/decisions/008-own-i18n-runtime.md).
// The English sentence is the key; a missing translation shows the English text, never a key.
// `i18next` and `react-i18next` imports resolve here and to ./react-i18n.ts (see ./i18n-aliases.ts).

export type Dictionary = Record<string, string>;
export type TOptions = Record<string, unknown> & { count?: number; defaultValue?: string; lng?: string };
export type TFunction = (key: string | string[], options?: TOptions | string) => string;
type Listener = (...args: unknown[]) => void;

const PLACEHOLDER = /\{\{\s*([^}\s,]+)\s*(?:,[^}]*)?\}\}/g;

/** `{{name}}` takes options.name; an unknown name stays as written, as i18next does. */
function interpolate(text: string, options: TOptions | undefined): string {
  if (!options || !text.includes("{{")) return text;
  return text.replace(PLACEHOLDER, (match, name: string) => {
    const value = options[name];
    return value === undefined || value === null ? match : String(value);
  });
}

export class I18n {
  language = "en";
  resolvedLanguage = "en";
  languages: readonly string[] = ["en"];
  isInitialized = true;
  options: Record<string, unknown> = { fallbackLng: "en" };
  private readonly bundles = new Map<string, Dictionary>();
  private readonly listeners = new Map<string, Set<Listener>>();
  private readonly plurals = new Map<string, Intl.PluralRules>();

  /** What i18next's `t` does for us: lookup in the language, then English, then the key itself. */
  t: TFunction = (key, options) => this.translate(this.language, key, options);

  private lookup(lng: string, key: string, count: number | undefined): string | undefined {
    for (const language of lng === "en" ? ["en"] : [lng, "en"]) {
      const dict = this.bundles.get(language);
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

  exists(key: string, options?: { lng?: string }): boolean {
    return this.lookup(options?.lng ?? this.language, key, undefined) !== undefined;
  }

  /** A `t` bound to one language (react-i18next's useTranslation asks for one). */
  getFixedT(lng?: string | null): TFunction {
    return (key, options) => this.translate(lng ?? this.language, key, options);
  }

  hasResourceBundle(lng: string, _ns = "translation"): boolean {
    return this.bundles.has(lng);
  }

  getResourceBundle(lng: string, _ns = "translation"): Dictionary | undefined {
    return this.bundles.get(lng);
  }

  addResourceBundle(lng: string, _ns: string, resources: Dictionary, _deep = true, overwrite = true): this {
    const current = this.bundles.get(lng) ?? {};
    this.bundles.set(lng, overwrite ? { ...current, ...resources } : { ...resources, ...current });
    this.emit("added", lng);
    return this;
  }

  async changeLanguage(lng: string): Promise<TFunction> {
    this.language = lng;
    this.resolvedLanguage = lng;
    this.languages = lng === "en" ? ["en"] : [lng, "en"];
    this.emit("languageChanged", lng);
    return this.t;
  }

  dir(): "ltr" {
    return "ltr";
  }

  on(event: string, listener: Listener): this {
    const set = this.listeners.get(event) ?? new Set();
    this.listeners.set(event, set);
    set.add(listener);
    return this;
  }

  off(event: string, listener?: Listener): this {
    if (listener) this.listeners.get(event)?.delete(listener);
    else this.listeners.delete(event);
    return this;
  }

  private emit(event: string, ...args: unknown[]): void {
    for (const listener of this.listeners.get(event) ?? []) listener(...args);
  }

  /** i18next's setup calls, kept so `i18n.use(initReactI18next).init({...})` still reads right. */
  use(_plugin: unknown): this {
    return this;
  }

  async init(options: { lng?: string; resources?: Record<string, { translation?: Dictionary }> } = {}) {
    for (const [lng, namespaces] of Object.entries(options.resources ?? {}))
      if (namespaces.translation) this.addResourceBundle(lng, "translation", namespaces.translation);
    if (options.lng && options.lng !== this.language) await this.changeLanguage(options.lng);
    return this.t;
  }
}

/** The one instance both SPAs use. */
export const i18n = new I18n();
export default i18n;
