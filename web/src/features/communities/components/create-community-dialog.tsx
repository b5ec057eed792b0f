import { useNavigate } from "@tanstack/react-router";
import { type FormEvent, useEffect, useId, useState } from "react";
import { Dialog } from "#client/dialog.tsx";
import { useZodForm } from "#client/form.tsx";
import { TextField } from "#client/form-fields.tsx";
import { useTranslation } from "#client/react-i18n.tsx";
import { showSnackbar } from "#client/ui/snackbar.tsx";
import {
  COMMUNITY_DESCRIPTION_MAX,
  COMMUNITY_DISPLAY_NAME_MAX,
  COMMUNITY_NAME_MAX,
} from "#shared/constants.ts";
import {
  communityCreateFieldsSchema,
  communityImageProblem,
  stripWhitespace,
} from "#shared/schemas/communities.ts";
import { Avatar } from "#web/components/ui/avatar.tsx";
import type { ModalProps } from "#web/components/ui/modal-host.tsx";
import { PicturePicker } from "#web/components/ui/picture-picker.tsx";
import { useCreateCommunity } from "../mutations";

function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}

/**
 * CREATE_COMMUNITY: name (required, 25, no whitespace, sent
 * without it), display name (40, no double spaces), description (250), image (1 MB).
 */
export default function CreateCommunityDialog({ onClose }: ModalProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const create = useCreateCommunity();
  const form = useZodForm(communityCreateFieldsSchema, { name: "", display_name: "", description: "" });
  const [image, setImage] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const descriptionId = useId();

  useEffect(() => {
    if (!image) return setPreview(null);
    const url = URL.createObjectURL(image);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [image]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    form.touchAll();
    if (!form.data || create.isPending) return;
    const name = stripWhitespace(form.values.name);
    create.mutate(
      {
        name,
        display_name: form.values.display_name.trim(),
        description: form.values.description.trim(),
        image: image ? await readAsDataUrl(image) : null,
      },
      {
        onSuccess: (created) => {
          showSnackbar({
            message: t("The community with the name '{{name}}' was created.", { name: created.name }),
            variant: "success",
          });
          onClose();
          void navigate({ to: "/c/$name", params: { name: created.name } });
        },
      },
    );
  };

  const descriptionError = form.shownError("description");
  return (
    <Dialog title={t("Create Community")} onClose={onClose} size="md">
      <form onSubmit={(e) => void submit(e)} noValidate>
        <TextField
          label={t("Name")}
          value={form.values.name}
          onValue={(v) => form.setValue("name", v)}
          onBlur={() => form.touch("name")}
          error={form.values.name ? form.errors.name : form.shownError("name")}
          hint={
            form.errors.name
              ? undefined
              : t("People find it at c/{{name}}", { name: stripWhitespace(form.values.name) || "name" })
          }
          maxLength={COMMUNITY_NAME_MAX + 10}
          autoComplete="off"
          autoFocus
        />
        <TextField
          label={t("Display name")}
          required={false}
          value={form.values.display_name}
          onValue={(v) => form.setValue("display_name", v)}
          onBlur={() => form.touch("display_name")}
          error={form.values.display_name ? form.errors.display_name : undefined}
          maxLength={COMMUNITY_DISPLAY_NAME_MAX + 10}
          autoComplete="off"
        />
        <div className="mb-4">
          <label htmlFor={descriptionId} className="field-label">
            {t("Description")}
          </label>
          <textarea
            id={descriptionId}
            className="field min-h-24 resize-y"
            value={form.values.description}
            onChange={(e) => form.setValue("description", e.target.value)}
            onBlur={() => form.touch("description")}
            aria-invalid={Boolean(form.errors.description)}
            aria-describedby={`${descriptionId}-count`}
          />
          <div className="mt-1 flex justify-between gap-2 text-xs">
            <span className="field-error mt-0">
              {form.errors.description
                ? t(form.errors.description)
                : descriptionError
                  ? t(descriptionError)
                  : ""}
            </span>
            <span
              id={`${descriptionId}-count`}
              className={
                form.values.description.trim().length > COMMUNITY_DESCRIPTION_MAX
                  ? "text-[var(--danger)]"
                  : "text-[var(--muted)]"
              }
            >
              {form.values.description.trim().length}/{COMMUNITY_DESCRIPTION_MAX}
            </span>
          </div>
        </div>
        <PicturePicker
          label={t("Image")}
          preview={<Avatar src={preview} name={stripWhitespace(form.values.name) || "?"} size={56} />}
          hasPicture={Boolean(image)}
          check={communityImageProblem}
          onPick={setImage}
          onRemove={() => setImage(null)}
        />
        <div className="mt-5 flex justify-end gap-2">
          <button type="button" className="btn btn-ghost" onClick={onClose}>
            {t("Cancel")}
          </button>
          <button type="submit" className="btn btn-primary" disabled={!form.data || create.isPending}>
            {create.isPending ? t("Creating...") : t("Create")}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
