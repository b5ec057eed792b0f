import { useMutation, useQueryClient } from "@tanstack/react-query";
import { adminFetch, toFormData } from "#admin/lib/api.ts";
import type { AdminFile } from "#shared/schemas/admin.ts";
import { auditKeys } from "../audit/queries";
import { fileKeys } from "./queries";

export function useUploadFile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) =>
      adminFetch<AdminFile>("/api/admin/private/file", { method: "POST", body: toFormData({ file }) }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: fileKeys.root });
      void queryClient.invalidateQueries({ queryKey: auditKeys.root });
    },
  });
}

export function useDeleteFile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      adminFetch<void>("/api/admin/private/file", { method: "DELETE", body: { id } }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: fileKeys.root });
      void queryClient.invalidateQueries({ queryKey: auditKeys.root });
    },
  });
}
