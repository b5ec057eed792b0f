import { apiErrorText } from "#client/api-error-text.ts";
import { i18n } from "../i18n/i18n";

/**
 * What the generic handler says: the server's `detail` if present, else the error's
 * own message, else "Something went wrong" — in the reader's language, the same words the forms
 * show (shared/client/api-error-text.ts). Not in the first load: lib/errors.ts loads it on a failure.
 */
export function errorMessage(error: unknown): string {
  return apiErrorText(error, i18n.t);
}
