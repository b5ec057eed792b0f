import type { SearchSchemaInput } from "@tanstack/react-router";

// Route `validateSearch` runs in the first load (TanStack splits only a route's page and loader),
// so it must stay tiny: zod there would add ~22 KB gzip to every visit. These parsers never
// throw: a bad value falls back to the default (/search?type=bogus shows posts).
//
//   validateSearch: searchParams({ q: text(), type: oneOf(SEARCH_TYPES, "posts") })

/** Reads one raw search value (TanStack has already JSON-parsed it: "?q=12" arrives as 12). */
export type Param<T> = (raw: unknown) => T;

/** A non-empty string; numbers and booleans become their text (someone may search for "2024"). */
export function text(): Param<string | undefined> {
  return (raw) => {
    if (typeof raw === "number" || typeof raw === "boolean") return String(raw);
    return typeof raw === "string" && raw !== "" ? raw : undefined;
  };
}

/** One of the listed values; anything else becomes `fallback` (or nothing). */
export function oneOf<const T extends string>(values: readonly T[]): Param<T | undefined>;
export function oneOf<const T extends string>(values: readonly T[], fallback: NoInfer<T>): Param<T>;
export function oneOf<const T extends string>(values: readonly T[], fallback?: T): Param<T | undefined> {
  return (raw) => (values.includes(raw as T) ? (raw as T) : fallback);
}

/** A whole number within [min, max]; anything else is dropped. */
export function integer({
  min = Number.MIN_SAFE_INTEGER,
  max = Number.MAX_SAFE_INTEGER,
} = {}): Param<number | undefined> {
  return (raw) => {
    const n = typeof raw === "string" && raw.trim() !== "" ? Number(raw) : raw;
    return typeof n === "number" && Number.isInteger(n) && n >= min && n <= max ? n : undefined;
  };
}

/** true for `true`, "true" and "1"; false for `false`, "false" and "0"; otherwise nothing. */
export function flag(): Param<boolean | undefined> {
  return (raw) => {
    if (raw === true || raw === "true" || raw === "1" || raw === 1) return true;
    if (raw === false || raw === "false" || raw === "0" || raw === 0) return false;
    return undefined;
  };
}

type Shape = Record<string, Param<unknown>>;
type Value<P> = P extends Param<infer T> ? T : never;
type MaybeKeys<S extends Shape> = { [K in keyof S]: undefined extends Value<S[K]> ? K : never }[keyof S];
type Output<S extends Shape> = { [K in Exclude<keyof S, MaybeKeys<S>>]: Value<S[K]> } & {
  [K in MaybeKeys<S>]?: Exclude<Value<S[K]>, undefined>;
};
/** Links may leave out any param: the parser fills what has a fallback. */
type Input<S extends Shape> = { [K in keyof S]?: Exclude<Value<S[K]>, undefined> } & SearchSchemaInput;

/** A `validateSearch` function from named parsers; keys that parse to nothing are left out. */
export function searchParams<S extends Shape>(shape: S): (input: Input<S>) => Output<S> {
  return (input) => {
    const out: Record<string, unknown> = {};
    const raw = input as Record<string, unknown>;
    for (const [key, parse] of Object.entries(shape)) {
      const value = parse(raw[key]);
      if (value !== undefined) out[key] = value;
    }
    return out as Output<S>;
  };
}
