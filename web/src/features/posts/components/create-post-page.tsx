import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { type KeyboardEvent, type ReactNode, useId, useState } from "react";
import { FieldLabel } from "#client/form-fields.tsx";
import { useTranslation } from "#client/react-i18n.tsx";
import { POST_TITLE_MAX } from "#shared/constants.ts";
import type { PostType } from "#shared/enums.ts";
import { CommunityJoinPanel } from "#web/components/community-join-panel.tsx";
import { FlairChip } from "#web/components/ui/flair-chip.tsx";
import { flairsQueryOptions } from "#web/lib/community-moderation.ts";
import { DraftIcon, ImageIcon, TextIcon } from "./action-icons";
import { Editor } from "./lazy-editor";
import { MediaPicker } from "./media-picker";
import { BodyCounter } from "./post-page";
import { useCreatePostForm } from "./use-create-post-form";
import { WritingHints } from "./writing-hints";

/**
 * /post: the community picker, Text and Media tabs, the title with its counter, the editor or the
 * media picker, Save Draft (Update Draft for a loaded draft) and Post.
 */
export function CreatePostPage({ communityName, draftId }: { communityName?: string; draftId?: string }) {
  const { t } = useTranslation();
  const postForm = useCreatePostForm({ communityName, draftId });
  const { form, type } = postForm;
  const title = form.field("title");
  const ids = { title: useId(), community: useId() };
  const [findOpen, setFindOpen] = useState(false);

  const tabs: Array<{ type: PostType; label: string; icon: ReactNode }> = [
    { type: "TEXT", label: t("Text"), icon: <TextIcon /> },
    { type: "MEDIA", label: t("Media"), icon: <ImageIcon /> },
  ];
  const onTabKey = (e: KeyboardEvent<HTMLButtonElement>) => {
    if (e.key !== "ArrowRight" && e.key !== "ArrowLeft") return;
    const next = type === "TEXT" ? "MEDIA" : "TEXT";
    postForm.setType(next);
    document.getElementById(`tab-${next}`)?.focus();
  };

  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-3">
      <div className="flex items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">{t("Create")}</h1>
        <Link to="/drafts" className="btn btn-outline gap-2" data-testid="drafts-link">
          <DraftIcon /> {t("Drafts")}
          <span
            className="min-w-6 rounded-full bg-[var(--accent)] px-1.5 text-center text-xs text-[var(--accent-text)]"
            data-testid="drafts-count"
            aria-hidden="true"
          >
            {postForm.draftTotal}
          </span>
          <span className="sr-only">{t("{{count}} drafts", { count: postForm.draftTotal })}</span>
        </Link>
      </div>
      {postForm.restored ? (
        <p
          className="flex flex-wrap items-center gap-2 rounded-lg bg-[var(--surface-strong)] px-3 py-2 text-sm"
          role="status"
          data-testid="restored-text"
        >
          {t("What you wrote last time is back. It stays on this device until you post it.")}
          <button
            type="button"
            className="font-semibold text-[var(--accent)] hover:underline"
            onClick={postForm.discard}
          >
            {t("Discard it")}
          </button>
        </p>
      ) : null}
      {postForm.editingDraft ? (
        <p className="rounded-lg bg-[var(--surface-strong)] px-3 py-2 text-sm" role="status">
          {t("You are editing a draft.")}{" "}
          <Link to="/post" className="font-semibold text-[var(--accent)] hover:underline">
            {t("Start a new post instead")}
          </Link>
        </p>
      ) : null}

      <div className="max-w-sm">
        <FieldLabel htmlFor={ids.community}>{t("Community")}</FieldLabel>
        <select
          id={ids.community}
          className="field"
          value={form.values.community_name}
          onChange={(e) => form.setValue("community_name", e.target.value)}
          required
          disabled={postForm.communitiesLoading}
          data-testid="community-picker"
        >
          <option value="">{postForm.communitiesLoading ? t("Loading") : t("Choose a community")}</option>
          {postForm.communities.map((c) => (
            <option key={c.name} value={c.name}>
              c/{c.name}
              {c.display_name ? ` · ${c.display_name}` : ""}
            </option>
          ))}
        </select>
        {postForm.joinedNone ? (
          <p className="mt-1 text-xs text-[var(--muted)]">{t("You have not joined a community yet.")}</p>
        ) : null}
        {form.values.community_name ? (
          <FlairPicker
            name={form.values.community_name}
            value={postForm.flairId}
            onChange={postForm.setFlairId}
          />
        ) : null}
        {postForm.joinedNone || findOpen ? (
          <CommunityJoinPanel
            onJoined={(name) => {
              form.setValue("community_name", name);
              setFindOpen(false);
            }}
          />
        ) : (
          <button
            type="button"
            className="mt-1 text-xs font-semibold text-[var(--accent)] hover:underline"
            onClick={() => setFindOpen(true)}
            aria-expanded={false}
          >
            {t("Join another community")}
          </button>
        )}
      </div>

      <section className="card overflow-hidden">
        <div role="tablist" aria-label={t("Kind of post")} className="flex border-b border-[var(--line)]">
          {tabs.map((tab) => (
            <button
              key={tab.type}
              id={`tab-${tab.type}`}
              type="button"
              role="tab"
              aria-selected={type === tab.type}
              aria-controls="post-panel"
              tabIndex={type === tab.type ? 0 : -1}
              onKeyDown={onTabKey}
              onClick={() => postForm.setType(tab.type)}
              className={`flex flex-1 items-center justify-center gap-2 border-b-2 px-4 py-3 text-sm font-semibold ${
                type === tab.type
                  ? "border-[var(--accent)] text-[var(--text)]"
                  : "border-transparent text-[var(--muted)] hover:bg-[var(--hover)]"
              }`}
            >
              {tab.icon}
              {tab.label}
            </button>
          ))}
        </div>
        <div
          id="post-panel"
          role="tabpanel"
          aria-labelledby={`tab-${type}`}
          className="flex flex-col gap-4 p-4"
        >
          <div>
            <FieldLabel htmlFor={ids.title}>{t("Title")}</FieldLabel>
            <input
              id={ids.title}
              className="field"
              value={title.value}
              onChange={(e) => title.onValue(e.target.value)}
              onBlur={title.onBlur}
              maxLength={POST_TITLE_MAX + 50}
              required
              aria-invalid={Boolean(title.error)}
              aria-describedby={`${ids.title}-count`}
              placeholder={t("Title")}
            />
            <div className="mt-1 flex justify-between gap-2 text-xs">
              <span className="field-error mt-0">{title.error ? t(title.error) : ""}</span>
              <span
                id={`${ids.title}-count`}
                className={
                  title.value.trim().length > POST_TITLE_MAX ? "text-[var(--danger)]" : "text-[var(--muted)]"
                }
              >
                {title.value.trim().length}/{POST_TITLE_MAX}
              </span>
            </div>
          </div>

          {type === "TEXT" ? (
            <Editor
              key={postForm.editorKey}
              initial={form.values.body}
              onChange={(body) => form.setValue("body", body)}
              label={t("Body")}
              placeholder={t("Write...")}
              invalid={postForm.bodyTooLong}
              footer={<BodyCounter body={form.values.body} />}
            />
          ) : (
            <MediaPicker
              media={postForm.media}
              onMedia={postForm.setMedia}
              requireAlt={postForm.requireAlt}
            />
          )}

          <WritingHints
            title={title.value}
            body={type === "TEXT" ? form.values.body : ""}
            onTitle={title.onValue}
            onBody={postForm.replaceBody}
            mediaWithoutAlt={
              type === "MEDIA" &&
              !postForm.requireAlt &&
              Boolean(postForm.media.file ?? postForm.media.saved) &&
              !postForm.media.alt.trim()
            }
          />

          {postForm.limitMessage ? (
            <p
              className="field-error rounded-lg border border-[var(--danger)] px-3 py-2"
              role="alert"
              data-testid="post-limit"
            >
              {postForm.limitMessage}
            </p>
          ) : null}
          <div className="flex flex-wrap items-center justify-end gap-2 border-t border-[var(--line)] pt-3">
            {postForm.postsLeft !== null && !postForm.limitMessage ? (
              <p className="mr-auto text-xs text-[var(--muted)]" data-testid="posts-left">
                {postForm.postsLeft === 1
                  ? t("1 post left today")
                  : t("{{count}} posts left today", { count: postForm.postsLeft })}
              </p>
            ) : null}
            {postForm.missing.length ? (
              <p
                className="mr-auto text-xs text-[var(--muted)]"
                data-testid="post-missing"
                aria-live="polite"
              >
                {t("To post:")} {postForm.missing.map((m) => t(m)).join(" · ")}
              </p>
            ) : null}
            <button
              type="button"
              className="btn btn-outline"
              disabled={!postForm.canSaveDraft}
              onClick={postForm.saveDraft}
              title={type === "MEDIA" ? t("Media posts cannot be saved as drafts") : undefined}
            >
              {postForm.editingDraft ? t("Update Draft") : t("Save Draft")}
            </button>
            <button
              type="button"
              className="btn btn-primary px-6"
              disabled={!postForm.canPost}
              onClick={postForm.post}
            >
              {postForm.busy ? t("Posting...") : t("Post")}
            </button>
          </div>
        </div>
      </section>
    </div>
  );
}

/** The community's flairs as radio chips under the community picker; nothing when it has none. */
function FlairPicker({
  name,
  value,
  onChange,
}: {
  name: string;
  value: number | null;
  onChange: (id: number | null) => void;
}) {
  const { t } = useTranslation();
  const flairs = useQuery(flairsQueryOptions(name));
  if (!flairs.data?.length) return null;
  return (
    <fieldset className="mt-3" data-testid="flair-picker">
      <legend className="field-label">{t("Flair")}</legend>
      <div className="flex flex-wrap gap-2">
        {[null, ...flairs.data].map((f) => (
          <label
            key={f?.id ?? "none"}
            className={`cursor-pointer rounded-full has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-[var(--accent)] ${
              value === (f?.id ?? null) ? "outline-2 outline-offset-2 outline-[var(--accent)]" : ""
            }`}
          >
            <input
              type="radio"
              name="flair"
              className="sr-only"
              checked={value === (f?.id ?? null)}
              onChange={() => onChange(f?.id ?? null)}
            />
            {f ? (
              <FlairChip flair={f} />
            ) : (
              <span className="inline-flex rounded-full border border-[var(--line)] px-2 py-0.5 text-xs">
                {t("No flair")}
              </span>
            )}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
