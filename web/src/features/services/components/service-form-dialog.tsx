import { type ChangeEvent, type FormEvent, useEffect, useId, useRef, useState } from "react";
import { Dialog } from "#client/dialog.tsx";
import { useZodForm } from "#client/form.tsx";
import { FormAlert, TextField } from "#client/form-fields.tsx";
import { useTranslation } from "#client/react-i18n.tsx";
import { shrinkPictures } from "#client/shrink-picture.ts";
import { showSnackbar } from "#client/ui/snackbar.tsx";
import {
  MB,
  SERVICE_DELIVERY_DAYS_MAX,
  SERVICE_DELIVERY_DAYS_MIN,
  SERVICE_DESCRIPTION_MAX,
  SERVICE_IMAGE_MAX_MB,
  SERVICE_IMAGES_MAX,
  SERVICE_TITLE_MAX,
} from "#shared/constants.ts";
import { JOB_CATEGORIES } from "#shared/enums.ts";
import { formSkillsSchema } from "#shared/schemas/jobs.ts";
import { PROFILE_IMAGE_TYPES } from "#shared/schemas/people.ts";
import { SERVICES_MSG, type Service, serviceFieldsSchema } from "#shared/schemas/services.ts";
import { z } from "#shared/zod-jitless.ts";
import { LongTextField, SelectField } from "#web/components/market/form-bits.tsx";
import type { ModalProps } from "#web/components/ui/modal-host.tsx";
import { SkillsField } from "#web/components/ui/skills-field.tsx";
import { errorMessage } from "#web/lib/error-message.ts";
import { fieldErrors } from "#web/lib/field-errors.ts";
import { fileSizeText } from "#web/lib/market/format.ts";
import { enumOptions, JOB_CATEGORY_LABEL } from "#web/lib/market/labels.ts";
import { useCreateService, useUpdateService } from "../mutations";

/** The price is typed in dollars and checked in cents, with the API's own messages. */
export function dollarsToCents(typed: unknown): unknown {
  if (typeof typed !== "string" || typed.trim() === "") return undefined;
  return Math.round(Number(typed.trim()) * 100);
}

const serviceTextSchema = serviceFieldsSchema
  .pick({ title: true, description: true, category: true, delivery_days: true })
  .extend({
    price: z.preprocess(dollarsToCents, serviceFieldsSchema.shape.price),
  });

type Field = "title" | "description" | "category" | "price" | "delivery_days";
type ServerField = Field | "images" | "skills";
const SERVER_FIELDS: readonly ServerField[] = [
  "title",
  "description",
  "category",
  "price",
  "delivery_days",
  "images",
  "skills",
];

interface Picture {
  file: File;
  url: string;
}

