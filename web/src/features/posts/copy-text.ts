import { msg } from "#client/i18n.ts";
import type { FeedItem } from "#shared/schemas/posts.ts";
import { plainText } from "#web/lib/plain-text.ts";
import { copy } from "./share";

// "Copy text" of the options menus, which load apart from the cards (share.ts has their Share).

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
