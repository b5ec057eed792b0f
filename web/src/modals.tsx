import { createModals } from "./components/ui/modal-host";
import type { ModalRegistry } from "./modal-registry";

/**
 * The main site's modals (modal-registry.tsx lists them): `openModal(kind, props)` is checked
 * against each dialog's props; the list and the dialogs load with the first one opened or
 * preloaded (docs/decisions/093).
 */
export const { openModal, closeModal, useOpenModal, preloadModal, ModalHost } = createModals<ModalRegistry>(
  () => import("./modal-registry").then((m) => m.registry),
);
