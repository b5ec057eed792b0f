// The dialog lives in shared/client since the admin site's editor uses it too (docs/decisions/064);
// the main site's UI kit keeps offering it here.
export { Dialog, useModalDialog } from "#client/dialog.tsx";
