import { msg } from "#client/i18n.ts";
import { useTranslation } from "#client/react-i18n.tsx";

const WORDING = {
  posts: [msg("1 post hidden by your muted words"), msg("{{count}} posts hidden by your muted words")],
  comments: [
    msg("1 comment hidden by your muted words"),
    msg("{{count}} comments hidden by your muted words"),
  ],
  results: [msg("1 result hidden by your muted words"), msg("{{count}} results hidden by your muted words")],
} as const;

/** What a list of posts, comments or results sums: the items its pages' reads left out. */
export const hiddenByMutes = (pages: ReadonlyArray<{ hidden_by_mutes?: number }> | undefined) =>
  (pages ?? []).reduce((sum, page) => sum + (page.hidden_by_mutes ?? 0), 0);

/**
 * "2 posts hidden by your muted words · Show": where a list left items out for the reader's muted
 * words (docs/decisions/170), in place of its empty state or below it. Show reveals them in this
 * view; the words stay muted.
 */
export default function HiddenByMutes({
  count,
  kind = "posts",
  onShow,
}: {
  count: number;
  kind?: keyof typeof WORDING;
  onShow: () => void;
}) {
  const { t } = useTranslation();
  const [one, many] = WORDING[kind];
  return (
    <p className="card px-4 py-3 text-center text-sm text-[var(--muted)]" data-testid="hidden-by-mutes">
      {t(count === 1 ? one : many, { count })}{" "}
      <span className="whitespace-nowrap">
        <span aria-hidden="true">·</span>{" "}
        <button
          type="button"
          className="rounded px-1 font-semibold text-[var(--accent)] underline-offset-2 hover:underline"
          onClick={onShow}
        >
          {t("Show")}
        </button>
      </span>
    </p>
  );
}
