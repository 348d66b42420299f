import type { vendorPage } from "#domain/catalogue/index.ts";
import { ReplyNote } from "#app/components/ReplyNote.tsx";
import { Stars } from "#app/components/Stars.tsx";
import { formatDate } from "#shared/format.ts";
import { m } from "#shared/paraglide/messages.js";

type Testimonial = NonNullable<Awaited<ReturnType<typeof vendorPage>>>["testimonials"][number];

/** Testimonials shown before "Show all": enough to judge, short enough for a phone. */
const TESTIMONIALS_SHOWN = 4;

function TestimonialCard({ t }: { t: Testimonial }) {
  return (
    <li className="flex flex-col gap-2 rounded-2xl border border-maroon-100 bg-white p-5">
      <div className="flex items-center justify-between gap-2">
        <p className="font-semibold" translate="no">
          {t.user_name}
        </p>
        <Stars value={t.rating} />
      </div>
      <p className="text-xs text-ink/70">
        {t.location ? <span translate="no">{`${t.location} · `}</span> : ""}
        {formatDate(t.created_at)} · <span translate="no">{t.service_name}</span>
        {t.verified_booking ? ` · ✓ ${m.public_home_verified_booking()}` : ""}
      </p>
      <blockquote className="leading-relaxed" translate="no">
        {t.comment}
      </blockquote>
      {t.reply && <ReplyNote reply={t.reply} />}
    </li>
  );
}

/** The vendor's published reviews across their services: four, then "Show all" (works without JavaScript). */
export function VendorTestimonials({ testimonials }: { testimonials: Testimonial[] }) {
  return (
    <section id="testimonials" aria-labelledby="testimonials-heading" className="mt-10 scroll-mt-16">
      <h2 id="testimonials-heading" className="mb-3 text-2xl font-bold">
        {m.public_vendor_testimonials()}
      </h2>
      {testimonials.length ? (
        <>
          <ul className="grid gap-4 md:grid-cols-2">
            {testimonials.slice(0, TESTIMONIALS_SHOWN).map((t) => (
              <TestimonialCard key={t.id} t={t} />
            ))}
          </ul>
          {testimonials.length > TESTIMONIALS_SHOWN && (
            <details className="group mt-4">
              <summary className="btn-secondary cursor-pointer list-none group-open:hidden">{m.public_vendor_show_all({ count: testimonials.length })}</summary>
              <ul className="grid gap-4 md:grid-cols-2">
                {testimonials.slice(TESTIMONIALS_SHOWN).map((t) => (
                  <TestimonialCard key={t.id} t={t} />
                ))}
              </ul>
            </details>
          )}
        </>
      ) : (
        <p className="text-ink/75">{m.public_vendor_no_testimonials()}</p>
      )}
    </section>
  );
}
