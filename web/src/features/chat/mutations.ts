import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { PersonalThread } from "#shared/schemas/chat.ts";
import { api } from "#web/lib/api.ts";
import { accountKeys } from "#web/lib/session.ts";
import { addMessage, dropThread } from "./cache";
import { chatKeys } from "./queries";

const CHAT = "/api/v1/private/user/chat";

/**
 * Starts (or finds) the personal thread with a user, as a new conversation's first message does;
 * errors are shown by the caller.
 */
export function useCreateThread() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (username: string) =>
      api.post(`${CHAT}/thread`, {
        body: new URLSearchParams({ username }),
      }),
    onSuccess: ({ public_id }, username) => {
      // "Message" on this person now leads to the thread, not to a new conversation.
      queryClient.setQueryData<PersonalThread>(chatKeys.personal(username), (found) =>
        found ? { ...found, public_id } : found,
      );
      // Not awaited: the new conversation opens the thread without waiting for the list.
      void queryClient.invalidateQueries({ queryKey: chatKeys.threads() });
    },
    // The new-chat screens show "The user does not exist" and the like next to the field.
    onError: () => {},
  });
}

export function useDeleteThread() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (publicId: string) => api.delete(`${CHAT}/thread`, { query: { public_id: publicId } }),
    onSuccess: (_data, publicId) => {
      dropThread(queryClient, publicId);
      void queryClient.invalidateQueries({ queryKey: accountKeys.unread() });
    },
  });
}

/** Uploads a picture; the thread's socket then brings the IMAGE message to everyone. */
export function useSendImage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      publicId,
      file,
      clientId,
      alt,
    }: {
      publicId: string;
      file: File;
      clientId: string;
      /** What the picture shows, for screen readers. */
      alt?: string;
    }) => {
      const body = new FormData();
      body.append("public_id", publicId);
      body.append("file", file);
      body.append("client_id", clientId);
      if (alt?.trim()) body.append("alt", alt.trim());
      return api.post(`${CHAT}/image`, { body });
    },
    onSuccess: (message, { publicId }) => addMessage(queryClient, publicId, message),
  });
}
