import { Link } from "react-router";
import type { ServiceCardData } from "#domain/catalogue/index.ts";
import { servicePath } from "#shared/browse-paths.ts";
import { priceFrom, replyTimeLabel, reviewCount } from "#shared/format.ts";
import { m } from "#shared/paraglide/messages.js";
import { shownName } from "#app/lib/shown-names.ts";

/**
 * A service as every list shows it: cover image (sized, lazy unless `eager`), name, vendor and
 * place, rating, "from ₹1,200 / plate" and the vendor's reply-time badge. `actions` is a slot for
 * controls such as the wishlist heart, drawn over the image.
 */
export function ServiceCard({
  service,
  eager = false,
  priority = false,
  actions,
}: {
  service: ServiceCardData;
  eager?: boolean;
  /** The list's first card: its image is fetched first (the largest thing on a phone's first screen). */
  priority?: boolean;
  actions?: React.ReactNode;
}) {
  const href = servicePath({
    id: service.id,
    serviceCategory: service.service_category,
    serviceType: service.service_type,
    state: service.state,
    city: service.city,
  });
  const cover = service.media[0]?.image_urls[0]?.path;
  const reply = replyTimeLabel(service.vendor.reply_minutes_median);
  return (
    <article className="group relative flex h-full flex-col overflow-hidden rounded-2xl border border-maroon-100 bg-white shadow-sm transition-shadow hover:shadow-md">
      <div className="relative aspect-[3/2] overflow-hidden bg-maroon-50">
        {cover && (
          <img
            src={cover}
            alt=""
            width={600}
            height={400}
            loading={eager || priority ? "eager" : "lazy"}
            fetchPriority={priority ? "high" : undefined}
            decoding={priority ? undefined : "async"}
            className="h-full w-full object-cover transition-transform duration-300 group-hover:scale-105"
          />
        )}
        {service.featured && (
          <p
            className="absolute left-2 top-2 rounded-full bg-white/95 px-2 py-0.5 text-xs font-semibold text-maroon-700 shadow-sm"
            title={m.public_card_featured_title()}
          >
            {m.public_card_featured()}
          </p>
        )}
        {actions && <div className="absolute right-2 top-2 z-10">{actions}</div>}
      </div>
      <div className="flex flex-1 flex-col gap-1 p-4">
        <p className="text-xs font-medium uppercase tracking-wide text-maroon-600">{shownName(service.service_type)}</p>
        <h3 className="font-sans text-base font-semibold leading-snug">
          <Link to={href} translate="no" className="after:absolute after:inset-0 after:content-[''] focus:outline-none">
            {service.service_name}
          </Link>
        </h3>
        <p className="text-sm text-ink/70">
          <span translate="no">{service.vendor.name}</span> · {shownName(service.city)}, {shownName(service.state)}
        </p>
        <p className="mt-1 flex items-center gap-1 text-sm">
          {service.review_count > 0 ? (
            <>
              <span aria-hidden="true" className="text-marigold-500">
                ★
              </span>
              <span className="font-semibold">{service.rating.toFixed(1)}</span>
              <span className="text-ink/70">({reviewCount(service.review_count)})</span>
            </>
          ) : (
            <span className="text-ink/70">{m.public_card_new()}</span>
          )}
        </p>
        <p className="mt-auto pt-2 font-semibold text-maroon-700">{priceFrom(service.min_price, service.service_unit)}</p>
        {reply && <p className="text-xs text-emerald-700">{reply}</p>}
      </div>
    </article>
  );
}
