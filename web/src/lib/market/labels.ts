import { msg } from "#client/i18n.ts";
import type { TFunction } from "#client/i18n-runtime.ts";
import type { JobCategory } from "#shared/enums.ts";

// The words the market's screens (jobs and services) show for the API's enumerations they share,
// translated with t(label).

export const JOB_CATEGORY_LABEL: Record<JobCategory, string> = {
  PROGRAMMING: msg("Programming"),
  BLOCKCHAIN: msg("Blockchain"),
  DESIGN: msg("Design"),
  MARKETING: msg("Marketing"),
  CUSTOMERSUPPORT: msg("Customer support"),
  WRITING: msg("Writing"),
  PRODUCT: msg("Product"),
  SERVICE: msg("Service"),
  HUMANRESOURCE: msg("Human resources"),
  ELSE: msg("Other"),
};

/** The options of a select over an enumeration, labelled in the reader's language. */
export function enumOptions<T extends string>(
  values: readonly T[],
  labels: Record<T, string>,
  t: TFunction,
): Array<{ value: T; label: string }> {
  return values.map((value) => {
    const label: string = labels[value];
    return { value, label: t(label) };
  });
}
