import { type QueryClient, useMutation, useQueryClient } from "@tanstack/react-query";
import { toFormData } from "#client/form-data.ts";
import type { PostType } from "#shared/enums.ts";
import { ApiError, api } from "#web/lib/api.ts";
import { communityKeys } from "#web/lib/community-keys.ts";
import { handleApiError } from "#web/lib/errors.ts";
import { removeCachedPost, updateCachedPost } from "./cache";
import { draftKeys } from "./draft-queries";
import { postKeys } from "./queries";

/** Deletes a post and drops it from every cached list (the options menu loads this on Delete). */
export async function deletePost(queryClient: QueryClient, publicId: string): Promise<boolean> {
  try {
    await api.delete("/api/v1/private/user/micropost", {
      query: { public_id: publicId },
    });
  } catch (error) {
    handleApiError(error);
    return false;
  }
  removeCachedPost(queryClient, publicId);
  queryClient.removeQueries({ queryKey: postKeys.detail(publicId) });
  void queryClient.invalidateQueries({ queryKey: communityKeys.root });
  return true;
}

export function useEditPost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { public_id: string; body: string }) =>
      api.patch("/api/v1/private/user/micropost", { body: input }),
    onSuccess: (post) => updateCachedPost(queryClient, post.public_id, () => post),
  });
}

export interface PostForm {
  title: string;
  body: string;
  community_name: string;
  post_type: PostType;
  file: File | null;
  /** The picture's description, for screen readers. */
  alt?: string;
  /** One of the community's flairs. */
  flair_id?: number | null;
}

function postFormData(form: PostForm, extra: Record<string, string> = {}) {
  return toFormData({
    title: form.title,
    body: form.post_type === "TEXT" ? form.body : form.body || "",
    community_name: form.community_name,
    post_type: form.post_type,
    file: form.post_type === "MEDIA" ? form.file : null,
    ...(form.post_type === "MEDIA" && form.alt !== undefined ? { alt: form.alt } : {}),
    ...(form.flair_id ? { flair_id: String(form.flair_id) } : {}),
    ...extra,
  });
}

/** After anything that adds a post or changes drafts: feeds, lists and counts are read again. */
function refreshAfterWrite(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: postKeys.root });
  void queryClient.invalidateQueries({ queryKey: draftKeys.root });
  void queryClient.invalidateQueries({ queryKey: communityKeys.root });
}

/** A refusal for the day's allowance: the post form keeps it on the form instead of a passing notice. */
export function isDailyLimit(error: unknown): boolean {
  return error instanceof ApiError && error.status === 429 && Boolean(pickLimit(error.data));
}
const pickLimit = (data: unknown) =>
  data && typeof data === "object" ? (data as { limit?: unknown }).limit : undefined;

export function useCreatePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (form: PostForm) =>
      api.post("/api/v1/private/user/micropost", {
        body: postFormData(form, { is_draft: "false" }),
      }),
    onSuccess: () => {
      refreshAfterWrite(queryClient);
      void queryClient.invalidateQueries({ queryKey: allowanceKey("post") });
    },
    onError: (error) => {
      if (!isDailyLimit(error)) handleApiError(error);
    },
  });
}

export const allowanceKey = (action: "post" | "comment") => ["allowance", action] as const;

export function useSaveDraft() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (form: PostForm) =>
      api.post("/api/v1/private/user/micropost", {
        body: postFormData(form, { is_draft: "true" }),
      }),
    onSuccess: () => {
      // The badge moves at once; the list is read again.
      queryClient.setQueryData<{ total: number }>(draftKeys.total(), (old) =>
        old ? { total: old.total + 1 } : old,
      );
      refreshAfterWrite(queryClient);
    },
  });
}

export function useUpdateDraft() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ publicId, form }: { publicId: string; form: PostForm }) =>
      api.patch("/api/v1/private/user/micropost/draft", {
        body: postFormData(form, { public_id: publicId }),
      }),
    onSuccess: (draft) => {
      queryClient.setQueryData(draftKeys.one(draft.public_id), draft);
      void queryClient.invalidateQueries({ queryKey: draftKeys.list() });
    },
  });
}

export function usePublishDraft() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ publicId, form }: { publicId: string; form: PostForm }) =>
      api.patch("/api/v1/private/user/micropost/draft/publish", {
        body: postFormData(form, { public_id: publicId }),
      }),
    onSuccess: (_, { publicId }) => {
      queryClient.setQueryData<{ total: number }>(draftKeys.total(), (old) =>
        old ? { total: Math.max(0, old.total - 1) } : old,
      );
      queryClient.removeQueries({ queryKey: draftKeys.one(publicId) });
      refreshAfterWrite(queryClient);
    },
  });
}

export function useDeleteDraft() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (publicId: string) =>
      api.delete("/api/v1/private/user/micropost", { query: { public_id: publicId } }),
    onSuccess: (_, publicId) => {
      queryClient.setQueryData<{ total: number }>(draftKeys.total(), (old) =>
        old ? { total: Math.max(0, old.total - 1) } : old,
      );
      queryClient.removeQueries({ queryKey: draftKeys.one(publicId) });
      void queryClient.invalidateQueries({ queryKey: draftKeys.list() });
    },
  });
}

/** Comments change the post's count and its tree: both are read again. */
function refreshDiscussion(queryClient: QueryClient, postId: string) {
  void queryClient.invalidateQueries({ queryKey: postKeys.detail(postId) });
  void queryClient.invalidateQueries({ queryKey: postKeys.comments(postId) });
}

export function useCreateComment(postId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { body: string; parent: string | null }) =>
      api.post("/api/v1/private/user/micropost/comment", {
        body: {
          parent_micropost_public_id: postId,
          parent_micropost_comment_public_id: input.parent,
          body: input.body,
        },
      }),
    onSuccess: () => {
      updateCachedPost(queryClient, postId, (m) => ({
        ...m,
        total_micropost_comments: m.total_micropost_comments + 1,
      }));
      refreshDiscussion(queryClient, postId);
    },
  });
}

export function useEditComment(postId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { public_id: string; body: string }) =>
      api.patch("/api/v1/private/user/micropost/comment", { body: input }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: postKeys.comments(postId) }),
  });
}

export function useDeleteComment(postId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (publicId: string) =>
      api.delete("/api/v1/private/user/micropost/comment", {
        query: { public_id: publicId },
      }),
    onSuccess: () => refreshDiscussion(queryClient, postId),
  });
}

/** The editor's image upload: answers the link to insert. */
export async function uploadEditorImage(file: File): Promise<string> {
  const { link } = await api.post("/api/v1/private/user/file/upload", {
    body: toFormData({ file }),
  });
  return link;
}
