import type { ReactNode } from "react";
import { useTranslation } from "#client/react-i18n.tsx";
import { Spinner } from "#client/ui/spinner.tsx";
import type { Me } from "#shared/schemas/user.ts";
import { useMe } from "#web/lib/session.ts";

/**
 * Chat's pages need the signed-in person themselves (their username, their blocks): a spinner until
 * they are known. The sign-in guard is the `_signed-in` layout route's.
 */
export function WithMe({ children }: { children: (me: Me) => ReactNode }) {
  const { t } = useTranslation();
  const { me } = useMe();
  if (me) return <>{children(me)}</>;
  return (
    <div className="grid min-h-60 place-items-center" aria-busy="true">
      <Spinner label={t("Loading...")} size={28} />
    </div>
  );
}
