import { Link } from "@tanstack/react-router";
import { type FormEvent, useId, useState } from "react";
import { TextField } from "#client/form-fields.tsx";
import { msg } from "#client/i18n.ts";
import { useTranslation } from "#client/react-i18n.tsx";
import { showSnackbar } from "#client/ui/snackbar.tsx";
import {
  BIO_MAX,
  HEADLINE_MAX,
  IMAGE_MAX_BYTES,
  PROFILE_LINKS_MAX,
  PROFILE_NAME_MAX,
} from "#shared/constants.ts";
import { FEED_OPTIONS, type FeedOption } from "#shared/enums.ts";
import {
  PEOPLE_MSG,
  PROFILE_IMAGE_TYPES,
  profileAboutSchema,
  profileFormSchema,
  profileLinkSchema,
} from "#shared/schemas/people.ts";
import type { Me } from "#shared/schemas/user.ts";
import { Avatar } from "#web/components/ui/avatar.tsx";
import { PicturePicker } from "#web/components/ui/picture-picker.tsx";
import { SettingsSection } from "#web/components/ui/settings-section.tsx";
import { type ProfileChanges, useEditProfile, useSaveDefaultSort } from "../mutations";

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
export function ProfileSettings({ me }: { me: Me }) {
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

      <AboutForm me={me} />

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
            onChange={(e) => {
              const sort = FEED_OPTIONS.find((option) => option === e.target.value);
              if (sort)
                saveSort.mutate(sort, {
                  onSuccess: () => showSnackbar({ message: t("Saved"), variant: "success" }),
                });
            }}
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

/** What is wrong with one typed link (a blank one is simply left out). */
function linkError(link: string): string | undefined {
  if (!link.trim()) return undefined;
  const parsed = profileLinkSchema.safeParse(link);
  return parsed.success ? undefined : parsed.error.issues[0]?.message;
}

/** The link fields shown: the saved ones and one empty more, up to the limit. */
const withBlank = (links: string[]) =>
  links.length < PROFILE_LINKS_MAX ? [...links, ""] : links.slice(0, PROFILE_LINKS_MAX);

/** Headline, bio and links, checked here as the API checks them. */
function AboutForm({ me }: { me: Me }) {
  const { t } = useTranslation();
  const edit = useEditProfile();
  const bioId = useId();
  const [headline, setHeadline] = useState(me.headline);
  const [bio, setBio] = useState(me.bio);
  const [links, setLinks] = useState(() => withBlank(me.links));
  const [touched, setTouched] = useState(false);
  const parsed = profileAboutSchema.safeParse({ headline, bio, links });
  const errorAt = (...path: (string | number)[]) =>
    parsed.success
      ? undefined
      : parsed.error.issues.find((issue) => path.every((part, i) => issue.path[i] === part))?.message;
  const changed =
    headline !== me.headline ||
    bio !== me.bio ||
    JSON.stringify(links.filter((l) => l.trim())) !== JSON.stringify(me.links);
  const bioError = touched ? errorAt("bio") : undefined;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (!parsed.success || edit.isPending) return;
    edit.mutate(parsed.data, {
      onSuccess: (user) => {
        setHeadline(user.headline);
        setBio(user.bio);
        setLinks(withBlank(user.links));
        setTouched(false);
        showSnackbar({ message: t("Your profile was saved"), variant: "success" });
      },
    });
  };

  return (
    <form onSubmit={submit} noValidate className="card p-4 md:p-5" aria-label={t("About you")}>
      <h2 className="mb-3 text-base font-semibold">{t("About you")}</h2>
      <TextField
        label={t("Headline")}
        required={false}
        value={headline}
        maxLength={HEADLINE_MAX + 20}
        onValue={setHeadline}
        onBlur={() => setTouched(true)}
        error={touched ? errorAt("headline") : undefined}
        hint={t("One line under your name, such as what you do. Up to {{max}} characters.", {
          max: HEADLINE_MAX,
        })}
      />
      <div className="mb-4">
        <label htmlFor={bioId} className="mb-1 block text-sm font-medium">
          {t("Bio")}
        </label>
        <textarea
          id={bioId}
          value={bio}
          rows={4}
          aria-invalid={Boolean(bioError)}
          aria-describedby={`${bioId}-counter${bioError ? ` ${bioId}-error` : ""}`}
          onChange={(e) => setBio(e.target.value)}
          onBlur={() => setTouched(true)}
          className="field resize-y"
        />
        <div className="mt-1 flex justify-between gap-3 text-xs">
          <div aria-live="polite">
            {bioError ? (
              <p id={`${bioId}-error`} className="field-error mt-0">
                {t(bioError)}
              </p>
            ) : (
              <span className="text-[var(--muted)]">{t("Plain text; line breaks are kept.")}</span>
            )}
          </div>
          <span
            id={`${bioId}-counter`}
            className={`shrink-0 tabular-nums ${bio.trim().length > BIO_MAX ? "text-[var(--danger)]" : "text-[var(--muted)]"}`}
          >
            {bio.trim().length} / {BIO_MAX}
          </span>
        </div>
      </div>
      <fieldset className="mb-4">
        <legend className="mb-1 text-sm font-medium">{t("Links")}</legend>
        <p className="mb-2 text-xs text-[var(--muted)]">
          {t("Up to {{max}} https:// addresses: your site, your code, your other profiles.", {
            max: PROFILE_LINKS_MAX,
          })}
        </p>
        {links.map((link, i) => (
          <TextField
            key={i}
            className="mb-2"
            type="url"
            inputMode="url"
            placeholder="https://"
            label={t("Link {{n}}", { n: i + 1 })}
            required={false}
            value={link}
            onValue={(value) =>
              setLinks((all) => {
                const next = all.map((l, j) => (j === i ? value : l));
                return next.at(-1)?.trim() && next.length < PROFILE_LINKS_MAX ? [...next, ""] : next;
              })
            }
            onBlur={() => setTouched(true)}
            error={touched ? linkError(link) : undefined}
          />
        ))}
      </fieldset>
      <div className="flex justify-end">
        <button type="submit" className="btn btn-primary" disabled={edit.isPending || !changed}>
          {edit.isPending ? t("Please wait…") : t("Save")}
        </button>
      </div>
    </form>
  );
}
