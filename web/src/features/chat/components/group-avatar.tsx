import { GroupIcon } from "./chat-icons";

/** A group's picture: its initial on the accent colour, with a people mark (decorative). */
export function GroupAvatar({ name, size = 44 }: { name: string; size?: number }) {
  const initial = [...name.trim()][0]?.toUpperCase() ?? "";
  return (
    <span
      aria-hidden="true"
      className="relative grid shrink-0 place-items-center rounded-full bg-[var(--accent)] font-semibold text-[var(--accent-text)]"
      style={{ width: size, height: size, fontSize: size * 0.4 }}
    >
      {initial || <GroupIcon />}
      <span className="absolute -right-0.5 -bottom-0.5 grid size-[18px] place-items-center rounded-full border-2 border-[var(--surface)] bg-[var(--surface-strong)] text-[var(--text)]">
        <GroupIcon width={10} height={10} />
      </span>
    </span>
  );
}
