import type { ChatThread, ChatUser } from "#shared/schemas/chat.ts";

/** The person a personal thread is with: anyone but the reader. */
export function otherParticipant(thread: ChatThread, myUsername: string): ChatUser {
  return (
    thread.chat_thread_user_list.find((u) => u.username !== myUsername) ??
    thread.chat_thread_user_list[0] ?? { username: "?", profile_name: null, profile_image: null }
  );
}

export function displayName(user: ChatUser): string {
  return user.profile_name?.trim() || user.username;
}

export const isGroup = (thread: ChatThread): boolean => thread.kind === "GROUP";

/** What a thread is called: a group's name, or the other person's name. */
export function threadTitle(thread: ChatThread, myUsername: string): string {
  return isGroup(thread) ? (thread.name ?? "") : displayName(otherParticipant(thread, myUsername));
}
