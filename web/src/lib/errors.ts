import { showSnackbar } from "#client/ui/snackbar.tsx";

/**
 * The generic handler: a red notice for 6 s. Every API failure ends here unless a screen handles it.
 * The words (lib/error-message.ts, with the wallet's templates) load with the first failure.
 */
export function handleApiError(error: unknown): void {
  void import("./error-message").then(({ errorMessage }) =>
    showSnackbar({ message: errorMessage(error), variant: "error" }),
  );
}
