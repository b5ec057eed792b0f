/**
 * A value worked out from a statement's text, kept per isolate: statements are a few hundred texts,
 * long ones repeated on every request. A text with a value written in is one of many, so past
 * `limit` texts the map starts again rather than grow.
 */
export function keptByText<T>(limit: number): (text: string, make: () => T) => T {
  const kept = new Map<string, T>();
  return (text, make) => {
    let value = kept.get(text);
    if (value === undefined) {
      value = make();
      if (kept.size >= limit) kept.clear();
      kept.set(text, value);
    }
    return value;
  };
}
