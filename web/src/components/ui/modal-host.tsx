import { type ComponentType, lazy, Suspense } from "react";
import { createStore, useStore } from "../../../../shared/client/store";
import type { ModalKind } from "../../../../shared/src/enums";

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
  LOGIN: () => import("../../features/accounts/components/login-dialog"),
  REGISTER: () => import("../../features/accounts/components/register-dialog"),
  REGISTER_CODE_VERIFICATION: () => import("../../features/accounts/components/verify-code-dialog"),
  FORGOT_PASSWORD: () => import("../../features/accounts/components/forgot-password-dialog"),
  UPDATE_EMAIL: () => import("../../features/accounts/components/update-email-dialog"),
  UPDATE_PASSWORD: () => import("../../features/accounts/components/update-password-dialog"),
  DELETE_ACCOUNT: () => import("../../features/accounts/components/delete-account-dialog"),
  REPORT: () => import("../../features/reports/components/report-dialog"),
  FEEDBACK: () => import("../../features/reports/components/feedback-dialog"),
  CREATE_COMMUNITY: () => import("../../features/communities/components/create-community-dialog"),
  SUBSCRIPTION_PAYMENT: () => import("../../features/payments/components/subscription-payment-dialog"),
  SEND_FIAT: () => import("../../features/payments/components/send-fiat-dialog"),
  SEND_CRYPTO: () => import("../../features/payments/components/send-crypto-dialog"),
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
