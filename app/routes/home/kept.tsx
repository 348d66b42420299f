import { KeptLink } from "#app/components/KeptFromServer.tsx";
import { ALL_SUBCATEGORIES, browsePath, CATALOGUE } from "#shared/catalogue.ts";
import { getLocale } from "#shared/locale.ts";
import { m } from "#shared/paraglide/messages.js";
import type { Route } from "./+types/route";

/**
 * The home page's sections that run nothing in the browser: words, pictures, links and the
 * categories' <details>. The page keeps the server's HTML for them (keptFromServer), so this module
 * is loaded only when the home page is reached by a client-side navigation (docs/decisions/0053).
 */
type Home = Route.ComponentProps["loaderData"];
type Text = Home["text"];

export function Popular({ popular }: { popular: Home["popular"] }) {
  return (
    <ul className="flex flex-wrap gap-2">
      {popular.map((p) => (
        <li key={p.label}>
          <KeptLink
            to={p.href}
            className="inline-block rounded-full border border-maroon-100 bg-white px-4 py-2 text-sm font-medium hover:border-maroon-600 hover:text-maroon-700"
          >
            {p.label}
          </KeptLink>
        </li>
      ))}
    </ul>
  );
}

export function About({ text }: { text: Text }) {
  return (
    <>
      <p className="text-ink/80">{text.aboutText}</p>
      <KeptLink to="/browse" className="btn-secondary mt-5">
        {text.discover}
      </KeptLink>
    </>
  );
}

export function Vendors({ text }: { text: Text }) {
  return (
    <div className="flex flex-col items-start gap-4 rounded-2xl bg-gradient-to-r from-marigold-400 to-marigold-300 p-6 md:flex-row md:items-center md:justify-between md:p-8">
      <div>
        <p className="text-sm font-semibold uppercase tracking-wider text-maroon-800">{text.vendorsLabel}</p>
        <p className="mt-1 font-display text-2xl font-bold text-maroon-900">{text.vendorsTitle}</p>
        <p className="mt-1 text-maroon-900/85">{text.vendorsText}</p>
      </div>
      <KeptLink to="/vendorSignup" className="btn-primary">
        {text.vendorsAction}
      </KeptLink>
    </div>
  );
}

export function Categories() {
  const hindi = getLocale() === "hi";
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
      {CATALOGUE.map((g) => (
        <li key={g.slug} className="overflow-hidden rounded-2xl border border-maroon-100 bg-white shadow-sm" data-testid="category-card">
          <img src={`/images/categories/${g.slug}.svg`} alt="" width={800} height={600} loading="lazy" className="aspect-[4/3] w-full object-cover" />
          <details className="group p-4">
            <summary className="flex cursor-pointer list-none items-center justify-between gap-2 [&::-webkit-details-marker]:hidden">
              <span className="font-display text-xl font-semibold">{hindi ? g.hi : g.name}</span>
              <span
                aria-hidden="true"
                className="grid h-8 w-8 place-items-center rounded-full bg-maroon-700 text-lg leading-none text-white transition-transform group-open:rotate-45"
              >
                +
              </span>
              <span className="sr-only">{m.public_home_show_group({ group: hindi ? g.hi : g.name })}</span>
            </summary>
            <ul className="mt-3 grid gap-1">
              {g.subcategories.map((s) => (
                <li key={s.slug}>
                  <KeptLink to={browsePath(g.name, s.name)} className="block rounded-md px-2 py-1 text-sm hover:bg-maroon-50 hover:text-maroon-700">
                    {hindi ? s.hi : s.name}
                  </KeptLink>
                </li>
              ))}
            </ul>
          </details>
          <KeptLink to={browsePath(g.name)} className="mx-4 mb-4 inline-block text-sm font-semibold text-maroon-700 underline-offset-4 hover:underline">
            {m.public_home_group_all({ group: hindi ? g.hi : g.name.toLowerCase() })}
          </KeptLink>
        </li>
      ))}
    </ul>
  );
}

export function Destination({ text, phone }: { text: Text; phone: string }) {
  return (
    <div className="relative isolate overflow-hidden rounded-2xl text-white">
      <img src="/images/hero/hero-4.svg" alt="" width={1600} height={900} loading="lazy" className="absolute inset-0 -z-10 h-full w-full object-cover" />
      <div className="absolute inset-0 -z-10 bg-maroon-900/80" />
      <div className="p-8 md:p-12">
        <h2 id="destination-title" className="text-3xl font-bold md:text-4xl">
          {text.destinationTitle}
        </h2>
        <p className="mt-2 max-w-xl text-white/90">{text.destinationText}</p>
        <a href={`tel:${phone.replace(/\s/g, "")}`} className="btn mt-5 bg-marigold-400 text-maroon-900 hover:bg-marigold-300" data-testid="destination-phone">
          {m.public_home_call({ phone })}
        </a>
      </div>
    </div>
  );
}

export function Testimonials({ text, testimonials }: { text: Text; testimonials: Home["testimonials"] }) {
  return (
    <>
      {testimonials.length === 0 ? (
        <p className="text-ink/70">{text.testimonialsEmpty}</p>
      ) : (
        <ul className="grid gap-4 md:grid-cols-3">
          {testimonials.map((t) => (
            <li key={t.id}>
              <figure className="flex h-full flex-col rounded-2xl border border-maroon-100 bg-white p-5 shadow-sm">
                <p className="text-marigold-500">
                  <span aria-hidden="true">{"★".repeat(t.rating)}</span>
                  <span className="sr-only">{m.public_home_rated({ rating: t.rating })}</span>
                </p>
                <blockquote translate="no" className="mt-2 line-clamp-5 flex-1 text-sm text-ink/85">
                  “{t.comment}”
                </blockquote>
                <figcaption className="mt-3 text-sm">
                  <span className="font-semibold" translate="no">
                    {t.author}
                  </span>
                  <span className="text-ink/70">
                    {" "}
                    · <span translate="no">{t.serviceName}</span>, {t.city}
                  </span>
                  {t.verifiedBooking && (
                    <span className="ml-2 rounded-full bg-emerald-50 px-2 py-0.5 text-xs text-emerald-800">{m.public_home_verified_booking()}</span>
                  )}
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

/** The hero search's vendor suggestions. The search understands the catalogue's Hindi names (shared/search-words.ts), so a Hindi page suggests them. */
export function VendorOptions() {
  const hindi = getLocale() === "hi";
  return (
    <datalist id="hero-vendor-options">
      {ALL_SUBCATEGORIES.map((s) => (
        <option key={`${s.group.slug}-${s.slug}`} value={hindi ? s.hi : s.name}>
          {hindi ? s.group.hi : s.group.name}
        </option>
      ))}
    </datalist>
  );
}
