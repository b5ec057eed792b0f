import { useMutation } from "@tanstack/react-query";
import { type FormEvent, type ReactNode, useState } from "react";
import { Dialog } from "#client/dialog.tsx";
import { useTranslation } from "#client/react-i18n.tsx";
import { showSnackbar } from "#client/ui/snackbar.tsx";
import { errorMessage } from "#web/lib/error-message.ts";

/**
 * The body the feedback, report and appeal dialogs share: a form whose fields are `children`, the API's
 * problem above them, Cancel and the send button. A submit shows every field's message and sends
 * only a valid form, once at a time; once sent, a snackbar says so and the dialog closes.
 */
export function SendDialog({
  title,
  description,
  formLabel,
  submitLabel,
  submitClassName = "btn-primary",
  form,
  send,
  sentMessage,
  onClose,
  children,
}: {
  title: string;
  description: string;
  formLabel: string;
  submitLabel: string;
  submitClassName?: "btn-primary" | "btn-danger";
  /** The form's state (useZodForm): `data` is null while a field is invalid. */
  form: { data: unknown; touchAll: () => void };
  send: () => Promise<unknown>;
  /** Shown (already translated) once sent. */
  sentMessage: string;
  onClose: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const [problem, setProblem] = useState<string | null>(null);
  const mutation = useMutation({
    mutationFn: send,
    onSuccess: () => {
      showSnackbar({ message: sentMessage, variant: "success" });
      onClose();
    },
    onError: (error) => setProblem(errorMessage(error)),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    form.touchAll();
    if (!form.data || mutation.isPending) return;
    setProblem(null);
    mutation.mutate();
  };
  return (
    <Dialog title={title} description={description} onClose={onClose} size="md">
      <form onSubmit={submit} noValidate aria-label={formLabel}>
        {problem ? (
          <p role="alert" className="mb-4 rounded-lg border border-[var(--danger)] px-3 py-2 text-sm">
            {problem}
          </p>
        ) : null}
        {children}
        <div className="flex justify-end gap-2">
          <button type="button" className="btn btn-ghost" onClick={onClose}>
            {t("Cancel")}
          </button>
          <button
            type="submit"
            className={`btn ${submitClassName}`}
            disabled={mutation.isPending}
            aria-busy={mutation.isPending}
          >
            {mutation.isPending ? t("Please wait…") : submitLabel}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
