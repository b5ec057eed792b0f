import { useInfiniteQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { useTranslation } from "#client/react-i18n.tsx";
import type { Service } from "#shared/schemas/services.ts";
import type { Me } from "#shared/schemas/user.ts";
import { confirm } from "#web/components/ui/confirm.tsx";
import { EmptyState } from "#web/components/ui/empty-state.tsx";
import { InfiniteFooter, ListSkeleton, LoadError } from "#web/components/ui/list-states.tsx";
import { showSnackbar } from "#web/components/ui/snackbar.tsx";
import { openModal } from "#web/modals.tsx";
import { useDeleteService, usePauseService } from "../mutations";
import { myServicesQueryOptions } from "../queries";
import { ServiceCard } from "./service-card";

/**
 * /services/manage: the caller's services, active and paused. Offering a new one needs the
 * service-provider setting; without it the page says where to turn it on (pausing and deleting
 * still work).
 */
export function ManageServicesPage({ me }: { me: Me }) {
  const { t } = useTranslation();
  const services = useInfiniteQuery(myServicesQueryOptions());
  const list = services.data?.pages.flatMap((page) => page.list) ?? [];
  const provider = me.is_service_provider;
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-4">
      <header className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">{t("Manage Services")}</h1>
        {provider ? (
          <button type="button" className="btn btn-primary" onClick={() => openModal("SERVICE_FORM")}>
            {t("Offer a service")}
          </button>
        ) : null}
      </header>
      {provider ? null : (
        <section className="card flex flex-col gap-3 p-4 sm:p-6" data-testid="provider-off">
          <h2 className="text-lg font-semibold">{t("Turn on “I offer services” first")}</h2>
          <p className="text-sm text-[var(--muted)]">
            {t(
              "Services are offered by people who say they offer them. Turn it on in your job settings, then come back to list your first service.",
            )}
          </p>
          <Link to="/settings/$tab" params={{ tab: "job" }} className="btn btn-primary self-start">
            {t("Open job settings")}
          </Link>
        </section>
      )}
      {services.isPending ? (
        <ListSkeleton rows={2} height="h-40" />
      ) : services.isError ? (
        <LoadError error={services.error} retry={services.refetch} />
      ) : list.length === 0 ? (
        provider ? (
          <EmptyState title={t("You do not offer a service yet")} home={false} as="h2">
            <p>{t("Describe what you do, your price and how long it takes.")}</p>
            <button type="button" className="btn btn-primary mt-4" onClick={() => openModal("SERVICE_FORM")}>
              {t("Offer a service")}
            </button>
          </EmptyState>
        ) : null
      ) : (
        <>
          <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2" data-testid="my-services">
            {list.map((service) => (
              <li key={service.slug}>
                <ServiceCard
                  service={service}
                  footer={<ManageControls service={service} canEdit={provider} />}
                />
              </li>
            ))}
          </ul>
          <InfiniteFooter query={services} />
        </>
      )}
    </div>
  );
}

function ManageControls({ service, canEdit }: { service: Service; canEdit: boolean }) {
  const { t } = useTranslation();
  const pause = usePauseService();
  const remove = useDeleteService();
  const busy = pause.isPending || remove.isPending;
  const del = async () => {
    if (
      !(await confirm({
        message: t("Do you really want to delete it?"),
        confirmLabel: t("Delete"),
        danger: true,
      }))
    )
      return;
    remove.mutate(
      { username: service.username, slug: service.slug },
      { onSuccess: () => showSnackbar({ message: t("It was deleted"), variant: "success" }) },
    );
  };
  return (
    <div className="mt-2 flex flex-wrap items-center gap-2 border-t border-[var(--line)] pt-3">
      <span
        className={`mr-auto rounded-full px-2.5 py-0.5 text-xs font-semibold ${
          service.is_active
            ? "bg-[var(--success)]/15 text-[var(--success)]"
            : "bg-[var(--surface-strong)] text-[var(--muted)]"
        }`}
        data-testid="service-status"
      >
        {service.is_active ? t("Active") : t("Paused")}
      </span>
      {canEdit ? (
        <button
          type="button"
          className="btn btn-ghost px-2 py-1 text-xs"
          disabled={busy}
          onClick={() => openModal("SERVICE_FORM", { service })}
        >
          {t("Edit")}
        </button>
      ) : null}
      {service.is_active || canEdit ? (
        <button
          type="button"
          className="btn btn-ghost px-2 py-1 text-xs"
          disabled={busy}
          onClick={() =>
            pause.mutate(
              { slug: service.slug, active: !service.is_active },
              {
                onSuccess: (s) =>
                  showSnackbar({
                    message: s.is_active ? t("Your service is listed again") : t("Your service is paused"),
                    variant: "success",
                  }),
              },
            )
          }
        >
          {service.is_active ? t("Pause") : t("Resume")}
        </button>
      ) : null}
      <button
        type="button"
        className="btn btn-ghost px-2 py-1 text-xs text-[var(--danger)]"
        disabled={busy}
        onClick={() => void del()}
      >
        {t("Delete")}
      </button>
    </div>
  );
}