/** SERVICE_FORM: offer a service, or change one (`service`). New pictures replace the old ones. */
export default function ServiceFormDialog({ onClose, service }: ModalProps & { service?: Service }) {
  const { t } = useTranslation();
  const create = useCreateService();
  const update = useUpdateService();
  const pending = create.isPending || update.isPending;
  const form = useZodForm(serviceTextSchema, {
    title: service?.title ?? "",
    description: service?.description ?? "",
    category: service?.category ?? "",
    price: service ? String(service.price / 100) : "",
    delivery_days: service ? String(service.delivery_days) : "",
  });
  const [skills, setSkills] = useState<string[]>(service?.skills ?? []);
  const [pictures, setPictures] = useState<Picture[]>([]);
  const [pictureProblem, setPictureProblem] = useState<string | null>(null);
  const [server, setServer] = useState<Partial<Record<ServerField, string>>>({});
  const [formProblem, setFormProblem] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const picturesId = useId();

  // Object URLs of the chosen pictures go when the dialog does.
  const urls = useRef<string[]>([]);
  urls.current = pictures.map((p) => p.url);
  useEffect(
    () => () => {
      for (const url of urls.current) URL.revokeObjectURL(url);
    },
    [],
  );

  const skillsCheck = formSkillsSchema.safeParse(skills);
  const valid = Boolean(form.data) && skillsCheck.success;
  const bind = (field: Field) => ({
    value: form.values[field],
    onValue: (value: string) => {
      form.setValue(field, value);
      setServer((s) => ({ ...s, [field]: undefined }));
    },
    onBlur: () => form.touch(field),
    error: server[field] ?? form.shownError(field),
  });

  const pick = async (e: ChangeEvent<HTMLInputElement>) => {
    const chosen = [...(e.target.files ?? [])];
    e.target.value = "";
    const files = await shrinkPictures(chosen, SERVICE_IMAGE_MAX_MB * MB);
    setServer((s) => ({ ...s, images: undefined }));
    for (const file of files) {
      if (!(PROFILE_IMAGE_TYPES as readonly string[]).includes(file.type))
        return setPictureProblem(t(SERVICES_MSG.imageType));
      if (file.size > SERVICE_IMAGE_MAX_MB * MB)
        return setPictureProblem(fileSizeText(file.size, SERVICE_IMAGE_MAX_MB, t));
    }
    if (pictures.length + files.length > SERVICE_IMAGES_MAX)
      return setPictureProblem(t(SERVICES_MSG.imagesMax));
    setPictureProblem(null);
    setPictures([...pictures, ...files.map((file) => ({ file, url: URL.createObjectURL(file) }))]);
  };
  const removePicture = (picture: Picture) => {
    URL.revokeObjectURL(picture.url);
    setPictures(pictures.filter((p) => p !== picture));
    setPictureProblem(null);
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    form.touchAll();
    if (!valid || !form.data || pending) return;
    setFormProblem(null);
    const fields: Record<string, string> = {
      title: form.values.title,
      description: form.values.description,
      category: form.values.category,
      price: String(form.data.price),
      delivery_days: String(form.data.delivery_days),
      skills: skills.length ? skills.join(",") : "null",
    };
    const images = pictures.map((p) => p.file);
    const onError = (error: unknown) => {
      const { byField, rest } = fieldErrors<ServerField>(error, SERVER_FIELDS);
      setServer(byField);
      form.touchAll();
      setFormProblem(rest ? t(rest) : Object.keys(byField).length ? null : errorMessage(error));
    };
    if (service)
      update.mutate(
        { slug: service.slug, fields, images },
        {
          onSuccess: () => {
            showSnackbar({ message: t("Your service was saved"), variant: "success" });
            onClose();
          },
          onError,
        },
      );
    else
      create.mutate(
        { fields, images },
        {
          onSuccess: () => {
            showSnackbar({ message: t("Your service is listed"), variant: "success" });
            onClose();
          },
          onError,
        },
      );
  };

  const shownPictures = pictures.length ? pictures.map((p) => p.url) : (service?.images ?? []);
  const picturesError = server.images ? t(server.images) : pictureProblem;
  return (
    <Dialog title={service ? t("Edit service") : t("Offer a service")} onClose={onClose} size="lg">
      <form onSubmit={submit} noValidate data-testid="service-form">
        <TextField
          label={t("Title")}
          name="title"
          maxLength={SERVICE_TITLE_MAX + 10}
          autoFocus
          {...bind("title")}
        />
        <LongTextField
          label={t("Description")}
          max={SERVICE_DESCRIPTION_MAX}
          rows={5}
          {...bind("description")}
        />
        <SelectField
          label={t("Category")}
          placeholder={t("Choose a category")}
          options={enumOptions(JOB_CATEGORIES, JOB_CATEGORY_LABEL, t)}
          {...bind("category")}
        />
        <div className="grid gap-x-4 sm:grid-cols-2">
          <TextField
            label={t("Price (USD)")}
            name="price"
            type="number"
            inputMode="decimal"
            min={5}
            step="0.01"
            hint={form.values.price ? undefined : t("At least $5.")}
            {...bind("price")}
          />
          <TextField
            label={t("Delivery (days)")}
            name="delivery_days"
            type="number"
            inputMode="numeric"
            min={SERVICE_DELIVERY_DAYS_MIN}
            max={SERVICE_DELIVERY_DAYS_MAX}
            {...bind("delivery_days")}
          />
        </div>

        <div className="mb-4">
          <fieldset className="flex flex-wrap items-center gap-2">
            <legend className="field-label">{t("Pictures")}</legend>
            {shownPictures.map((url, i) => (
              <div key={url} className="relative">
                <img
                  src={url}
                  alt=""
                  className="size-20 rounded-lg border border-[var(--line)] object-cover"
                />
                {pictures[i] ? (
                  <button
                    type="button"
                    onClick={() => removePicture(pictures[i]!)}
                    aria-label={t("Remove picture {{n}}", { n: i + 1 })}
                    className="absolute -top-2 -right-2 grid size-6 place-items-center rounded-full bg-[var(--surface-strong)] text-sm shadow"
                  >
                    ×
                  </button>
                ) : null}
              </div>
            ))}
            {pictures.length < SERVICE_IMAGES_MAX ? (
              <button
                type="button"
                className="grid size-20 place-items-center rounded-lg border border-dashed border-[var(--line)] text-xs text-[var(--muted)] hover:bg-[var(--hover)]"
                onClick={() => input.current?.click()}
              >
                + {t("Add")}
              </button>
            ) : null}
            <input
              ref={input}
              type="file"
              multiple
              accept={PROFILE_IMAGE_TYPES.join(",")}
              className="sr-only"
              onChange={(e) => void pick(e)}
              aria-label={t("Add pictures")}
              aria-describedby={`${picturesId}-rule`}
            />
          </fieldset>
          <p
            id={`${picturesId}-rule`}
            className={picturesError ? "field-error" : "mt-1 text-xs text-[var(--muted)]"}
            role={picturesError ? "alert" : undefined}
          >
            {picturesError ??
              (service?.images.length && !pictures.length
                ? t("Choosing new pictures replaces these.")
                : t("Up to {{count}} pictures: PNG, JPEG, GIF or WebP, up to 1 MB each.", {
                    count: SERVICE_IMAGES_MAX,
                  }))}
          </p>
        </div>

        <SkillsField
          label={t("Skills")}
          skills={skills}
          onChange={(next) => {
            setSkills(next);
            setServer((s) => ({ ...s, skills: undefined }));
          }}
          error={server.skills ?? (skillsCheck.success ? undefined : skillsCheck.error.issues[0]?.message)}
        />
        {formProblem ? <FormAlert>{formProblem}</FormAlert> : null}
        <div className="mt-2 flex justify-end gap-2">
          <button type="button" className="btn btn-ghost" onClick={onClose}>
            {t("Cancel")}
          </button>
          <button type="submit" className="btn btn-primary" disabled={!valid || pending} aria-busy={pending}>
            {pending ? t("Saving...") : service ? t("Save") : t("List service")}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
