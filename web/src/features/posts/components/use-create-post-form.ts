import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useBlocker, useNavigate } from "@tanstack/react-router";
import { useEffect, useRef, useState } from "react";
import { apiErrorText } from "#client/api-error-text.ts";
import { useZodForm } from "#client/form.tsx";
import { useTranslation } from "#client/react-i18n.tsx";
import { confirm } from "#client/ui/confirm.tsx";
import { showSnackbar } from "#client/ui/snackbar.tsx";
import { POST_BODY_MAX } from "#shared/constants.ts";
import type { PostType } from "#shared/enums.ts";
import { altProblem } from "#shared/schemas/alt-text.ts";
import type { Community } from "#shared/schemas/communities.ts";
import { allowanceSchema } from "#shared/schemas/moderation.ts";
import {
  bodyLength,
  draftFieldsSchema,
  isBlankBody,
  type MediaFile,
  mediaFileProblem,
  postFieldsSchema,
} from "#shared/schemas/posts.ts";
import { api } from "#web/lib/api.ts";
import { communityKeys, myCommunitiesQueryOptions } from "#web/lib/community-keys.ts";
import { useJoinCommunity } from "#web/lib/community-membership.ts";
import { useMe } from "#web/lib/session.ts";
import { openModal } from "#web/modals.tsx";
import { draftQueryOptions, draftTotalQueryOptions } from "../draft-queries";
import { clearLocalDraft, hasText, readLocalDraft, writeLocalDraft } from "../local-draft";
import {
  allowanceKey,
  isDailyLimit,
  type PostForm,
  useCreatePost,
  usePublishDraft,
  useSaveDraft,
  useUpdateDraft,
} from "../mutations";

/** The chosen file, and a draft's stored file, shown until replaced. */
export interface Media {
  file: File | null;
  saved: MediaFile | null;
  /** What the picture shows, for screen readers. */
  alt: string;
}

const EMPTY = { community_name: "", title: "", body: "" };
/** "Posts left today" shows from this many on. */
const POSTS_LEFT_SHOWN = 2;
const NO_MEDIA: Media = { file: null, saved: null, alt: "" };

/**
 * The create-post form: the text fields on the form kit, the post type and the media beside them.
 * Post and Save Draft turn on when the API's own schemas would take what they send.
 */
