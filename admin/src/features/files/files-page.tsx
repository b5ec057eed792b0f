import { useInfiniteQuery } from "@tanstack/react-query";
import { useRef } from "react";
import { totalOf } from "#admin/lib/paged.ts";
import { apiErrorText } from "#client/api-error-text.ts";
import { useTranslation } from "#client/react-i18n.tsx";
import { shrinkPicture } from "#client/shrink-picture.ts";
import { confirm } from "#client/ui/confirm.tsx";
import { showSnackbar } from "#client/ui/snackbar.tsx";
import { ADMIN_MSG, type AdminFile } from "#shared/schemas/admin.ts";
import { InfiniteList, PageTitle } from "../../components/ui/list-page";
import { useDateTime } from "../../components/ui/list-states";
import { useDeleteFile, useUploadFile } from "./mutations";
import { fileAddress, fileListQueryOptions } from "./queries";

function FileCard({ file }: { file: AdminFile }) {
  const { t } = useTranslation();
  const when = useDateTime();
  const remove = useDeleteFile();
  const address = fileAddress(file);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(address);
      showSnackbar({ variant: "success", message: t("Saved the link to clipboard") });
    } catch {
      showSnackbar({
        message: t("The browser did not let us copy. The link is {{link}}", { link: address }),
        variant: "error",
      });
    }
  };
  const del = async () => {
    if (!(await confirm({ message: t("Do you really want to delete it?"), danger: true }))) return;
    remove.mutate(file.id, {
      onSuccess: () => showSnackbar({ variant: "success", message: t(ADMIN_MSG.deleted) }),
      onError: (error) => showSnackbar({ message: apiErrorText(error, t), variant: "error" }),
    });
  };
  return (
    <li className="card flex flex-col overflow-hidden" data-testid="file-card">
      <a
        href={file.file}
        target="_blank"
        rel="noreferrer"
        className="block aspect-video bg-[var(--surface-strong)]"
      >
        <img src={file.file} alt={file.file_public_id} loading="lazy" className="size-full object-contain" />
      </a>
      <div className="flex flex-1 flex-col gap-2 p-3">
        <p className="wrap-anywhere font-mono text-xs" title={address}>
          {file.file}
        </p>
        <p className="text-xs text-[var(--muted)]">{when(file.created_at)}</p>
        <div className="mt-auto flex gap-2">
          <button type="button" className="btn btn-outline flex-1" onClick={() => void copy()}>
            {t("Copy link")}
          </button>
          <button
            type="button"
            className="btn btn-danger flex-1"
            disabled={remove.isPending}
            onClick={() => void del()}
          >
            {t("Delete")}
          </button>
        </div>
      </div>
    </li>
  );
}

/** Files staff uploaded: upload, copy a link, delete; more load within 400 px of the bottom. */
export function FilesPage() {
  const { t } = useTranslation();
  const query = useInfiniteQuery(fileListQueryOptions());
  const upload = useUploadFile();
  const input = useRef<HTMLInputElement>(null);
  const send = (file: File) =>
    upload.mutate(file, {
      onSuccess: () => showSnackbar({ variant: "success", message: t("The file was uploaded") }),
      onError: (error) => showSnackbar({ message: apiErrorText(error, t), variant: "error" }),
      onSettled: () => {
        if (input.current) input.current.value = "";
      },
    });
  return (
    <div className="flex flex-col gap-4">
      <PageTitle title={t("Files")} total={totalOf(query.data)}>
        <label
          className={`btn btn-primary cursor-pointer focus-within:ring-2 focus-within:ring-[var(--accent)] focus-within:ring-offset-2 ${upload.isPending ? "opacity-60" : ""}`}
        >
          {upload.isPending ? t("Uploading…") : t("Upload a file")}
          <input
            ref={input}
            type="file"
            accept="image/png,image/jpeg,image/gif,image/webp"
            className="sr-only"
            disabled={upload.isPending}
            onChange={(e) => {
              const file = e.target.files?.[0];
              if (file) void shrinkPicture(file).then(send);
            }}
          />
        </label>
      </PageTitle>
      <p className="text-sm text-[var(--muted)]">{t("PNG, JPEG, GIF or WebP images of at most 1 MB.")}</p>
      <InfiniteList query={query} empty={t("No files yet. Upload the first one.")}>
        {(rows) => (
          <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3" aria-label={t("Files")}>
            {rows.map((file) => (
              <FileCard key={file.id} file={file} />
            ))}
          </ul>
        )}
      </InfiniteList>
    </div>
  );
}
