import type { ReactNode } from "react";

/** An authentication page (/signin, /register, …): the dialog's form on a card of its own. */
export function AuthPage({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle?: string;
  children: ReactNode;
}) {
  return (
    <section className="mx-auto w-full max-w-md py-4 sm:py-10">
      <div className="card p-5 sm:p-7">
        <div className="mb-6 flex items-center gap-3">
          <img src="/favicon.svg" alt="" width="36" height="36" />
          <div>
            <h1 className="text-xl font-semibold">{title}</h1>
            {subtitle ? <p className="text-sm text-[var(--muted)]">{subtitle}</p> : null}
          </div>
        </div>
        {children}
      </div>
    </section>
  );
}
