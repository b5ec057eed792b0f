import { Link } from "@tanstack/react-router";
import { type FormEvent, useId, useState } from "react";
import { TextField } from "#client/form-fields.tsx";
import { msg } from "#client/i18n.ts";
import { useTranslation } from "#client/react-i18n.tsx";
import { IMAGE_MAX_BYTES, PROFILE_NAME_MAX } from "#shared/constants.ts";
import { FEED_OPTIONS, type FeedOption } from "#shared/enums.ts";
import { PEOPLE_MSG, PROFILE_IMAGE_TYPES, profileFormSchema } from "#shared/schemas/people.ts";
import type { Me } from "#shared/schemas/user.ts";
import { Avatar } from "#web/components/ui/avatar.tsx";
import { PicturePicker } from "#web/components/ui/picture-picker.tsx";
import { SettingsSection } from "#web/components/ui/settings-section.tsx";
import { showSnackbar } from "#web/components/ui/snackbar.tsx";
import { type ProfileChanges, useEditProfile, useSaveDefaultSort } from "#web/features/people/mutations.ts";

const SORT_LABEL: Record<FeedOption, string> = {
  NEW: msg("New"),
  TOP: msg("Top"),
  COMMUNITIES: msg("Communities"),
  VERIFIED: msg("Verified"),
  FOLLOWING: msg("Following"),
};

/** The browser's check of a picture before it goes; the server checks its bytes again. */
function imageProblem(file: File): string | null {
  if (file.size > IMAGE_MAX_BYTES) return PEOPLE_MSG.imageTooLarge;
  if (!(PROFILE_IMAGE_TYPES as readonly string[]).includes(file.type)) return PEOPLE_MSG.imageType;
  return null;
}

/** Name, picture, cover and the default sort of posts. */
export function ProfileTab({ me }: { me: Me }) {
  const { t } = useTranslation();
  const edit = useEditProfile();
  const saveSort = useSaveDefaultSort();
  const [name, setName] = useState(me.profile_name ?? "");
  const [touched, setTouched] = useState(false);
  const parsed = profileFormSchema.safeParse({ profile_name: name });
  const nameError = parsed.success ? undefined : parsed.error.issues[0]?.message;
  const sortId = useId();

  const send = (changes: ProfileChanges, done: string) =>
    edit.mutate(changes, { onSuccess: () => showSnackbar({ message: t(done), variant: "success" }) });

  const submitName = (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (!parsed.success || edit.isPending) return;
    send({ profile_name: parsed.data.profile_name }, msg("Your profile was saved"));
  };

  return (
    <div className="flex flex-col gap-4">
      <SettingsSection title={t("Pictures")}>
        <PicturePicker
          label={t("Profile picture")}
          preview={<Avatar src={me.profile_image} name={me.username} size={64} />}
          hasPicture={Boolean(me.profile_image)}
          busy={edit.isPending}
          check={imageProblem}
          onPick={(file) => send({ profile_image: file }, msg("Your profile was saved"))}
          onRemove={() => send({ remove_profile_image: true }, msg("Your profile was saved"))}
        />
        <PicturePicker
          label={t("Cover")}
          preview={
            <div className="h-16 w-32 overflow-hidden rounded-lg bg-gradient-to-br from-[var(--accent)] to-[var(--surface-strong)]">
              {me.profile_cover ? (
                <img src={me.profile_cover} alt="" className="size-full object-cover" />
              ) : null}
            </div>
          }
          hasPicture={Boolean(me.profile_cover)}
          busy={edit.isPending}
          check={imageProblem}
          onPick={(file) => send({ profile_cover: file }, msg("Your profile was saved"))}
          onRemove={() => send({ remove_profile_cover: true }, msg("Your profile was saved"))}
        />
      </SettingsSection>

      <form onSubmit={submitName} noValidate className="card p-4 md:p-5" aria-label={t("Your name")}>
        <h2 className="mb-3 text-base font-semibold">{t("Your name")}</h2>
        <TextField
          label={t("Display name")}
          required={false}
          value={name}
          maxLength={PROFILE_NAME_MAX + 10}
          onValue={setName}
          onBlur={() => setTouched(true)}
          error={touched ? nameError : undefined}
          hint={t("Shown on your profile and next to your posts. Your username stays u/{{username}}.", {
            username: me.username,
          })}
        />
        <div className="flex items-center justify-between gap-3">
          <Link
            to="/user/$username"
            params={{ username: me.username }}
            className="text-sm text-[var(--accent)]"
          >
            {t("View your profile")}
          </Link>
          <button
            type="submit"
            className="btn btn-primary"
            disabled={edit.isPending || name.trim() === (me.profile_name ?? "")}
          >
            {edit.isPending ? t("Please wait…") : t("Save")}
          </button>
        </div>
      </form>

      <SettingsSection title={t("Posts")}>
        <div className="flex flex-wrap items-center justify-between gap-3 py-3">
          <label htmlFor={sortId} className="text-sm font-medium">
            {t("Default sort of posts")}
          </label>
          <select
            id={sortId}
            className="field w-auto"
            value={me.default_micropost_sort}
            disabled={saveSort.isPending}
            onChange={(e) =>
              saveSort.mutate(e.target.value, {
                onSuccess: () => showSnackbar({ message: t("Saved"), variant: "success" }),
              })
            }
          >
            {FEED_OPTIONS.map((option) => (
              <option key={option} value={option}>
                {t(SORT_LABEL[option])}
              </option>
            ))}
          </select>
        </div>
      </SettingsSection>
    </div>
  );
}
