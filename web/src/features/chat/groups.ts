import { type QueryClient, queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { pageSchema } from "#shared/api.ts";
import { GROUP_MEMBERS_MAX } from "#shared/constants.ts";
import {
  type CreateGroup,
  chatThreadSchema,
  type GroupRole,
  groupMemberItemSchema,
  groupRoleResultSchema,
} from "#shared/schemas/chat.ts";
import { api } from "#web/lib/api.ts";
import { chatKeys } from "./queries";

// Group chats (docs/decisions/143): making one, its members, leaving and renaming. Each change's
// system line reaches the open thread over its socket; these refresh what the dialogs show.

const GROUP = "/api/v1/private/user/chat/group";
const memberPageSchema = pageSchema(groupMemberItemSchema);

export const groupKeys = {
  members: (publicId: string) => [...chatKeys.root, "group-members", publicId] as const,
};

export const groupMembersQueryOptions = (publicId: string) =>
  queryOptions({
    queryKey: groupKeys.members(publicId),
    queryFn: ({ signal }) =>
      api
        .get(`${GROUP}/member/list`, {
          query: { public_id: publicId, skip: 0, limit: GROUP_MEMBERS_MAX },
          signal,
        })
        .then((data) => memberPageSchema.parse(data)),
  });

/** After a change: the thread (name, member count, whether one may still write) and the members. */
function refreshGroup(queryClient: QueryClient, publicId: string) {
  void queryClient.invalidateQueries({ queryKey: groupKeys.members(publicId) });
  void queryClient.invalidateQueries({ queryKey: chatKeys.thread(publicId) });
  void queryClient.invalidateQueries({ queryKey: chatKeys.threads() });
}

/** Starts a group; the refusals ("This user does not accept new chats"…) show in the form. */
export function useCreateGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateGroup) =>
      api.post(GROUP, { body: input }).then((data) => chatThreadSchema.parse(data)),
    onSuccess: (thread) => {
      queryClient.setQueryData(chatKeys.thread(thread.public_id), thread);
      void queryClient.invalidateQueries({ queryKey: chatKeys.threads() });
    },
    onError: () => {},
  });
}

export function useAddMember(publicId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (username: string) =>
      api.post(`${GROUP}/member`, { body: { public_id: publicId, username } }),
    onSuccess: () => refreshGroup(queryClient, publicId),
    onError: () => {},
  });
}

export function useRemoveMember(publicId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (username: string) =>
      api.delete(`${GROUP}/member`, {
        body: { public_id: publicId, username },
      }),
    onSuccess: () => refreshGroup(queryClient, publicId),
  });
}

/** Makes a member an admin (ADMIN) or takes it back (MEMBER): the maker and admins (docs/decisions/167). */
export function useSetGroupRole(publicId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ username, role }: { username: string; role: GroupRole }) =>
      api
        .patch(`${GROUP}/member`, {
          body: { public_id: publicId, username, role },
        })
        .then((data) => groupRoleResultSchema.parse(data)),
    onSuccess: () => refreshGroup(queryClient, publicId),
  });
}

export function useLeaveGroup(publicId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete(`${GROUP}/member/self`, { query: { public_id: publicId } }),
    onSuccess: () => refreshGroup(queryClient, publicId),
  });
}

export function useRenameGroup(publicId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) =>
      api.patch(GROUP, { body: { public_id: publicId, name } }).then((data) => chatThreadSchema.parse(data)),
    onSuccess: (thread) => {
      queryClient.setQueryData(chatKeys.thread(publicId), thread);
      refreshGroup(queryClient, publicId);
    },
    onError: () => {},
  });
}
