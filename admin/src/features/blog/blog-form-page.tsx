import { useQuery } from "@tanstack/react-query";
import { Link, useNavigate } from "@tanstack/react-router";
import { type FormEvent, useId, useRef, useState } from "react";
import { apiErrorText } from "#client/api-error-text.ts";
import { useZodForm } from "#client/form.tsx";
import { FieldLabel, FormAlert, SubmitButton, TextField } from "#client/form-fields.tsx";
import { ApiError } from "#client/http.ts";
import { useTranslation } from "#client/react-i18n.tsx";
import { shrinkPicture } from "#client/shrink-picture.ts";
import { ListSkeleton, LoadError } from "#client/ui/list-states.tsx";
import { showSnackbar } from "#client/ui/snackbar.tsx";
import { BLOG_CATEGORIES } from "#shared/enums.ts";
import {
  type AdminBlogDetail,
  adminBlogCreateSchema,
  BLOG_SUMMARY_MAX,
  BLOG_TITLE_MAX,
} from "#shared/schemas/admin.ts";
import { AdminEmptyPage } from "../../components/admin-empty-page";
import { BlogEditor } from "./blog-editor";
import { CATEGORY_LABEL } from "./category";
import { uploadAdminImage, useSaveBlog } from "./mutations";
import { blogQueryOptions } from "./queries";

/** /blog/{id}: the post, loaded, in the form; an id that names no post is "There is nothing here". */
export function BlogEditPage({ id }: { id: number }) {
  const post = useQuery({ ...blogQueryOptions(id), enabled: Number.isSafeInteger(id) && id > 0 });
  if (!Number.isSafeInteger(id) || id <= 0) return <AdminEmptyPage />;
  if (post.isPending) return <ListSkeleton rows={4} />;
  if (post.isError)
    return post.error instanceof ApiError && post.error.status === 404 ? (
      <AdminEmptyPage />
    ) : (
      <LoadError error={post.error} retry={post.refetch} />
    );
  return <BlogForm key={post.data.id} post={post.data} />;
}

/** /blog/new and /blog/{id}: title, category, cover and the body in the rich editor. */
export function BlogForm({ post }: { post?: AdminBlogDetail }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const save = useSaveBlog();
  const [problem, setProblem] = useState<string | null>(null);
  const form = useZodForm(adminBlogCreateSchema, {
    title: post?.title ?? "",
    category: post?.category ?? "ANNOUNCEMENT",
    cover: post?.cover ?? "",
    summary: post?.summary ?? "",
    body: post?.body ?? "",
  });
  const categoryId = useId();
  const bodyError = form.shownError("body");

  const submit = (e: FormEvent) => {
    e.preventDefault();
    form.touchAll();
    if (!form.data || save.isPending) return;
    setProblem(null);
    save.mutate(
      { ...form.data, id: post?.id },
      {
        onSuccess: () => {
          showSnackbar({ variant: "success", message: t("The blog post was saved") });
          void navigate({ to: "/blog" });
        },
        onError: (error) => setProblem(apiErrorText(error, t)),
      },
    );
  };

  return (
    <div className="flex flex-col gap-4">
      <nav>
        <Link to="/blog" className="text-sm text-[var(--muted)] hover:underline">
          ← {t("Blog")}
        </Link>
      </nav>
      <form
        onSubmit={submit}
        noValidate
        aria-label={post ? t("Edit blog post") : t("New blog post")}
        className="card p-5"
      >
        <h1 className="mb-4 text-xl font-semibold">{post ? t("Edit blog post") : t("New blog post")}</h1>
        {problem ? <FormAlert>{problem}</FormAlert> : null}
        <TextField label={t("Title")} {...form.field("title")} maxLength={BLOG_TITLE_MAX} />
        <div className="mb-4">
          <FieldLabel htmlFor={categoryId}>{t("Category")}</FieldLabel>
          <select
            id={categoryId}
            className="field"
            value={form.values.category}
            onChange={(e) => form.setValue("category", e.target.value)}
          >
            {BLOG_CATEGORIES.map((c) => (
              <option key={c} value={c}>
                {t(CATEGORY_LABEL[c])}
              </option>
            ))}
          </select>
        </div>
        <TextField
          label={t("Summary")}
          {...form.field("summary")}
          required={false}
          maxLength={BLOG_SUMMARY_MAX}
          hint={t("Shown in the blog's list. Left empty, it is the first words of the body.")}
        />
        <CoverField value={form.values.cover} onValue={(link) => form.setValue("cover", link)} />
        <div className="mb-4">
          <p className="field-label">
            {t("Body")}{" "}
            <span aria-hidden="true" className="text-[var(--danger)]">
              *
            </span>
          </p>
          <BlogEditor
            initial={form.values.body}
            onChange={(html) => form.setValue("body", html)}
            label={t("Body")}
            invalid={Boolean(bodyError)}
          />
          {bodyError ? <p className="field-error">{t(bodyError)}</p> : null}
        </div>
        {post?.published_at ? (
          <p className="mb-4 text-sm text-[var(--muted)]">
            {t("Published at")}{" "}
            <a href={`/blog/${post.slug}`} target="_blank" rel="noreferrer" className="underline">
              /blog/{post.slug}
            </a>
          </p>
        ) : null}
        <SubmitButton pending={save.isPending}>{t("Save")}</SubmitButton>
      </form>
    </div>
  );
}

/** The cover: an image uploaded to the admin files, shown, replaceable and removable. */
function CoverField({ value, onValue }: { value: string; onValue: (link: string) => void }) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);
  const id = useId();
  const upload = async (file: File | undefined) => {
    if (!file) return;
    setUploading(true);
    try {
      onValue(await uploadAdminImage(await shrinkPicture(file)));
    } catch (error) {
      showSnackbar({ message: apiErrorText(error, t), variant: "error" });
    } finally {
      setUploading(false);
    }
  };
  return (
    <div className="mb-4">
      <FieldLabel htmlFor={id} required={false}>
        {t("Cover")}
      </FieldLabel>
      {value ? (
        <img
          src={value}
          alt={t("Cover")}
          className="mb-2 aspect-[16/9] w-full max-w-md rounded-lg border border-[var(--line)] object-cover"
          data-testid="cover-preview"
        />
      ) : null}
      <div className="flex flex-wrap items-center gap-2">
        <input
          ref={input}
          id={id}
          type="file"
          accept="image/png,image/jpeg,image/gif,image/webp"
          className="sr-only"
          onChange={(e) => {
            void upload(e.target.files?.[0]);
            e.target.value = "";
          }}
        />
        <button
          type="button"
          className="btn btn-outline"
          disabled={uploading}
          aria-busy={uploading}
          onClick={() => input.current?.click()}
        >
          {uploading ? t("Please wait…") : value ? t("Change cover") : t("Upload a cover")}
        </button>
        {value ? (
          <button type="button" className="btn btn-ghost" onClick={() => onValue("")}>
            {t("Remove cover")}
          </button>
        ) : null}
      </div>
      <p className="mt-1 text-xs text-[var(--muted)]">
        {t("An image: PNG, JPEG, GIF or WebP, at most 1 MB.")}
      </p>
    </div>
  );
}
