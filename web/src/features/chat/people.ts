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
