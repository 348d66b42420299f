import { Link } from "react-router";
import { vendorPath } from "#shared/links.ts";
import { initials, replyTimeLabel } from "#shared/format.ts";
import { VENDOR_FALLBACK } from "#shared/strings.ts";
import type { LoaderData } from "./types.ts";
import { shownName } from "#app/lib/shown-names.ts";
import { m } from "#shared/paraglide/messages.js";

export function VendorCard({ vendor }: { vendor: LoaderData["service"]["vendor"] }) {
  const href = vendorPath({ slug: vendor.slug, city: vendor.city });
  const reply = replyTimeLabel(vendor.reply_minutes_median);
  return (
    <section aria-labelledby="vendor-heading" className="rounded-2xl border border-maroon-100 bg-white p-5 shadow-sm">
      <div className="flex items-center gap-3">
        {vendor.logo_url ? (
          <img src={vendor.logo_url.path} alt="" width={56} height={56} className="h-14 w-14 rounded-full object-cover" />
        ) : (
          <span aria-hidden="true" className="grid h-14 w-14 place-items-center rounded-full bg-maroon-100 text-lg font-bold text-maroon-700">
            {initials(vendor.name)}
          </span>
        )}
        <div className="min-w-0">
          <h2 id="vendor-heading" className="text-lg font-bold leading-snug" translate={vendor.name ? "no" : undefined}>
            <Link to={href} className="hover:underline">
              {vendor.name || VENDOR_FALLBACK.name}
            </Link>
          </h2>
          <p className="text-sm text-ink/70" translate={vendor.tagline ? "no" : undefined}>
            {vendor.tagline || VENDOR_FALLBACK.tagline}
          </p>
        </div>
      </div>
      <ul className="mt-3 flex flex-col gap-1 text-sm text-ink/80">
        <li>
          {vendor.city ? shownName(vendor.city) : VENDOR_FALLBACK.missing}, {vendor.state ? shownName(vendor.state) : VENDOR_FALLBACK.missing}
        </li>
        {vendor.is_verified && <li className="font-semibold text-emerald-800">{m.public_vendor_verified()}</li>}
        {reply && <li className="text-emerald-800">{reply}</li>}
      </ul>
      <Link to={href} className="btn-secondary mt-4 w-full">
        {m.public_vendor_card_view()}
      </Link>
    </section>
  );
}
