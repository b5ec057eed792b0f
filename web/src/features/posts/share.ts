import { msg } from "#client/i18n.ts";
import { showSnackbar } from "#client/ui/snackbar.tsx";
import { i18n } from "#web/i18n/i18n.ts";

/** The full address of a path of this site, for sharing outside it. */
export function absoluteLink(path: string): string {
  return new URL(path, window.location.origin).toString();
}

/** Puts `text` on the clipboard and says so (`success`, an i18n key), or says it is not allowed. */
export async function copy(text: string, success: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    showSnackbar({ message: i18n.t(success), variant: "success" });
  } catch {
    showSnackbar({
      message: i18n.t("Copying is not allowed here. Select the text and copy it."),
      variant: "error",
    });
  }
}

/** Share: the post's (or comment's) own address goes to the clipboard. */
export function copyLink(path: string): Promise<void> {
  return copy(absoluteLink(path), msg("Saved the link to clipboard"));
}
