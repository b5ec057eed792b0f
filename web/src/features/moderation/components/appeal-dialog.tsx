import { useQueryClient } from "@tanstack/react-query";
import { useZodForm } from "#client/form.tsx";
import { TextAreaField } from "#client/form-fields.tsx";
import { useTranslation } from "#client/react-i18n.tsx";
import {
  APPEAL_TEXT_MAX,
  APPEAL_TEXT_MIN,
  appealCreateSchema,
  MODERATION_MSG,
} from "#shared/schemas/moderation.ts";
import { emitAppEvent } from "#web/app-events.ts";
import type { ModalProps } from "#web/components/ui/modal-host.tsx";
import { SendDialog } from "#web/components/ui/send-dialog.tsx";
import { sendAppeal } from "../mutations";

/**
 * The APPEAL modal: `openModal("APPEAL", { moderation_id })` from a MODERATION notification, or
 * with the `appeal_token` a suspended person's sign-in answered. One appeal per decision, 40 to
 * 1000 characters.
 */
export default function AppealDialog({
  onClose,
  moderation_id,
  appeal_token,
}: ModalProps & { moderation_id: number; appeal_token?: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const form = useZodForm(appealCreateSchema, { moderation_id: String(moderation_id), text: "" });
  return (
    <SendDialog
      title={t("Appeal this decision")}
      description={t("Tell staff why the decision should change. You can appeal each decision once.")}
      formLabel={t("Appeal")}
      submitLabel={t("Send appeal")}
      form={form}
      send={async () => {
        await sendAppeal(form.values, appeal_token);
        // The notification about the decision says it was appealed (web/src/app-events.ts).
        await emitAppEvent("appealSent", { moderationId: moderation_id }, queryClient);
      }}
      sentMessage={t(MODERATION_MSG.appealSent)}
      onClose={onClose}
    >
      <TextAreaField
        label={t("Your appeal")}
        {...form.field("text")}
        min={APPEAL_TEXT_MIN}
        max={APPEAL_TEXT_MAX}
        placeholder={t("What should staff know that they did not?")}
      />
    </SendDialog>
  );
}
