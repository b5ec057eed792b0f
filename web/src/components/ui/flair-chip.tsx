import type { Flair } from "#shared/schemas/community-moderation.ts";

/**
 * A post's flair: its name in the theme's own text colour on a faint wash of the flair's colour,
 * with a dot of the colour itself, so any colour a moderator picks reads in both themes
 * (docs/decisions/147).
 */
export function FlairChip({
  flair,
  className = "",
}: {
  flair: Pick<Flair, "name" | "colour">;
  className?: string;
}) {
  return (
    <span
      className={`inline-flex max-w-full items-center gap-1.5 rounded-full border px-2 py-0.5 text-xs font-semibold text-[var(--text)] ${className}`}
      style={{ borderColor: `${flair.colour}99`, backgroundColor: `${flair.colour}26` }}
      data-testid="flair-chip"
    >
      <span aria-hidden className="size-2 shrink-0 rounded-full" style={{ backgroundColor: flair.colour }} />
      <span className="truncate">{flair.name}</span>
    </span>
  );
}
