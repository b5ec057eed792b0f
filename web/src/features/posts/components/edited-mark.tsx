import { useTranslation } from "#client/react-i18n.tsx";
import { formatDateTime } from "#web/lib/format.ts";
import { openModal } from "#web/modals.tsx";

/** "edited" beside a post's or a comment's time: opens its versions (the EDIT_HISTORY modal). */
export function EditedMark({
  editedAt,
  kind,
  publicId,
}: {
  editedAt: string | null;
  kind: "post" | "comment";
  publicId: string;
}) {
  const { t } = useTranslation();
  if (!editedAt) return null;
  const time = formatDateTime(editedAt);
  return (
    <button
      type="button"
      className="underline decoration-dotted underline-offset-2 hover:text-[var(--text)]"
      title={time}
      aria-label={t("Edited {{time}}: show the versions", { time })}
      onClick={() => openModal("EDIT_HISTORY", { kind, publicId })}
    >
      · {t("edited")}
    </button>
  );
}
