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

const load = (importer: () => Promise<{ default: ComponentType<ModalProps> }>) => lazy(importer);

/** Each kind's component, loaded when first opened. */
const MODALS: Record<Exclude<ModalKind, "none">, ComponentType<ModalProps>> = {
  LOGIN: load(() => import("../../features/accounts/components/login-dialog")),
  REGISTER: load(() => import("../../features/accounts/components/register-dialog")),
  REGISTER_CODE_VERIFICATION: load(() => import("../../features/accounts/components/verify-code-dialog")),
  FORGOT_PASSWORD: load(() => import("../../features/accounts/components/forgot-password-dialog")),
  UPDATE_EMAIL: load(() => import("../../features/accounts/components/update-email-dialog")),
  UPDATE_PASSWORD: load(() => import("../../features/accounts/components/update-password-dialog")),
  DELETE_ACCOUNT: load(() => import("../../features/accounts/components/delete-account-dialog")),
  REPORT: load(() => import("../../features/reports/components/report-dialog")),
  FEEDBACK: load(() => import("../../features/reports/components/feedback-dialog")),
  CREATE_COMMUNITY: load(() => import("../../features/communities/components/create-community-dialog")),
  SUBSCRIPTION_PAYMENT: load(() => import("../../features/payments/components/subscription-payment-dialog")),
  SEND_FIAT: load(() => import("../../features/payments/components/send-fiat-dialog")),
  SEND_CRYPTO: load(() => import("../../features/payments/components/send-crypto-dialog")),
};

/** Mounted once in the root layout. `modals` replaces the registry in tests. */
export function ModalHost({
  modals = MODALS,
}: {
  modals?: Partial<Record<Exclude<ModalKind, "none">, ComponentType<ModalProps>>>;
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
