import type { ReactNode } from "react";

/** A titled group of settings. */
export function SettingsSection({
  title,
  description,
  children,
}: {
  title: string;
  description?: string;
  children: ReactNode;
}) {
  return (
    <section className="card p-4 md:p-5" aria-label={title}>
      <h2 className="text-base font-semibold">{title}</h2>
      {description ? <p className="mt-1 text-sm text-[var(--muted)]">{description}</p> : null}
      <div className="mt-2 divide-y divide-[var(--line)]">{children}</div>
    </section>
  );
}
