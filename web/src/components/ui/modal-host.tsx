import { type ComponentType, lazy, Suspense } from "react";
import { createStore, useStore } from "#client/store.ts";
import type { ModalKind } from "#shared/enums.ts";

/** Every modal gets `onClose`; a kind may take more props through openModal. */
export interface ModalProps {
  onClose: () => void;
  [key: string]: unknown;
}

type OpenModal = { kind: Exclude<ModalKind, "none">; props: Record<string, unknown> } | null;
const modal = createStore<OpenModal>(null);

/** Only one modal at a time (part 2 §4): opening one replaces the other. */
export function openModal(kind: Exclude<ModalKind, "none">, props: Record<string, unknown> = {}) {
  modal.set({ kind, props });
}
export function closeModal() {
  modal.set(null);
}
export function useOpenModal(): ModalKind {
  return useStore(modal)?.kind ?? "none";
}

type Kind = Exclude<ModalKind, "none">;
type Importer = () => Promise<{ default: ComponentType<ModalProps> }>;

/** Where each kind's component lives; loaded when first opened (or when its button is pointed at). */
const IMPORTERS: Record<Kind, Importer> = {
  LOGIN: () => import("#web/features/accounts/components/login-dialog.tsx"),
  REGISTER: () => import("#web/features/accounts/components/register-dialog.tsx"),
  REGISTER_CODE_VERIFICATION: () => import("#web/features/accounts/components/verify-code-dialog.tsx"),
  FORGOT_PASSWORD: () => import("#web/features/accounts/components/forgot-password-dialog.tsx"),
  UPDATE_EMAIL: () => import("#web/features/accounts/components/update-email-dialog.tsx"),
  UPDATE_PASSWORD: () => import("#web/features/accounts/components/update-password-dialog.tsx"),
  DELETE_ACCOUNT: () => import("#web/features/accounts/components/delete-account-dialog.tsx"),
  REPORT: () => import("#web/features/reports/components/report-dialog.tsx"),
  FEEDBACK: () => import("#web/features/reports/components/feedback-dialog.tsx"),
  CREATE_COMMUNITY: () => import("#web/features/communities/components/create-community-dialog.tsx"),
  SUBSCRIPTION_PAYMENT: () => import("#web/features/payments/components/subscription-payment-dialog.tsx"),
  SEND_FIAT: () => import("#web/features/payments/components/send-fiat-dialog.tsx"),
  SEND_CRYPTO: () => import("#web/features/payments/components/send-crypto-dialog.tsx"),
};

const MODALS: Partial<Record<Kind, ComponentType<ModalProps>>> = {};
for (const [kind, importer] of Object.entries(IMPORTERS) as Array<[Kind, Importer]>)
  MODALS[kind] = lazy(importer);

/**
 * Starts loading a modal's code before it is opened (on hover or focus of the button that opens
 * it), so the dialog appears at once on click: the lazy component then finds the module loaded.
 */
export function preloadModal(kind: Kind): void {
  void IMPORTERS[kind]().catch(() => undefined);
}

/** Mounted once in the root layout. `modals` replaces the registry in tests. */
export function ModalHost({
  modals = MODALS,
}: {
  modals?: Partial<Record<Kind, ComponentType<ModalProps>>>;
}) {
  const open = useStore(modal);
  if (!open) return null;
  const Component = modals[open.kind];
  if (!Component) return null;
  return (
    <Suspense fallback={null}>
      <Component {...open.props} onClose={closeModal} />
    </Suspense>
  );
}
