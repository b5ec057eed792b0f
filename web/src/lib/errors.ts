import { showSnackbar } from "../components/ui/snackbar";
import { i18n } from "../i18n/i18n";
import { ApiError } from "./api";

/**
 * What the generic handler says (part 2 §8): the server's `detail` if present, else the error's
 * own message, else "Something went wrong". An ApiError without detail has only our stand-in
 * message ("Request failed with status 500"), which tells a reader nothing, so it counts as none.
 */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.detail ? i18n.t(error.detail) : i18n.t("Something went wrong");
  if (error instanceof Error && error.message) return i18n.t(error.message);
  return i18n.t("Something went wrong");
}

/** The generic handler: a red notice for 6 s. Every API failure ends here unless a screen handles it. */
export function handleApiError(error: unknown): void {
  showSnackbar({ message: errorMessage(error), variant: "error" });
}