export function useCreatePostForm({ communityName, draftId }: { communityName?: string; draftId?: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { isSignedIn, me } = useMe();
  const mine = useQuery({ ...myCommunitiesQueryOptions(), enabled: isSignedIn });
  const draftTotal = useQuery({ ...draftTotalQueryOptions(), enabled: isSignedIn });
  const draft = useQuery({ ...draftQueryOptions(draftId ?? ""), enabled: isSignedIn && Boolean(draftId) });
  const join = useJoinCommunity();
  const create = useCreatePost();
  // What is left of today's posts for a new or member account (none for regulars).
  const allowance = useQuery({
    queryKey: allowanceKey("post"),
    queryFn: async ({ signal }) =>
      allowanceSchema.parse(
        await api.get("/api/v1/private/user/allowance", { query: { action: "post" }, signal }),
      ),
    enabled: isSignedIn,
    meta: { silent: true },
    staleTime: 30_000,
  });
  const save = useSaveDraft();
  const updateDraft = useUpdateDraft();
  const publish = usePublishDraft();

  const form = useZodForm(draftFieldsSchema, EMPTY);
  const [type, setType] = useState<PostType>("TEXT");
  const [media, setMedia] = useState<Media>(NO_MEDIA);
  // A new key starts the editor again from the body (a loaded draft, a cleared form).
  const [editorKey, setEditorKey] = useState(0);
  const loadedDraft = useRef<string | null>(null);
  const handledCommunity = useRef(false);
  // The text kept on this device (local-draft.ts) is brought back once per account, before it is written.
  const [restoredFor, setRestoredFor] = useState<string | null>(null);
  const [restored, setRestored] = useState(false);
  // Set just before the form itself leaves (after posting): nothing is left to lose then.
  const leaving = useRef(false);
  const username = me?.username ?? null;
  // The effects fill fields in; they run when the address or the queries change, not the form.
  const latestForm = useRef(form);
  latestForm.current = form;

  // A page that needs an account opens the login dialog.
  useEffect(() => {
    if (!isSignedIn) openModal("LOGIN");
  }, [isSignedIn]);

  // A new post (not a server draft) starts from what was typed on this device and not yet posted.
  useEffect(() => {
    if (!username || restoredFor === username) return;
    setRestoredFor(username);
    if (draftId) return;
    const kept = readLocalDraft(username);
    if (!kept) return;
    const current = latestForm.current.values;
    latestForm.current.reset({
      // A community named in the address (?community_name=) wins over the kept one.
      community_name: current.community_name || kept.community_name,
      title: kept.title,
      body: kept.body,
    });
    setType(kept.post_type);
    setEditorKey((k) => k + 1);
    setRestored(true);
  }, [username, restoredFor, draftId]);

  // ?community_name=X joins X if needed, preselects it, then the address becomes /post.
  useEffect(() => {
    if (!communityName || !isSignedIn || !mine.data || handledCommunity.current) return;
    handledCommunity.current = true;
    const known = mine.data.list.find((c) => c.name.toLowerCase() === communityName.toLowerCase());
    const done = (name: string | null) => {
      if (name) latestForm.current.setValue("community_name", name);
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

  // ?draft=ID loads the draft; one that does not exist sends the reader to /post.
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
      const { community, title, body } = draft.data;
      latestForm.current.reset({ community_name: community.name, title, body });
      setType(draft.data.post_type);
      setMedia({ file: null, saved: draft.data.file, alt: draft.data.file?.alt ?? "" });
      setEditorKey((k) => k + 1);
    }
  }, [draftId, draft.data, draft.isError, navigate, t]);

  const { values } = form;
  // The community's flair the author picked; none when the community changes.
  const [flairId, setFlairId] = useState<number | null>(null);
  const flairCommunity = useRef(values.community_name);
  if (flairCommunity.current !== values.community_name) {
    flairCommunity.current = values.community_name;
    if (flairId !== null) setFlairId(null);
  }

  // Every change of a new post is kept on the device until it is posted or saved as a draft.
  useEffect(() => {
    if (!username || restoredFor !== username || draftId || leaving.current) return;
    writeLocalDraft(username, { ...values, post_type: type });
  }, [username, restoredFor, draftId, values, type]);
  const sent: PostForm = {
    title: values.title.trim(),
    body: type === "TEXT" ? values.body : "",
    community_name: values.community_name,
    post_type: type,
    file: media.file,
    alt: media.alt,
    flair_id: flairId,
  };
  const editingDraft = Boolean(draftId && draft.data);
  const requireAlt = me?.settings.REQUIRE_ALT_TEXT !== false;
  const picture = media.file ? media.file.type.startsWith("image/") : media.saved?.file_type === "IMAGE";
  const fileProblem =
    type !== "MEDIA"
      ? null
      : ((media.saved ? null : mediaFileProblem(media.file)) ?? altProblem(media.alt, picture && requireAlt));
  const busy =
    create.isPending || save.isPending || updateDraft.isPending || publish.isPending || join.isPending;
  const loading = mine.isPending || (Boolean(draftId) && draft.isPending);
  const checked = postFieldsSchema.safeParse(sent);
  const canPost = !busy && !loading && checked.success && fileProblem === null;
  // What still keeps Post off, in the form's order, once the person has started writing.
  const started = Boolean(values.title.trim() || !isBlankBody(values.body) || media.file);
  const missing =
    started && !busy && !loading
      ? [...new Set([...(checked.error?.issues.map((issue) => issue.message) ?? []), fileProblem])].filter(
          (m): m is string => Boolean(m),
        )
      : [];
  const canSaveDraft = type === "TEXT" && !busy && !loading && draftFieldsSchema.safeParse(sent).success;

  const clear = () => {
    form.reset({ ...EMPTY, community_name: values.community_name });
    setType("TEXT");
    setMedia(NO_MEDIA);
    setEditorKey((k) => k + 1);
    setRestored(false);
    if (username) clearLocalDraft(username);
  };

  /** The form is done with its text (posted): it may leave without asking, and the device forgets it. */
  const finished = () => {
    leaving.current = true;
    if (username) clearLocalDraft(username);
  };

  // Unposted words, or a server draft's unsaved changes, are worth a question before the page changes.
  const loaded = draft.data;
  const unsaved = editingDraft
    ? Boolean(loaded) &&
      (loaded?.title !== values.title || loaded?.body !== values.body || Boolean(media.file))
    : hasText(values) || Boolean(media.file);
  useBlocker({
    shouldBlockFn: async ({ current, next }) => {
      if (leaving.current || !unsaved || current.pathname === next.pathname) return false;
      const stay = !(await confirm({
        title: t("Leave this post?"),
        message: editingDraft
          ? t("Your changes to this draft are not saved yet.")
          : media.file
            ? t("Your text stays on this device until you post it, but the chosen file is not kept.")
            : t("Your text stays on this device and comes back when you open Create again."),
        confirmLabel: t("Leave"),
        cancelLabel: t("Keep writing"),
      }));
      return stay;
    },
    enableBeforeUnload: () => !leaving.current && unsaved && (editingDraft || Boolean(media.file)),
  });

  const post = () => {
    if (!canPost) return;
    if (editingDraft && draftId) {
      publish.mutate(
        { publicId: draftId, form: sent },
        {
          onSuccess: ({ link }) => {
            finished();
            showSnackbar({ message: t("Draft published."), variant: "success" });
            void navigate({ to: link });
          },
        },
      );
      return;
    }
    create.mutate(sent, {
      onSuccess: ({ link }) => {
        finished();
        showSnackbar({ message: t("It was posted"), variant: "success" });
        void navigate({ to: link });
      },
    });
  };

  const saveDraft = () => {
    if (!canSaveDraft) return;
    if (editingDraft && draftId) {
      updateDraft.mutate(
        { publicId: draftId, form: sent },
        { onSuccess: () => showSnackbar({ message: t("Draft updated."), variant: "success" }) },
      );
      return;
    }
    save.mutate(sent, {
      onSuccess: () => {
        showSnackbar({ message: t("Draft saved."), variant: "success" });
        clear();
      },
    });
  };

  // The chosen community stays listed even before the list of joined ones knows it.
  const communities: Array<Pick<Community, "name" | "display_name">> = [...(mine.data?.list ?? [])];
  if (
    values.community_name &&
    !communities.some((c) => c.name.toLowerCase() === values.community_name.toLowerCase())
  )
    communities.push({ name: values.community_name, display_name: null });

  return {
    isSignedIn,
    form,
    /** The text on the form came back from this device (an earlier visit that did not post). */
    restored,
    discard: clear,
    type,
    setType,
    media,
    setMedia,
    requireAlt,
    editorKey,
    /** Puts `body` in the editor (a fix the writing hints made): it starts again from it. */
    replaceBody(body: string) {
      form.setValue("body", body);
      setEditorKey((k) => k + 1);
    },
    editingDraft,
    communities,
    communitiesLoading: mine.isPending,
    joinedNone: mine.data?.list.length === 0,
    draftTotal: draftTotal.data ?? 0,
    /** The day's limit was reached: said on the form until the person tries again. */
    limitMessage: create.error && isDailyLimit(create.error) ? apiErrorText(create.error, t) : null,
    /** Posts left today, once few are left (a regular has no allowance: null). */
    postsLeft:
      allowance.data?.allowance && allowance.data.allowance.left <= POSTS_LEFT_SHOWN
        ? allowance.data.allowance.left
        : null,
    bodyTooLong: bodyLength(values.body) > POST_BODY_MAX,
    flairId,
    setFlairId,
    busy,
    canPost,
    missing,
    canSaveDraft,
    post,
    saveDraft,
  };
}
