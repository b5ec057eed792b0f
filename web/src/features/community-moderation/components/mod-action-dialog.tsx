import { useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { Dialog } from "#client/dialog.tsx";
import { useTranslation } from "#client/react-i18n.tsx";
import { showSnackbar } from "#client/ui/snackbar.tsx";
import { BAN_DAYS_MAX, MOD_REASON_MAX } from "#shared/schemas/community-moderation.ts";
import type { ModalProps } from "#web/components/ui/modal-host.tsx";
import { modCall } from "#web/lib/community-moderation.ts";
import { errorMessage } from "#web/lib/error-message.ts";

export type ModAction =
  | { kind: "remove"; community: string; target_type: "POST" | "COMMENT"; public_id: string }
  | { kind: "ban"; community: string; username: string };

/**
 * The MOD_ACTION modal: a moderator removes a post or comment (with the reason its author is told)
 * or bans its author from the community (reason and days; 0 until lifted). Opened from a post's
 * "⋯" menu; the public log records either.
 */
export default function ModActionDialog({ onClose, action }: ModalProps & { action: ModAction }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [reason, setReason] = useState("");
  const [days, setDays] = useState("7");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const reasonId = useId();
  const daysId = useId();
  const errorId = useId();
  const removing = action.kind === "remove";
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      if (removing)
        await modCall.remove({
          name: action.community,
          target_type: action.target_type,
          public_id: action.public_id,
          reason,
        });
      else
        await modCall.ban({
          name: action.community,
          username: action.username,
          reason,
          days: Number(days),
        });
      await queryClient.invalidateQueries({ queryKey: ["posts"] });
      await queryClient.invalidateQueries({ queryKey: ["community-moderation"] });
      await queryClient.invalidateQueries({ queryKey: ["communities"] });
      showSnackbar({
        message: removing
          ? t("It was removed; its author was told why")
          : t("They are banned from c/{{name}}", { name: action.community }),
        variant: "success",
      });
      onClose();
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog
      title={
        removing
          ? action.target_type === "POST"
            ? t("Remove this post")
            : t("Remove this comment")
          : t("Ban u/{{username}} from c/{{name}}", { username: action.username, name: action.community })
      }
      description={
        removing
          ? t("It is hidden from everyone; its author is told the reason and may appeal to staff.")
          : t("They cannot post, comment or vote in the community while banned.")
      }
      onClose={onClose}
      testId="mod-action-dialog"
    >
      <form onSubmit={(e) => void submit(e)} aria-describedby={error ? errorId : undefined}>
        <label htmlFor={reasonId} className="field-label">
          {t("Reason")}
        </label>
        <textarea
          id={reasonId}
          className="field min-h-24"
          maxLength={MOD_REASON_MAX}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          data-testid="mod-reason"
        />
        {removing ? null : (
          <>
            <label htmlFor={daysId} className="field-label mt-3">
              {t("Days (0 until lifted)")}
            </label>
            <input
              id={daysId}
              type="number"
              inputMode="numeric"
              min={0}
              max={BAN_DAYS_MAX}
              className="field w-32"
              value={days}
              onChange={(e) => setDays(e.target.value)}
            />
          </>
        )}
        {error ? (
          <p id={errorId} role="alert" className="field-error mt-2">
            {error}
          </p>
        ) : null}
        <div className="mt-4 flex justify-end gap-2">
          <button type="button" className="btn btn-outline" onClick={onClose}>
            {t("Cancel")}
          </button>
          <button type="submit" className="btn btn-danger" disabled={busy} data-testid="mod-action-submit">
            {removing ? t("Remove") : t("Ban")}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
