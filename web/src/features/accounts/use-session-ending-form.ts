import { useMutation } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { apiErrorText } from "#client/api-error-text.ts";
import { useZodForm } from "#client/form.tsx";
import { useTranslation } from "#client/react-i18n.tsx";
import type { z } from "#shared/zod-jitless.ts";
import { useEndSession } from "./auth-flow";

/**
 * The update e-mail, update password and delete account forms: each sends its form once, shows
 * the API's refusal in the form, and on 202 ends the session with a notice.
 */
export function useSessionEndingForm<K extends string, S extends z.ZodType>(options: {
  schema: S;
  initial: Record<K, string>;
  send: (data: z.output<S>) => Promise<unknown>;
  doneMessage: string;
  openLogin: boolean;
  /** Instead of ending the session with the notice: what follows the 202 (the e-mail's code step). */
  onDone?: (sent: z.output<S>) => unknown;
}) {
  const { t } = useTranslation();
  const endSession = useEndSession();
  const form = useZodForm(options.schema, options.initial);
  const [problem, setProblem] = useState<string | null>(null);
  const change = useMutation({
    mutationFn: options.send,
    onSuccess: (_answer, sent) =>
      options.onDone ? options.onDone(sent) : endSession(t(options.doneMessage), options.openLogin),
    onError: (error) => setProblem(apiErrorText(error, t)),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    form.touchAll();
    if (!form.data || change.isPending) return;
    setProblem(null);
    change.mutate(form.data);
  };
  return { form, problem, pending: change.isPending, submit };
}
