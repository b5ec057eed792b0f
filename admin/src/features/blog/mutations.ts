import { useMutation, useQueryClient } from "@tanstack/react-query";
import { adminFetch, toFormData } from "#admin/lib/api.ts";
import type { AdminBlog, AdminBlogCreate, AdminBlogDetail, AdminFile } from "#shared/schemas/admin.ts";
import { blogKeys } from "./queries";

/** Uploads a picture to the admin files (a cover, or a picture in the body); answers its link. */
export async function uploadAdminImage(file: File): Promise<string> {
  const stored = await adminFetch<AdminFile>("/api/admin/private/file", {
    method: "POST",
    body: toFormData({ file }),
  });
  return stored.file;
}

/** Creates a post (no id) or changes one; the lists and the post refetch. */
export function useSaveBlog() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...fields }: AdminBlogCreate & { id?: number }) =>
      id === undefined
        ? adminFetch<AdminBlogDetail>("/api/admin/private/admin/blog", { method: "POST", body: fields })
        : adminFetch<AdminBlogDetail>("/api/admin/private/admin/blog", {
            method: "PATCH",
            // An empty summary is made again from the (perhaps changed) body.
            body: { id, ...fields, summary: fields.summary ?? "" },
          }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: blogKeys.root }),
  });
}

export function usePublishBlog() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: number; published: boolean }) =>
      adminFetch<{ detail: string; blog: AdminBlog }>("/api/admin/private/admin/blog/publish", {
        method: "PATCH",
        body: input,
      }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: blogKeys.root }),
  });
}

export function useDeleteBlog() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      adminFetch<null>("/api/admin/private/admin/blog", { method: "DELETE", body: { id } }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: blogKeys.root }),
  });
}
