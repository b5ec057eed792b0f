import { Link } from "@tanstack/react-router";
import type { ReactNode } from "react";
import { useTranslation } from "#client/react-i18n.tsx";
import type { Service } from "#shared/schemas/services.ts";
import { Avatar } from "#web/components/ui/avatar.tsx";
import { formatCents } from "#web/features/jobs/format.ts";
import { JOB_CATEGORY_LABEL } from "#web/features/jobs/labels.ts";

/** A service's first picture, or a tile with its initial when it has none. */
export function ServiceCover({ service, className = "" }: { service: Service; className?: string }) {
  const src = service.images[0];
  if (src) return <img src={src} alt="" loading="lazy" className={`object-cover ${className}`} />;
  const hue = [...service.title].reduce((h, ch) => (h * 31 + ch.charCodeAt(0)) % 360, 3);
  return (
    <div
      aria-hidden="true"
      style={{ background: `linear-gradient(135deg, hsl(${hue} 55% 40%), hsl(${(hue + 50) % 360} 55% 30%))` }}
      className={`grid place-items-center text-4xl font-bold text-white uppercase ${className}`}
    >
      {service.title.slice(0, 1)}
    </div>
  );
}

/** A service in a list: picture, title leading to its page, the provider, price and delivery. */
export function ServiceCard({ service, footer }: { service: Service; footer?: ReactNode }) {
  const { t } = useTranslation();
  const titleId = `service-${service.username}-${service.slug}`;
  return (
    <article
      className="card flex h-full flex-col overflow-hidden"
      data-testid="service-card"
      aria-labelledby={titleId}
    >
      <Link
        to="/service/$username/$slug"
        params={{ username: service.username, slug: service.slug }}
        tabIndex={-1}
        aria-hidden="true"
      >
        <ServiceCover service={service} className="aspect-[16/9] w-full" />
      </Link>
      <div className="flex flex-1 flex-col gap-2 p-4">
        <p className="flex items-center gap-1.5 text-xs text-[var(--muted)]">
          <Avatar src={service.owner.profile_image} name={service.owner.username} size={18} />
          u/{service.owner.username} · {t(JOB_CATEGORY_LABEL[service.category])}
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
          <span className="text-lg font-bold" data-testid="service-price">
            {formatCents(service.price)}
          </span>
        </div>
        {footer}
      </div>
    </article>
  );
}
