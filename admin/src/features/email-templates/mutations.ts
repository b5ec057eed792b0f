import { useMutation, useQueryClient } from "@tanstack/react-query";
import { adminFetch } from "#admin/lib/api.ts";
import type { EmailTemplate, EmailTemplateCreate } from "#shared/schemas/admin.ts";
import { templateKeys } from "./queries";

const path = "/api/admin/private/email/template";

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
      ? adminFetch<EmailTemplate>(path, { method: "POST", body: fields })
      : adminFetch<EmailTemplate>(path, {
          method: "PATCH",
          body: { id, subject: fields.subject, mjml_text: fields.mjml_text },
        }),
  );

export const useLockTemplate = () =>
  useTemplateMutation((input: { id: number; is_locked: boolean }) =>
    adminFetch<EmailTemplate>(`${path}/lock`, { method: "PATCH", body: input }),
  );

export const useDeleteTemplate = () =>
  useTemplateMutation((id: number) => adminFetch<null>(path, { method: "DELETE", body: { id } }));

/** Sends once to everyone with the newsletter on; a second send is refused (409). */
export const useSendTemplate = () =>
  useTemplateMutation((id: number) =>
    adminFetch<{ detail: string; total_recipients: number }>(`${path}/send`, {
      method: "POST",
      body: { id },
    }),
  );
