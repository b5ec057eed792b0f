import { errorMessage } from "#web/lib/error-message.ts";

/** The reason a list could not load (loaded with the error, not with the list). */
export default function LoadErrorText({ error }: { error: unknown }) {
  return <p className="text-sm text-[var(--muted)]">{errorMessage(error)}</p>;
}
