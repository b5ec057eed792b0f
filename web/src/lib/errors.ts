import { showSnackbar } from "../components/ui/snackbar";
import { i18n } from "../i18n/i18n";
import { ApiError } from "./api";

/**
 * The generic handler (part 2 §8): a red notice for 6 s with the server's detail if present,
 * else the error's message, else "Something went wrong".
 */
export function handleApiError(error: unknown): void {
  const detail = error instanceof ApiError ? error.detail : null;
  const message = detail ?? (error instanceof Error && error.message ? error.message : null);
  showSnackbar({ message: message ? i18n.t(message) : i18n.t("Something went wrong"), variant: "error" });
}
