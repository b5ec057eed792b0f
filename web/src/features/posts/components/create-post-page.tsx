import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Link, useNavigate } from "@tanstack/react-router";
import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { POST_BODY_MAX, POST_TITLE_MAX } from "#shared/constants.ts";
import type { PostType } from "#shared/enums.ts";
import type { Community } from "#shared/schemas/communities.ts";
import {
  bodyLength,
  isBlankBody,
  type MediaFile,
  mediaFileProblem,
  POST_MSG,
  postTitleSchema,
} from "#shared/schemas/posts.ts";
import { EmptyState } from "#web/components/ui/empty-state.tsx";
import { showSnackbar } from "#web/components/ui/snackbar.tsx";
import { useMe } from "#web/features/accounts/session.ts";
import { useJoinCommunity } from "#web/features/communities/mutations.ts";
import { communityKeys, myCommunitiesQueryOptions } from "#web/features/communities/queries.ts";
import { openModal } from "#web/modals.tsx";
import { type PostForm, useCreatePost, usePublishDraft, useSaveDraft, useUpdateDraft } from "../mutations";
import { draftQueryOptions, draftTotalQueryOptions } from "../queries";
import { Editor } from "./lazy-editor";
import { DraftIcon, ImageIcon, TextIcon } from "./post-icons";
import { BodyCounter } from "./post-page";

interface Fields {
  community: string;
  type: PostType;
  title: string;
  body: string;
  file: File | null;
  /** A draft's stored file, shown until replaced. */
  savedFile: MediaFile | null;
}
const EMPTY: Fields = { community: "", type: "TEXT", title: "", body: "", file: null, savedFile: null };

function FilePreview({
  file,
  saved,
  onRemove,
}: {
  file: File | null;
  saved: MediaFile | null;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) return setUrl(null);
    const objectUrl = URL.createObjectURL(file);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [file]);
  const src = url ?? saved?.file ?? null;
  if (!src) return null;
  const video = file ? file.type.startsWith("video/") : saved?.file_type === "VIDEO";
  return (
    <div
      className="relative overflow-hidden rounded-xl border border-[var(--line)] bg-black/40"
      data-testid="media-preview"
    >
      {video ? (
        // biome-ignore lint/a11y/useMediaCaption: a preview of the reader's own clip before posting.
        <video src={src} controls className="max-h-96 w-full" />
      ) : (
        <img src={src} alt={t("Preview of the chosen picture")} className="mx-auto max-h-96 object-contain" />
      )}
      <button
        type="button"
        className="btn btn-danger absolute top-2 right-2 px-3 py-1 text-xs"
        onClick={onRemove}
      >
        {t("Remove")}
      </button>
    </div>
  );
}

/**
 * /post (part 2 §2 "Create post screen"): community picker, Text and Media tabs, title with its
 * counter, the editor or the media upload, Save Draft / Update Draft and Post (part 2 §4).
 */
