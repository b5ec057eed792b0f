import { useMutation, useQueryClient } from "@tanstack/react-query";
import { adminApi, toFormData } from "#admin/lib/api.ts";
import type { AdminBlogCreate } from "#shared/schemas/admin.ts";
import { blogKeys } from "./queries";

/** Uploads a picture to the admin files (a cover, or a picture in the body); answers its link. */
export async function uploadAdminImage(file: File): Promise<string> {
  const stored = await adminApi.post("/api/admin/private/file", {
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
        ? adminApi.post("/api/admin/private/admin/blog", { body: fields })
        : adminApi.patch("/api/admin/private/admin/blog", {
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
      adminApi.patch("/api/admin/private/admin/blog/publish", {
        body: input,
      }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: blogKeys.root }),
  });
}

export function useDeleteBlog() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => adminApi.delete("/api/admin/private/admin/blog", { body: { id } }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: blogKeys.root }),
  });
}
