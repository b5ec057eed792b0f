import { msg } from "#client/i18n.ts";
import type { FeedItem } from "#shared/schemas/posts.ts";
import { showSnackbar } from "#web/components/ui/snackbar.tsx";
import { i18n } from "#web/i18n/i18n.ts";
import { plainText } from "#web/lib/plain-text.ts";

/** The full address of a path of this site, for sharing outside it. */
export function absoluteLink(path: string): string {
  return new URL(path, window.location.origin).toString();
}

async function copy(text: string, success: string): Promise<void> {
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

/** Copy text: the title and the text a reader sees, without markup. */
export function copyText(item: Pick<FeedItem, "micropost">): Promise<void> {
  const body = plainText(item.micropost.body, 100_000);
  return copy(
    body ? `${item.micropost.title}\n\n${body}` : item.micropost.title,
    msg("Saved the text to clipboard"),
  );
}

export function copyCommentText(html: string): Promise<void> {
  return copy(plainText(html, 100_000), msg("Saved the text to clipboard"));
}
