import { Link } from "react-router";
import type { vendorPage } from "#domain/catalogue/index.ts";
import { ShareOnWhatsApp } from "#app/components/ShareOnWhatsApp.tsx";
import { shownName } from "#app/lib/shown-names.ts";
import { initials, replyTimeLabel } from "#shared/format.ts";
import { vendorShareText } from "#shared/share.ts";
import { VENDOR_FALLBACK } from "#shared/strings.ts";
import { m } from "#shared/paraglide/messages.js";

type Vendor = NonNullable<Awaited<ReturnType<typeof vendorPage>>>["vendor"];

/** The social links the vendor gave; one "N/A" line (the spec's fallback) when there are none, not one per network. */
function SocialLinks({ links }: { links: { facebook: string | null; instagram: string | null; website: string | null } }) {
  const given: [string, string][] = [];
  if (links.facebook) given.push(["Facebook", links.facebook]);
  if (links.instagram) given.push(["Instagram", links.instagram]);
  if (links.website) given.push([m.public_vendor_website(), links.website]);
  if (!given.length)
    return (
      <li>
        <span className="font-semibold">{m.public_vendor_social()}</span>
        {VENDOR_FALLBACK.missing}
      </li>
    );
  return given.map(([label, href]) => (
    <li key={label}>
      <span className="font-semibold">{label}: </span>
      <a href={href} target="_blank" rel="noopener noreferrer nofollow" className="break-all text-maroon-700 underline" translate="no">
        {href.replace(/^https?:\/\/(www\.)?/, "").replace(/\/$/, "")}
      </a>
    </li>
  ));
}

/**
 * The top of a public vendor page: logo or initials, name, tagline, place, the earned badges
 * (verified, reply time from real replies), WhatsApp share, and how to reach the vendor.
 */
export function VendorHeader({ vendor, name, moderate, shareUrl }: { vendor: Vendor; name: string; moderate: string | null; shareUrl: string }) {
  const reply = replyTimeLabel(vendor.reply_minutes_median);
  return (
    <header className="flex flex-col gap-5 rounded-3xl bg-white p-6 shadow-sm md:flex-row md:items-center">
      {vendor.logo_url ? (
        <img
          src={vendor.logo_url.path}
          alt={m.public_vendor_logo({ name })}
          width={112}
          height={112}
          className="h-28 w-28 shrink-0 rounded-full object-cover"
        />
      ) : (
        <span aria-hidden="true" className="grid h-28 w-28 shrink-0 place-items-center rounded-full bg-maroon-100 text-4xl font-bold text-maroon-700">
          {initials(vendor.name)}
        </span>
      )}
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        <h1 className="text-3xl font-bold md:text-4xl" translate={vendor.name ? "no" : undefined}>
          {name}
        </h1>
        {moderate && (
          <Link to={moderate} className="text-sm font-semibold text-maroon-700 underline" data-testid="moderate-vendor">
            {m.public_vendor_record()}
          </Link>
        )}
        <p className="text-lg text-ink/80" translate={vendor.tagline ? "no" : undefined}>
          {vendor.tagline || VENDOR_FALLBACK.tagline}
        </p>
        <p className="flex flex-wrap gap-x-3 gap-y-1 text-sm text-ink/80">
          <span>
            {vendor.city ? shownName(vendor.city) : VENDOR_FALLBACK.missing}, {vendor.state ? shownName(vendor.state) : VENDOR_FALLBACK.missing}
          </span>
          {vendor.is_verified && <span className="font-semibold text-emerald-800">{m.public_vendor_verified()}</span>}
          {reply && <span className="text-emerald-800">{reply}</span>}
        </p>
        <p>
          <ShareOnWhatsApp text={vendorShareText({ name, city: vendor.city })} url={shareUrl} />
        </p>
      </div>
      <ul className="flex flex-col gap-1 text-sm md:w-80">
        <li>
          <span className="font-semibold">{m.public_vendor_phone()}</span>
          {vendor.phone_number ? (
            <a href={`tel:${vendor.phone_number.replace(/\s+/g, "")}`} className="text-maroon-700 underline" translate="no">
              {vendor.phone_number}
            </a>
          ) : (
            VENDOR_FALLBACK.missing
          )}
        </li>
        <li>
          <span className="font-semibold">{m.public_vendor_email()}</span>
          {vendor.email ? (
            <a href={`mailto:${vendor.email}`} className="break-all text-maroon-700 underline" translate="no">
              {vendor.email}
            </a>
          ) : (
            VENDOR_FALLBACK.missing
          )}
        </li>
        <SocialLinks links={vendor.social_networks} />
      </ul>
    </header>
  );
}
