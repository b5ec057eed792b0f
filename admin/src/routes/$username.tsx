import { createFileRoute } from "@tanstack/react-router";
import { useTranslation } from "#client/react-i18n.tsx";
import { useToggleAdminNightMode } from "../features/auth/night-mode";
import { AdminPasswordForm } from "../features/auth/password-form";
import { useAdminMe } from "../features/auth/session";
import { PersonPage } from "../features/users/person-page";

// /admin/{username}: one's own admin profile (from the header menu), or a person's or admin's page.
export const Route = createFileRoute("/$username")({ component: AdminProfilePage });

function AdminProfilePage() {
  const { t, i18n } = useTranslation();
  const { username } = Route.useParams();
  const { admin } = useAdminMe();
  const toggleNight = useToggleAdminNightMode();
  if (!admin) return <p className="text-sm text-[var(--muted)]">{t("Loading")}</p>;
  // Anyone else's name: the person, or the admin, of that name.
  if (admin.username !== username) return <PersonPage username={username} />;
  const joined = new Intl.DateTimeFormat(i18n.language, { dateStyle: "long" }).format(
    new Date(admin.created_at),
  );
  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-4">
      <section className="card flex flex-wrap items-center gap-4 p-5" aria-labelledby="admin-profile-name">
        {admin.profile_image ? (
          <img src={admin.profile_image} alt="" className="size-16 rounded-full object-cover" />
        ) : (
          <span
            aria-hidden="true"
            className="grid size-16 place-items-center rounded-full bg-[var(--accent)] text-2xl font-bold text-[var(--accent-text)] uppercase"
          >
            {admin.username.slice(0, 1)}
          </span>
        )}
        <div className="min-w-0 flex-1">
          <h1 id="admin-profile-name" className="wrap-anywhere text-xl font-semibold">
            {admin.username}
          </h1>
          {admin.email ? <p className="wrap-anywhere text-sm text-[var(--muted)]">{admin.email}</p> : null}
          <p className="mt-1 text-xs text-[var(--muted)]">
            <span className="mr-2 rounded-full bg-[var(--surface-strong)] px-2 py-0.5 font-semibold">
              {t("Admin")}
            </span>
            {t("Joined {{date}}", { date: joined })}
          </p>
        </div>
      </section>
      <section className="card flex items-center justify-between gap-4 p-5">
        <div>
          <h2 className="text-lg font-semibold">{t("Night Mode")}</h2>
          <p className="text-sm text-[var(--muted)]">
            {t("The admin site's own theme, kept for your account.")}
          </p>
        </div>
        <button
          type="button"
          role="switch"
          aria-checked={admin.use_night_mode}
          aria-label={t("Night Mode")}
          onClick={() => void toggleNight()}
          className={`relative h-7 w-12 shrink-0 rounded-full transition-colors ${admin.use_night_mode ? "bg-[var(--accent)]" : "bg-[var(--field-line)]"}`}
        >
          <span
            className={`absolute top-1 size-5 rounded-full bg-[var(--surface)] transition-all ${admin.use_night_mode ? "left-6" : "left-1"}`}
          />
        </button>
      </section>
      <AdminPasswordForm />
    </div>
  );
}
