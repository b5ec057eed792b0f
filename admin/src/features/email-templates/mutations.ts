import { useMutation, useQueryClient } from "@tanstack/react-query";
import { adminApi } from "#admin/lib/api.ts";
import type { EmailTemplateCreate } from "#shared/schemas/admin.ts";
import { templateKeys } from "./queries";

/** Every change refetches the list and the template. */
function useTemplateMutation<I, O>(mutationFn: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: templateKeys.root }),
  });
}

/** Creates a template (no id) or changes its subject and text. */
export const useSaveTemplate = () =>
  useTemplateMutation(({ id, ...fields }: EmailTemplateCreate & { id?: number }) =>
    id === undefined
      ? adminApi.post("/api/admin/private/email/template", { body: fields })
      : adminApi.patch("/api/admin/private/email/template", {
          body: { id, subject: fields.subject, mjml_text: fields.mjml_text },
        }),
  );

export const useLockTemplate = () =>
  useTemplateMutation((input: { id: number; is_locked: boolean }) =>
    adminApi.patch("/api/admin/private/email/template/lock", { body: input }),
  );

export const useDeleteTemplate = () =>
  useTemplateMutation((id: number) => adminApi.delete("/api/admin/private/email/template", { body: { id } }));

/** Sends once to everyone with the newsletter on; a second send is refused (409). */
export const useSendTemplate = () =>
  useTemplateMutation((id: number) =>
    adminApi.post("/api/admin/private/email/template/send", {
      body: { id },
    }),
  );
