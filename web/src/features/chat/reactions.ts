import type { InfiniteData, QueryClient } from "@tanstack/react-query";
import type { Page } from "#shared/api.ts";
import type { ChatMessage, ChatServerFrame } from "#shared/schemas/chat.ts";
import { chatKeys } from "./queries";

type ReactionFrame = Extract<ChatServerFrame, { message_type: "REACTION" }>;

/**
 * A REACTION frame on the cached messages (docs/decisions/140): someone else's moves the count; the
 * viewer's own (from this tab or another) sets whether they reacted and moves the count only if
 * that changed, so a reaction this tab already counted is not counted twice.
 */
export function applyReaction(
  queryClient: QueryClient,
  publicId: string,
  frame: ReactionFrame,
  me: string,
): void {
  queryClient.setQueryData<InfiniteData<Page<ChatMessage>, unknown>>(chatKeys.messages(publicId), (data) => {
    if (!data) return data;
    const change = (m: ChatMessage): ChatMessage => {
      if (m.id !== frame.message_id) return m;
      const mine = frame.username === me;
      const found = m.reactions.find((r) => r.emoji === frame.emoji);
      if (mine && (found?.reacted ?? false) === frame.on) return m;
      const step = frame.on ? 1 : -1;
      const reactions = found
        ? m.reactions
            .map((r) =>
              r.emoji === frame.emoji
                ? { ...r, total: r.total + step, reacted: mine ? frame.on : r.reacted }
                : r,
            )
            .filter((r) => r.total > 0)
        : frame.on
          ? [...m.reactions, { emoji: frame.emoji, total: 1, reacted: mine }]
          : m.reactions;
      return { ...m, reactions };
    };
    return { ...data, pages: data.pages.map((p) => ({ ...p, list: p.list.map(change) })) };
  });
}