export function CreatePostPage({ communityName, draftId }: { communityName?: string; draftId?: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { isSignedIn } = useMe();
  const mine = useQuery({ ...myCommunitiesQueryOptions(), enabled: isSignedIn });
  const draftTotal = useQuery({ ...draftTotalQueryOptions(), enabled: isSignedIn });
  const draft = useQuery({ ...draftQueryOptions(draftId ?? ""), enabled: isSignedIn && Boolean(draftId) });
  const join = useJoinCommunity();
  const create = useCreatePost();
  const saveDraft = useSaveDraft();
  const updateDraft = useUpdateDraft();
  const publish = usePublishDraft();

  const [fields, setFields] = useState<Fields>(EMPTY);
  const [editorKey, setEditorKey] = useState(0);
  const [titleTouched, setTitleTouched] = useState(false);
  const loadedDraft = useRef<string | null>(null);
  const handledCommunity = useRef(false);
  const set = (patch: Partial<Fields>) => setFields((f) => ({ ...f, ...patch }));
  const ids = { title: useId(), community: useId(), file: useId() };

  // A route that needs an account opens the login dialog (part 1 §4).
  useEffect(() => {
    if (!isSignedIn) openModal("LOGIN");
  }, [isSignedIn]);

  // ?community_name=X joins X if needed, preselects it, then the address becomes /post (part 2 §2).
  useEffect(() => {
    if (!communityName || !isSignedIn || !mine.data || handledCommunity.current) return;
    handledCommunity.current = true;
    const known = mine.data.list.find((c) => c.name.toLowerCase() === communityName.toLowerCase());
    const done = (name: string | null) => {
      if (name) set({ community: name });
      void navigate({ to: "/post", search: draftId ? { draft: draftId } : {}, replace: true });
    };
    if (known) done(known.name);
    else
      join.mutate(communityName, {
        onSuccess: (result) => {
          void queryClient.invalidateQueries({ queryKey: communityKeys.mine() });
          done(result.name);
        },
        onError: () => done(null),
      });
  }, [communityName, isSignedIn, mine.data, draftId, join, navigate, queryClient]);

  // ?draft=ID loads the draft; one that does not exist sends the reader to /post (part 2 §2).
  useEffect(() => {
    if (!draftId) {
      loadedDraft.current = null;
      return;
    }
    if (draft.isError) {
      showSnackbar({ message: t("This draft does not exist any more."), variant: "error" });
      void navigate({ to: "/post", replace: true });
      return;
    }
    if (draft.data && loadedDraft.current !== draft.data.public_id) {
      loadedDraft.current = draft.data.public_id;
      setFields({
        community: draft.data.community.name,
        type: draft.data.post_type,
        title: draft.data.title,
        body: draft.data.body,
        file: null,
        savedFile: draft.data.file,
      });
      setEditorKey((k) => k + 1);
    }
  }, [draftId, draft.data, draft.isError, navigate, t]);

  if (!isSignedIn) {
    return (
      <EmptyState title={t("Sign in to write a post")} home={false}>
        <button type="button" className="btn btn-primary mt-4" onClick={() => openModal("LOGIN")}>
          {t("Sign In")}
        </button>
      </EmptyState>
    );
  }

  const editingDraft = Boolean(draftId && draft.data);
  const title = postTitleSchema.safeParse(fields.title);
  const titleError = title.success ? null : (title.error.issues[0]?.message ?? null);
  const fileProblem = fields.type === "MEDIA" && !fields.savedFile ? mediaFileProblem(fields.file) : null;
  const fileError = fields.file ? mediaFileProblem(fields.file) : null;
  const bodyTooLong = bodyLength(fields.body) > POST_BODY_MAX;
  const busy =
    create.isPending || saveDraft.isPending || updateDraft.isPending || publish.isPending || join.isPending;
  const loading = mine.isPending || (Boolean(draftId) && draft.isPending);
  const blockers = [
    busy || loading,
    !title.success,
    !fields.community,
    fields.type === "TEXT" && (isBlankBody(fields.body) || bodyTooLong),
    fields.type === "MEDIA" && fileProblem !== null,
  ];
  const canPost = !blockers.some(Boolean);
  const canSaveDraft =
    fields.type === "TEXT" && !busy && !loading && title.success && Boolean(fields.community) && !bodyTooLong;

  const form = (): PostForm => ({
    title: fields.title.trim(),
    body: fields.type === "TEXT" ? fields.body : "",
    community_name: fields.community,
    post_type: fields.type,
    file: fields.file,
  });

  const clear = () => {
    setFields((f) => ({ ...EMPTY, community: f.community }));
    setTitleTouched(false);
    setEditorKey((k) => k + 1);
  };

  const onPost = () => {
    if (!canPost) return;
    if (editingDraft && draftId) {
      publish.mutate(
        { publicId: draftId, form: form() },
        {
          onSuccess: ({ link }) => {
            showSnackbar({ message: t("Draft published."), variant: "success" });
            void navigate({ to: link });
          },
        },
      );
      return;
    }
    create.mutate(form(), {
      onSuccess: ({ link }) => {
        showSnackbar({ message: t("It was posted"), variant: "success" });
        void navigate({ to: link });
      },
    });
  };

  const onDraft = () => {
    if (!canSaveDraft) return;
    if (editingDraft && draftId) {
      updateDraft.mutate(
        { publicId: draftId, form: form() },
        { onSuccess: () => showSnackbar({ message: t("Draft updated."), variant: "success" }) },
      );
      return;
    }
    saveDraft.mutate(form(), {
      onSuccess: () => {
        showSnackbar({ message: t("Draft saved."), variant: "success" });
        clear();
      },
    });
  };

  const communities: Array<Pick<Community, "name" | "display_name">> = [...(mine.data?.list ?? [])];
  if (fields.community && !communities.some((c) => c.name.toLowerCase() === fields.community.toLowerCase()))
    communities.push({ name: fields.community, display_name: null });

  const tabs: Array<{ type: PostType; label: string; icon: ReactNode }> = [
    { type: "TEXT", label: t("Text"), icon: <TextIcon /> },
    { type: "MEDIA", label: t("Media"), icon: <ImageIcon /> },
  ];
  const onTabKey = (e: KeyboardEvent<HTMLButtonElement>) => {
    if (e.key !== "ArrowRight" && e.key !== "ArrowLeft") return;
    const next = fields.type === "TEXT" ? "MEDIA" : "TEXT";
    set({ type: next });
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
            {draftTotal.data ?? 0}
          </span>
          <span className="sr-only">{t("{{count}} drafts", { count: draftTotal.data ?? 0 })}</span>
        </Link>
      </div>
      {editingDraft ? (
        <p className="rounded-lg bg-[var(--surface-strong)] px-3 py-2 text-sm" role="status">
          {t("You are editing a draft.")}{" "}
          <Link to="/post" className="font-semibold text-[var(--accent)] hover:underline">
            {t("Start a new post instead")}
          </Link>
        </p>
      ) : null}

      <div className="max-w-sm">
        <label htmlFor={ids.community} className="field-label">
          {t("Community")}{" "}
          <span aria-hidden="true" title={t("This is required field")} className="text-[var(--danger)]">
            *
          </span>
        </label>
        <select
          id={ids.community}
          className="field"
          value={fields.community}
          onChange={(e) => set({ community: e.target.value })}
          required
          disabled={mine.isPending}
          data-testid="community-picker"
        >
          <option value="">{mine.isPending ? t("Loading") : t("Choose a community")}</option>
          {communities.map((c) => (
            <option key={c.name} value={c.name}>
              c/{c.name}
              {c.display_name ? ` · ${c.display_name}` : ""}
            </option>
          ))}
        </select>
        {mine.data && mine.data.list.length === 0 ? (
          <p className="mt-1 text-xs text-[var(--muted)]">
            {t("You have not joined a community yet.")}{" "}
            <Link
              to="/search"
              search={{ type: "communities" }}
              className="font-semibold text-[var(--accent)]"
            >
              {t("Find Communities")}
            </Link>
          </p>
        ) : null}
      </div>

      <section className="card overflow-hidden">
        <div role="tablist" aria-label={t("Kind of post")} className="flex border-b border-[var(--line)]">
          {tabs.map((tab) => (
            <button
              key={tab.type}
              id={`tab-${tab.type}`}
              type="button"
              role="tab"
              aria-selected={fields.type === tab.type}
              aria-controls="post-panel"
              tabIndex={fields.type === tab.type ? 0 : -1}
              onKeyDown={onTabKey}
              onClick={() => set({ type: tab.type })}
              className={`flex flex-1 items-center justify-center gap-2 border-b-2 px-4 py-3 text-sm font-semibold ${
                fields.type === tab.type
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
          aria-labelledby={`tab-${fields.type}`}
          className="flex flex-col gap-4 p-4"
        >
          <div>
            <label htmlFor={ids.title} className="field-label">
              {t("Title")}{" "}
              <span aria-hidden="true" title={t("This is required field")} className="text-[var(--danger)]">
                *
              </span>
            </label>
            <input
              id={ids.title}
              className="field"
              value={fields.title}
              onChange={(e) => set({ title: e.target.value })}
              onBlur={() => setTitleTouched(true)}
              maxLength={POST_TITLE_MAX + 50}
              required
              aria-invalid={titleTouched && Boolean(titleError)}
              aria-describedby={`${ids.title}-count`}
              placeholder={t("Title")}
            />
            <div className="mt-1 flex justify-between gap-2 text-xs">
              <span className="field-error mt-0">{titleTouched && titleError ? t(titleError) : ""}</span>
              <span
                id={`${ids.title}-count`}
                className={
                  fields.title.trim().length > POST_TITLE_MAX ? "text-[var(--danger)]" : "text-[var(--muted)]"
                }
              >
                {fields.title.trim().length}/{POST_TITLE_MAX}
              </span>
            </div>
          </div>

          {fields.type === "TEXT" ? (
            <Editor
              key={editorKey}
              initial={fields.body}
              onChange={(body) => set({ body })}
              label={t("Body")}
              placeholder={t("Write...")}
              invalid={bodyTooLong}
              footer={<BodyCounter body={fields.body} />}
            />
          ) : (
            <div className="flex flex-col gap-2">
              {fields.file || fields.savedFile ? (
                <FilePreview
                  file={fields.file}
                  saved={fields.file ? null : fields.savedFile}
                  onRemove={() => set({ file: null, savedFile: null })}
                />
              ) : (
                <label
                  htmlFor={ids.file}
                  className="flex cursor-pointer flex-col items-center gap-2 rounded-xl border-2 border-dashed border-[var(--line)] px-4 py-10 text-center text-sm text-[var(--muted)] hover:border-[var(--accent)]"
                  onDragOver={(e) => e.preventDefault()}
                  onDrop={(e) => {
                    e.preventDefault();
                    const file = e.dataTransfer.files[0];
                    if (file) set({ file });
                  }}
                >
                  <ImageIcon width={32} height={32} />
                  <span className="font-semibold text-[var(--text)]">
                    {t("Drop a picture or a video here, or choose one")}
                  </span>
                  <span>{t("Images or videos up to 1 MB")}</span>
                </label>
              )}
              <input
                id={ids.file}
                type="file"
                accept="image/png,image/jpeg,image/gif,image/webp,video/mp4,video/webm,video/quicktime"
                className="sr-only"
                onChange={(e) => {
                  const file = e.target.files?.[0];
                  if (file) set({ file, savedFile: null });
                  e.target.value = "";
                }}
                aria-describedby={fileError ? `${ids.file}-error` : undefined}
              />
              {fileError ? (
                <p id={`${ids.file}-error`} className="field-error" role="alert">
                  {t(fileError)}
                </p>
              ) : null}
            </div>
          )}

          <div className="flex flex-wrap items-center justify-end gap-2 border-t border-[var(--line)] pt-3">
            {fields.type === "TEXT" && isBlankBody(fields.body) && fields.title.trim() ? (
              <p className="mr-auto text-xs text-[var(--muted)]">{t(POST_MSG.bodyRequired)}</p>
            ) : null}
            <button
              type="button"
              className="btn btn-outline"
              disabled={!canSaveDraft}
              onClick={onDraft}
              title={fields.type === "MEDIA" ? t("Media posts cannot be saved as drafts") : undefined}
            >
              {editingDraft ? t("Update Draft") : t("Save Draft")}
            </button>
            <button type="button" className="btn btn-primary px-6" disabled={!canPost} onClick={onPost}>
              {busy ? t("Posting...") : t("Post")}
            </button>
          </div>
        </div>
      </section>
    </div>
  );
}
