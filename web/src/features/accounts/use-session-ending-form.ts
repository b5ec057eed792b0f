import { useMutation } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { apiErrorText } from "#client/api-error-text.ts";
import { useZodForm } from "#client/form.tsx";
import { useTranslation } from "#client/react-i18n.tsx";
import { useProofRetry } from "#client/two-factor/proof.tsx";
import type { z } from "#shared/zod-jitless.ts";
import { setToken } from "#web/lib/auth-token.ts";
import { twoFactor } from "#web/lib/two-factor.ts";
import { useEndSession } from "./auth-flow";

/**
 * The update e-mail, update password and delete account forms: each sends its form once, shows
 * the API's refusal in the form, and on 202 ends the session with a notice. When the Worker asks
 * for a fresh proof first (a code or passkey, ADR 131), `prompt` holds the question, to show in
 * place of the form; once answered the form is sent again.
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
  const { attempt, prompt } = useProofRetry(twoFactor, setToken);
  const change = useMutation({
    mutationFn: options.send,
    onSuccess: (_answer, sent) =>
      options.onDone ? options.onDone(sent) : endSession(t(options.doneMessage), options.openLogin),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    form.touchAll();
    const data = form.data;
    if (!data || change.isPending) return;
    setProblem(null);
    void attempt(
      async () => {
        await change.mutateAsync(data);
      },
      (error) => setProblem(apiErrorText(error, t)),
    );
  };
  return { form, problem, pending: change.isPending, submit, prompt };
}
