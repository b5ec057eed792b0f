import { lazy, Suspense } from "react";
import { Dialog } from "#client/dialog.tsx";
import { useTranslation } from "#client/react-i18n.tsx";
import { ListSkeleton } from "#client/ui/list-states.tsx";
import type { ModalProps } from "#web/components/ui/modal-host.tsx";

/** The checklist is its own chunk: the account menu's Get started item opens this dialog too. */
const GettingStartedChecklist = lazy(() => import("../getting-started/checklist"));

/**
 * The WELCOME modal, right after the sign-up code is confirmed and from the account menu's Get
 * started until every step is done: the Get started checklist (docs/decisions/171).
 */
export default function WelcomeDialog({ onClose, notice }: ModalProps & { notice?: string }) {
  const { t } = useTranslation();
  return (
    <Dialog
      title={notice === undefined ? t("Get started") : t("Welcome to Agora")}
      description={t("Join a few communities and follow a few people: their posts fill your feed.")}
      onClose={onClose}
      size="md"
      testId="welcome-dialog"
    >
      {notice ? (
        <p role="status" className="mb-3 rounded-lg bg-[var(--surface-strong)] px-3 py-2 text-sm">
          {notice}
        </p>
      ) : null}
      <Suspense fallback={<ListSkeleton rows={4} height="h-12" />}>
        <GettingStartedChecklist onClose={onClose} />
      </Suspense>
    </Dialog>
  );
}
