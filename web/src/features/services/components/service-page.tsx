import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { type ReactNode, useState } from "react";
import { useTranslation } from "#client/react-i18n.tsx";
import { ListSkeleton, LoadError } from "#client/ui/list-states.tsx";
import { SERVICES_MSG, type Service, type ServiceKey } from "#shared/schemas/services.ts";
import { SkillChips } from "#web/components/market/tags.tsx";
import { Avatar } from "#web/components/ui/avatar.tsx";
import { EmptyState } from "#web/components/ui/empty-state.tsx";
import { ApiError } from "#web/lib/api.ts";
import { formatRelative } from "#web/lib/format.ts";
import { formatCents } from "#web/lib/market/format.ts";
import { JOB_CATEGORY_LABEL } from "#web/lib/market/labels.ts";
import { useMe } from "#web/lib/session.ts";
import { openModal } from "#web/modals.tsx";
import { serviceQueryOptions } from "../queries";
import { ServiceCover } from "./service-card";

/** /service/{username}/{slug}: one service. A paused one is "not found" to everyone but its owner. */
export function ServicePage({
  username,
  slug,
  orderButton,
}: {
  username: string;
  slug: string;
  /** The order button (the payments feature's), put in by the route. */
  orderButton: (service: ServiceKey) => ReactNode;
}) {
  const { t } = useTranslation();
  const service = useQuery(serviceQueryOptions(username, slug));
  if (service.isPending) return <ListSkeleton rows={2} height="h-48" />;
  if (service.isError) {
    if (service.error instanceof ApiError && service.error.status === 404)
      return (
        <EmptyState title={t(SERVICES_MSG.serviceNotFound)}>
          <Link to="/services" className="btn btn-outline">
            {t("Services")}
          </Link>
        </EmptyState>
      );
    return <LoadError error={service.error} retry={service.refetch} />;
  }
  return <ServiceDetails service={service.data} orderButton={orderButton} />;
}

function ServiceDetails({
  service,
  orderButton,
}: {
  service: Service;
  orderButton: (service: ServiceKey) => ReactNode;
}) {
  const { t } = useTranslation();
  const { isSignedIn } = useMe();
  const [shown, setShown] = useState(0);
  const image = service.images[shown];
  return (
    <article
      className="mx-auto flex max-w-3xl flex-col gap-4"
      aria-labelledby="service-title"
      data-testid="service-page"
    >
      {!service.is_active && service.user_is_owner ? (
        <p role="status" className="card px-4 py-3 text-sm">
          {t("This service is paused: only you can see it.")}{" "}
          <Link to="/services/manage" className="font-medium text-[var(--accent)] hover:underline">
            {t("Manage Services")}
          </Link>
        </p>
      ) : null}
      <div className="card overflow-hidden">
        {image ? (
          <img
            src={image}
            alt=""
            className="aspect-[16/9] w-full bg-[var(--media-letterbox)] object-contain"
          />
        ) : (
          <ServiceCover service={service} className="aspect-[3/1] w-full" />
        )}
        {service.images.length > 1 ? (
          <fieldset className="flex gap-2 p-3">
            <legend className="sr-only">{t("Pictures")}</legend>
            {service.images.map((src, i) => (
              <button
                key={src}
                type="button"
                onClick={() => setShown(i)}
                aria-label={t("Picture {{n}}", { n: i + 1 })}
                aria-pressed={i === shown}
                className={`overflow-hidden rounded-lg border-2 ${i === shown ? "border-[var(--accent)]" : "border-transparent"}`}
              >
                <img src={src} alt="" className="size-14 object-cover" />
              </button>
            ))}
          </fieldset>
        ) : null}
      </div>

      <div className="grid gap-4 md:grid-cols-[1fr_16rem]">
        <section className="card flex min-w-0 flex-col gap-3 p-4 sm:p-6">
          <p className="text-xs font-semibold tracking-wide text-[var(--muted)] uppercase">
            {t(JOB_CATEGORY_LABEL[service.category])}
          </p>
          <h1 id="service-title" className="text-2xl leading-tight font-bold break-words">
            {service.title}
          </h1>
          <Link
            to="/user/$username"
            params={{ username: service.owner.username }}
            className="inline-flex items-center gap-2 self-start text-sm hover:underline"
          >
            <Avatar src={service.owner.profile_image} name={service.owner.username} size={28} />
            <span>
              <span className="font-medium">{service.owner.profile_name || service.owner.username}</span>{" "}
              <span className="text-[var(--muted)]">u/{service.owner.username}</span>
            </span>
          </Link>
          <p
            className="text-sm leading-relaxed break-words whitespace-pre-line"
            data-testid="service-description"
          >
            {service.description}
          </p>
          {service.skills.length ? (
            <div>
              <h2 className="mb-2 text-sm font-semibold">{t("Skills")}</h2>
              <SkillChips skills={service.skills} label={t("Skills")} />
            </div>
          ) : null}
          <p className="text-xs text-[var(--muted)]">
            {t("Listed {{when}}", { when: formatRelative(service.created_at) })}
          </p>
        </section>

        <aside className="card flex h-fit flex-col gap-3 p-4" aria-label={t("Order")}>
          <p className="text-3xl font-bold" data-testid="service-price">
            {formatCents(service.price)}
          </p>
          <p className="text-sm text-[var(--muted)]">
            {t(service.delivery_days === 1 ? "Delivery in 1 day" : "Delivery in {{count}} days", {
              count: service.delivery_days,
            })}
          </p>
          {service.user_is_owner ? (
            <Link to="/services/manage" className="btn btn-outline">
              {t("Manage Services")}
            </Link>
          ) : (
            <>
              {isSignedIn ? (
                <Link
                  to="/chat/thread/new/$username"
                  params={{ username: service.owner.username }}
                  className="btn btn-outline"
                >
                  {t("Message")}
                </Link>
              ) : (
                <button type="button" className="btn btn-outline" onClick={() => openModal("LOGIN")}>
                  {t("Message")}
                </button>
              )}
              {orderButton({ username: service.owner.username, slug: service.slug })}
            </>
          )}
        </aside>
      </div>
    </article>
  );
}
