import { Link } from "@tanstack/react-router";
import type { ReactNode } from "react";
import { useTranslation } from "#client/react-i18n.tsx";
import type { Service } from "#shared/schemas/services.ts";
import { Avatar } from "#web/components/ui/avatar.tsx";
import { formatCents } from "#web/lib/market/format.ts";
import { JOB_CATEGORY_LABEL } from "#web/lib/market/labels.ts";
import { CategoryArt } from "./category-art";

/** A service's first picture, or its category's art when it has none. */
export function ServiceCover({ service, className = "" }: { service: Service; className?: string }) {
  const src = service.images[0];
  if (src) return <img src={src} alt="" loading="lazy" className={`object-cover ${className}`} />;
  return <CategoryArt category={service.category} className={`block ${className}`} />;
}

/**
 * A service in a list: picture, title leading to its page, the provider, price and delivery. On a
 * phone the picture is a square thumbnail beside the text, so a card takes a few lines, not a screen.
 */
export function ServiceCard({ service, footer }: { service: Service; footer?: ReactNode }) {
  const { t } = useTranslation();
  const titleId = `service-${service.username}-${service.slug}`;
  return (
    <article
      className="card flex h-full flex-row overflow-hidden sm:flex-col"
      data-testid="service-card"
      aria-labelledby={titleId}
    >
      <Link
        to="/service/$username/$slug"
        params={{ username: service.username, slug: service.slug }}
        tabIndex={-1}
        aria-hidden="true"
        className="shrink-0 self-start p-3 pe-0 sm:self-auto sm:p-0"
      >
        <ServiceCover
          service={service}
          className="size-20 rounded-lg sm:aspect-[16/9] sm:size-auto sm:w-full sm:rounded-none"
        />
      </Link>
      <div className="flex min-w-0 flex-1 flex-col gap-1.5 p-3 sm:gap-2 sm:p-4">
        <p className="flex min-w-0 items-center gap-1.5 text-xs text-[var(--muted)]">
          <Avatar src={service.owner.profile_image} name={service.owner.username} size={18} />
          <span className="truncate">
            u/{service.owner.username} · {t(JOB_CATEGORY_LABEL[service.category])}
          </span>
        </p>
        <h2 id={titleId} className="leading-snug font-semibold break-words">
          <Link
            to="/service/$username/$slug"
            params={{ username: service.username, slug: service.slug }}
            className="hover:underline"
          >
            {service.title}
          </Link>
        </h2>
        <div className="mt-auto flex items-end justify-between gap-2 pt-1">
          <span className="text-xs text-[var(--muted)]">
            {t(service.delivery_days === 1 ? "Delivery in 1 day" : "Delivery in {{count}} days", {
              count: service.delivery_days,
            })}
          </span>
          <span className="text-base font-bold sm:text-lg" data-testid="service-price">
            {formatCents(service.price)}
          </span>
        </div>
        {footer}
      </div>
    </article>
  );
}
