import type { ReactNode } from "react";
import { Dialog as SharedDialog } from "#client/dialog.tsx";

/**
 * The admin site's dialog: the one both sites share (focus in, Escape, focus back to the opener),
 * `wide` for forms with two columns.
 */
export function Dialog({
  title,
  onClose,
  children,
  wide = false,
  testId,
}: {
  title: string;
  onClose: () => void;
  children: ReactNode;
  wide?: boolean;
  testId?: string;
}) {
  return (
    <SharedDialog title={title} onClose={onClose} size={wide ? "lg" : "sm"} testId={testId}>
      {children}
    </SharedDialog>
  );
}
