import { ApiError } from "./api";

/**
 * The API names a refused field at the start of its detail ("company_name: This company belongs
 * to someone else…", several joined by "; "). A form shows each on its field and the rest above
 * the form. `fields` are the names the form has; `images.1` counts as `images`.
 */
export function fieldErrors<K extends string>(
  error: unknown,
  fields: readonly K[],
): { byField: Partial<Record<K, string>>; rest: string | null } {
  const byField: Partial<Record<K, string>> = {};
  if (!(error instanceof ApiError) || !error.detail) return { byField, rest: null };
  const rest: string[] = [];
  for (const part of error.detail.split("; ")) {
    const match = /^([a-z_]+)(?:\.\d+)?: (.+)$/s.exec(part);
    const field = match?.[1] as K | undefined;
    if (match && field && fields.includes(field)) byField[field] ??= match[2]!;
    else rest.push(part);
  }
  return { byField, rest: rest.length ? rest.join("; ") : null };
}
