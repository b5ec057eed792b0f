import type { ReactNode } from "react";

/** A skill or a fact of a job or service, as a small rounded chip. */
export function Chip({
  children,
  tone = "plain",
}: {
  children: ReactNode;
  tone?: "plain" | "accent" | "outline";
}) {
  return (
    <span
      className={`inline-flex max-w-full items-center wrap-anywhere rounded-full px-2.5 py-0.5 text-xs font-medium ${
        tone === "accent"
          ? "bg-[var(--accent)]/15 text-[var(--accent)]"
          : tone === "outline"
            ? "border border-[var(--line)] text-[var(--muted)]"
            : "bg-[var(--surface-strong)] text-[var(--text)]"
      }`}
    >
      {children}
    </span>
  );
}

/** Skills as chips, in a list a screen reader counts. */
export function SkillChips({ skills, label }: { skills: string[]; label: string }) {
  if (skills.length === 0) return null;
  return (
    <ul aria-label={label} className="flex flex-wrap gap-1.5">
      {skills.map((skill) => (
        <li key={skill} className="max-w-full">
          <Chip tone="outline">{skill}</Chip>
        </li>
      ))}
    </ul>
  );
}
