import { type QueryKey, useMutation, useQueryClient } from "@tanstack/react-query";
import { type RefObject, useState } from "react";
import { useTranslation } from "#client/react-i18n.tsx";
import type { ReadAll } from "#shared/schemas/feeds.ts";
import type { Me } from "#shared/schemas/user.ts";
import { z } from "#shared/zod-jitless.ts";
import { Switch } from "#web/components/ui/switch.tsx";
import { api } from "#web/lib/api.ts";
import { handleApiError } from "#web/lib/errors.ts";
import { markAllRead, undoMarkAllRead, useReadTracking } from "#web/lib/read-posts.ts";
import { accountKeys, useMe } from "#web/lib/session.ts";

// "Hide read", "Mark all read" and its undo above every feed a signed-in person reads: the home
// feed, a community's page and their own feeds (docs/decisions/178). Loaded lazily by each of
// those screens (never part of the first screen's scripts), it also marks the list's posts read
// as they scroll past.

/** What flipping a setting answers: its new value. */
const settingResult = z.object({ result: z.boolean() });

/**
 * The person's "Hide read" (the HIDE_READ setting, kept on the server so it follows them to every
 * device) and its switch: `PATCH …/setting/boolean` flips it and answers the new value.
 */
export function useHideReadSetting() {
  const queryClient = useQueryClient();
  const { me } = useMe();
  const write = (value: boolean) =>
    queryClient.setQueryData<Me>(accountKeys.me(), (old) =>
      old ? { ...old, settings: { ...old.settings, HIDE_READ: value } } : old,
    );
  const flip = useMutation({
    mutationFn: async () =>
      settingResult.parse(
        await api.patch("/api/v1/private/user/setting/boolean", {
          query: { user_boolean_setting: "HIDE_READ" },
        }),
      ),
    onMutate: () => {
      const before = queryClient.getQueryData<Me>(accountKeys.me())?.settings?.HIDE_READ ?? false;
      write(!before);
      return { before };
    },
    onError: (error, _vars, context) => {
      if (context) write(context.before);
      handleApiError(error);
    },
    onSuccess: ({ result }) => write(result),
  });
  return { hideRead: me?.settings?.HIDE_READ === true, flip: () => flip.mutate(), busy: flip.isPending };
}

export default function ReadControls({
  target,
  listBox,
  listKey,
}: {
  /** The feed "Mark all read" marks, as `POST …/micropost/read/all` names it. */
  target: ReadAll;
  /** Where the feed's list of post cards is: its posts are marked read as they scroll past. */
  listBox: RefObject<HTMLElement | null>;
  /** The feed's query key (a prefix of every variant of it), asked again after marking and undoing. */
  listKey: QueryKey;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { hideRead, flip, busy } = useHideReadSetting();
  const [undo, setUndo] = useState<{ token: string; count: number } | null>(null);
  useReadTracking(listBox, true);

  const markRead = async () => {
    try {
      const result = await markAllRead(target);
      setUndo({ token: result.token, count: result.total_read });
      await queryClient.invalidateQueries({ queryKey: listKey });
    } catch (error) {
      handleApiError(error);
    }
  };
  const undoRead = async () => {
    if (!undo) return;
    try {
      await undoMarkAllRead(undo.token);
      setUndo(null);
      await queryClient.invalidateQueries({ queryKey: listKey });
    } catch (error) {
      handleApiError(error);
    }
  };

  return (
    <div className="flex w-full flex-col gap-2">
      <div className="flex flex-wrap items-center gap-3">
        <Switch
          label={t("Hide read")}
          checked={hideRead}
          onChange={flip}
          busy={busy}
          className="mb-0 gap-2"
          data={{ "data-testid": "hide-read" }}
        />
        <button
          type="button"
          className="btn btn-outline px-3 py-1.5"
          onClick={() => void markRead()}
          data-testid="mark-all-read"
        >
          {t("Mark all read")}
        </button>
      </div>
      {undo ? (
        <div
          role="status"
          className="flex flex-wrap items-center justify-between gap-2 rounded-lg bg-[var(--hover)] px-3 py-2 text-sm"
        >
          <span>{t("Marked {{count}} posts read.", { count: undo.count })}</span>
          <button type="button" className="btn btn-outline px-3 py-1" onClick={() => void undoRead()}>
            {t("Undo")}
          </button>
        </div>
      ) : null}
    </div>
  );
}
