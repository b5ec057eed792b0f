import { useMutation, useQueryClient } from "@tanstack/react-query";
import { adminApi, toFormData } from "#admin/lib/api.ts";
import { auditKeys } from "../audit/queries";
import { fileKeys } from "./queries";

export function useUploadFile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => adminApi.post("/api/admin/private/file", { body: toFormData({ file }) }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: fileKeys.root });
      void queryClient.invalidateQueries({ queryKey: auditKeys.root });
    },
  });
}

export function useDeleteFile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => adminApi.delete("/api/admin/private/file", { body: { id } }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: fileKeys.root });
      void queryClient.invalidateQueries({ queryKey: auditKeys.root });
    },
  });
}
