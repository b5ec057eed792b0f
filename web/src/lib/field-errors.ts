import { ApiError } from "./api";

/**
 * The API names each refused field in the error's `fields` (`{"company_name": "This company belongs
 * to someone else…"}`). A form shows each on its field and the rest above the form, as
 * "field: problem". `fields` are the names the form has; `images.1` counts as `images`.
 */
export function fieldErrors<K extends string>(
  error: unknown,
  fields: readonly K[],
): { byField: Partial<Record<K, string>>; rest: string | null } {
  const byField: Partial<Record<K, string>> = {};
  if (!(error instanceof ApiError) || !error.detail) return { byField, rest: null };
  if (!error.fields) return { byField, rest: error.detail };
  const rest: string[] = [];
  for (const [name, problem] of Object.entries(error.fields)) {
    const [head, index, ...deeper] = name.split(".");
    const field = (index === undefined || (/^\d+$/.test(index) && !deeper.length) ? head : name) as K;
    if (fields.includes(field)) byField[field] ??= problem;
    else rest.push(`${name}: ${problem}`);
  }
  return { byField, rest: rest.length ? rest.join("; ") : null };
}
