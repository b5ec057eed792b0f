import { useInfiniteQuery } from "@tanstack/react-query";
import { useTranslation } from "#client/react-i18n.tsx";
import { confirm } from "#client/ui/confirm.tsx";
import { InfiniteFooter, ListSkeleton, LoadError } from "#client/ui/list-states.tsx";
import { showSnackbar } from "#client/ui/snackbar.tsx";
import type { Service } from "#shared/schemas/services.ts";
import type { Me } from "#shared/schemas/user.ts";
import { EmptyState } from "#web/components/ui/empty-state.tsx";
import { openModal } from "#web/modals.tsx";
import { useDeleteService, usePauseService } from "../mutations";
import { myServicesQueryOptions } from "../queries";
import { ServiceCard } from "./service-card";

/**
 * /services/manage: the caller's services, active and paused. Anyone signed in can offer one:
 * listing the first switches "I offer services" on (the page says so before they start).
 */
export function ManageServicesPage({ me }: { me: Me }) {
  const { t } = useTranslation();
  const services = useInfiniteQuery(myServicesQueryOptions());
  const list = services.data?.pages.flatMap((page) => page.list) ?? [];
  const provider = me.is_service_provider;
  const offer = (
    <button type="button" className="btn btn-primary" onClick={() => openModal("SERVICE_FORM")}>
      {t("Offer a service")}
    </button>
  );
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-4">
      <header className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">{t("Manage Services")}</h1>
        {offer}
      </header>
      {provider ? null : (
        <p className="text-sm text-[var(--muted)]" data-testid="provider-off">
          {t("Listing a service turns on “I offer services” in your job settings.")}
        </p>
      )}
      {services.isPending ? (
        <ListSkeleton rows={2} height="h-40" />
      ) : services.isError ? (
        <LoadError error={services.error} retry={services.refetch} />
      ) : list.length === 0 ? (
        <EmptyState title={t("You do not offer a service yet")} home={false} as="h2">
          <p>{t("Describe what you do, your price and how long it takes.")}</p>
          <div className="mt-4">{offer}</div>
        </EmptyState>
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
