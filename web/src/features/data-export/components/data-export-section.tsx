import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "#client/react-i18n.tsx";
import { showSnackbar } from "#client/ui/snackbar.tsx";
import { SettingsSection } from "#web/components/ui/settings-section.tsx";
import { formatDateTime } from "#web/lib/format.ts";
import { dataExportQueryOptions, downloadExport, useRequestExport } from "../queries";

/** Settings → Account → "Download your data": ask for the archive, see it made, download it. */
export default function DataExportSection() {
  const { t } = useTranslation();
  const current = useQuery(dataExportQueryOptions());
  const request = useRequestExport();
  const [downloading, setDownloading] = useState(false);
  const data = current.data;

  const save = async (link: string) => {
    setDownloading(true);
    try {
      await downloadExport(link);
    } catch (error) {
      showSnackbar({
        message: error instanceof Error ? error.message : t("Something went wrong"),
        variant: "error",
      });
    } finally {
      setDownloading(false);
    }
  };

  let status: string;
  if (!data) status = t("Get a copy of your posts, comments, chats, settings and media as a zip file.");
  else if (data.status === "PENDING")
    status = t("Your archive is being prepared. We will notify you and send an e-mail when it is ready.");
  else if (data.status === "FAILED") status = t("Your last archive could not be made. Please ask again.");
  else if (data.link && data.expires_at)
    status = t("Your archive is ready. You can download it until {{time}}.", {
      time: formatDateTime(data.expires_at),
    });
  else status = t("Your last archive has expired.");

  return (
    <SettingsSection title={t("Download your data")}>
      <div className="flex flex-wrap items-center justify-between gap-3 py-3">
        <p className="min-w-0 text-sm text-[var(--muted)]" role="status" data-testid="export-status">
          {status}
        </p>
        <div className="flex gap-2">
          {data?.status === "READY" && data.link ? (
            <button
              type="button"
              className="btn btn-primary"
              disabled={downloading}
              onClick={() => void save(data.link!)}
            >
              {t("Download archive")}
            </button>
          ) : null}
          {data?.status === "PENDING" ? null : (
            <button
              type="button"
              className="btn btn-outline"
              disabled={request.isPending || current.isPending}
              onClick={() => request.mutate()}
            >
              {t("Request archive")}
            </button>
          )}
        </div>
      </div>
    </SettingsSection>
  );
}
