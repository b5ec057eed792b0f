import { lazyModal } from "./components/ui/modal-host";

/**
 * Every modal of the main site: its kind and its dialog, whose code loads when first opened (the
 * first load stays lean, ADR 008). A dialog is the default export of its file and takes
 * `ModalProps & { its own props }`. This list itself loads with the first modal (modals.tsx).
 */
export const registry = {
  LOGIN: lazyModal(() => import("#web/features/accounts/components/login-dialog.tsx")),
  REGISTER: lazyModal(() => import("#web/features/accounts/components/register-dialog.tsx")),
  REGISTER_CODE_VERIFICATION: lazyModal(
    () => import("#web/features/accounts/components/verify-code-dialog.tsx"),
  ),
  FORGOT_PASSWORD: lazyModal(() => import("#web/features/accounts/components/forgot-password-dialog.tsx")),
  UPDATE_EMAIL: lazyModal(() => import("#web/features/accounts/components/update-email-dialog.tsx")),
  UPDATE_PASSWORD: lazyModal(() => import("#web/features/accounts/components/update-password-dialog.tsx")),
  DELETE_ACCOUNT: lazyModal(() => import("#web/features/accounts/components/delete-account-dialog.tsx")),
  REPORT: lazyModal(() => import("#web/features/reports/components/report-dialog.tsx")),
  MOD_ACTION: lazyModal(() => import("#web/features/community-moderation/components/mod-action-dialog.tsx")),
  APPEAL: lazyModal(() => import("#web/features/moderation/components/appeal-dialog.tsx")),
  FEEDBACK: lazyModal(() => import("#web/features/reports/components/feedback-dialog.tsx")),
  CREATE_COMMUNITY: lazyModal(
    () => import("#web/features/communities/components/create-community-dialog.tsx"),
  ),
  SUBSCRIPTION_PAYMENT: lazyModal(
    () => import("#web/features/payments/components/subscription-payment-dialog.tsx"),
  ),
  SEND_FIAT: lazyModal(() => import("#web/features/payments/components/send-fiat-dialog.tsx")),
  SEND_CRYPTO: lazyModal(() => import("#web/features/wallet/components/send-crypto-dialog.tsx")),
  WELCOME: lazyModal(() => import("#web/features/people/components/welcome-dialog.tsx")),
  EDIT_HISTORY: lazyModal(() => import("#web/features/posts/components/edit-history-dialog.tsx")),
  PICTURE_DESCRIPTION: lazyModal(
    () => import("#web/features/chat/components/picture-description-dialog.tsx"),
  ),
  SERVICE_FORM: lazyModal(() => import("#web/features/services/components/service-form-dialog.tsx")),
  REACTIONS: lazyModal(() => import("#web/components/reactions/reaction-list-dialog.tsx")),
};

export type ModalRegistry = typeof registry;
