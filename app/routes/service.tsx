import { isbot } from "isbot";
import { useEffect } from "react";
import { data, Form, Link, redirect, useActionData, useFetcher, useNavigation } from "react-router";
import type { Route } from "./+types/service";
import { appContext } from "#functions/page-context.ts";
import { FavoriteButton } from "#app/components/FavoriteButton.tsx";
import { Gallery } from "#app/components/Gallery.tsx";
import { ReplyNote } from "#app/components/ReplyNote.tsx";
import { ServiceCard } from "#app/components/ServiceCard.tsx";
import { Stars } from "#app/components/Stars.tsx";
import { showToast } from "#app/components/Toaster.tsx";
import { actionFailure, pagePath } from "#app/lib/action-errors.server.ts";
import type { ActionFailure } from "#app/lib/action-failure.ts";
import { loginPath, vendorPath } from "#shared/links.ts";
import { browsePath, servicePath } from "#shared/catalogue.ts";
import { readCookie } from "#platform/cookies.ts";
import { formatDate, formatRupees, initials, priceFrom, replyTimeLabel, reviewCount, unitLabel } from "#shared/format.ts";
import { LEAD_MESSAGE_MIN, REVIEW_COMMENT_MIN, REVIEW_PHOTOS_MAX, SUB_SCORES, todayInIndia } from "#shared/listing-limits.ts";
import { LISTING, pageTitle, VENDOR_FALLBACK } from "#shared/strings.ts";
import { makeLead } from "#domain/enquiries.ts";
import { mailerFor } from "#platform/mail.ts";
import { MANDAP_TEAM, REVIEW_MESSAGES, replyToReview, submitReview, updateReview, type Review } from "#domain/reviews.ts";
import { servicePage } from "#domain/service-page.ts";
import { toggleCartItem } from "#domain/shortlist.ts";
import { countView } from "#domain/views.ts";
import { formToObject } from "#domain/validation.ts";
import { chosenFiles, imageStore } from "#platform/uploads.ts";
import { readPageForm } from "#platform/request-body.ts";

/**
 * The service page, canonical at /all/{group}/{subcategory}/{state}/{city}/{id}. Wrong slugs
 * redirect (301) to the canonical path; an unknown id is a 404. Views count once a day per browser.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { env, actor } = context.get(appContext);
  const url = new URL(request.url);
  const page = Number(url.searchParams.get("reviews") ?? "1");
  const reviewsPage = Number.isInteger(page) && page >= 1 && page <= 500 ? page : 1;
  const found = await servicePage(env.DB, actor, params.id, reviewsPage);
  if (!found) throw data(null, { status: 404 });
  const { service } = found;
  const canonical = servicePath({
    id: service.id,
    serviceCategory: service.service_category,
    serviceType: service.service_type,
    state: service.state,
    city: service.city,
  });
  // Client navigations load "{path}.data": compare the page's own path.
  if (decodeURIComponent(pagePath(request).split("?")[0] ?? "") !== canonical) throw redirect(canonical + url.search, 301);

  const headers = new Headers();
  const ownerLooking = actor && actor.id === service.vendor.id;
  if (!ownerLooking && service.status === "active" && !isbot(request.headers.get("user-agent") ?? "")) {
    const setCookie = await countView(env.DB, request, "service", service.id, readCookie);
    if (setCookie) headers.append("Set-Cookie", setCookie);
  }
  return data(
    {
      ...found,
      canonical,
      origin: url.origin,
      viewerRole: actor?.role ?? null,
      today: todayInIndia(),
    },
    { headers },
  );
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { env, ctx, actor } = context.get(appContext);
  const form = await readPageForm(request);
  const intent = String(form.get("intent") ?? "");
  try {
    switch (intent) {
      case "enquire": {
        const lead = await makeLead(env.DB, actor, params.id, formToObject(form), Date.now(), mailerFor(env, ctx));
        return { ok: true as const, intent, lead };
      }
      case "review": {
        // Parse only: the domain checks every rule (and the photo count) before it stores a photo.
        const fields = formToObject(form);
        const reviewId = typeof fields.reviewId === "string" && fields.reviewId ? fields.reviewId : null;
        const files = chosenFiles(form.getAll("photos"));
        const photos = imageStore(env.MEDIA);
        if (reviewId) await updateReview(env.DB, photos, actor, params.id, reviewId, fields, files.length ? files : null);
        else await submitReview(env.DB, photos, actor, params.id, fields, files);
        // No redirect: the page's loaders run again after the action, and a same-page redirect with
        // only a hash would skip them.
        return { ok: true as const, intent, message: reviewId ? REVIEW_MESSAGES.updated : REVIEW_MESSAGES.published };
      }
      case "reply": {
        await replyToReview(env.DB, actor, params.id, String(form.get("reviewId") ?? ""), formToObject(form));
        return { ok: true as const, intent, message: REVIEW_MESSAGES.replied };
      }
      case "cart": {
        const result = await toggleCartItem(env.DB, actor, params.id);
        return { ok: true as const, intent, inCart: result.inCart, message: result.message };
      }
      default:
        return data<ActionFailure>({ ok: false, intent, message: "Unknown action.", errors: {} }, { status: 400 });
    }
  } catch (e) {
    return actionFailure(e, intent, request);
  }
}

export const meta: Route.MetaFunction = ({ loaderData }) => {
  if (!loaderData) return [{ title: pageTitle("Service not found") }];
  const { service, canonical, origin, reviewSummary } = loaderData;
  const rating = reviewSummary.count ? ` Rated ${service.rating.toFixed(1)}/5 from ${reviewCount(reviewSummary.count)}.` : "";
  const description =
    `${service.service_type} in ${service.city}, ${service.state} by ${service.vendor.name}, ${priceFrom(service.min_price, service.service_unit)}.${rating} ${service.description}`.slice(
      0,
      300,
    );
  const image = service.media[0]?.image_urls[0]?.path;
  return [
    { title: pageTitle(`${service.service_name} – ${service.service_type} in ${service.city}`) },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: `${origin}${canonical}` },
    { property: "og:title", content: service.service_name },
    { property: "og:description", content: description },
    { property: "og:type", content: "product" },
    { property: "og:url", content: `${origin}${canonical}` },
    ...(image ? [{ property: "og:image", content: `${origin}${image}` }] : []),
  ];
};

type LoaderData = Route.ComponentProps["loaderData"];

function productJsonLd(d: LoaderData) {
  const { service, reviews, reviewSummary, origin, canonical } = d;
  const json: Record<string, unknown> = {
    "@context": "https://schema.org",
    "@type": "Product",
    name: service.service_name,
    description: service.description,
    category: `${service.service_category} > ${service.service_type}`,
    image: service.media[0]?.image_urls.map((i) => `${origin}${i.path}`) ?? [],
    url: `${origin}${canonical}`,
    brand: { "@type": "Brand", name: service.vendor.name },
    offers: {
      "@type": "Offer",
      priceCurrency: "INR",
      price: service.min_price,
      url: `${origin}${canonical}`,
      availability: "https://schema.org/InStock",
      seller: {
        "@type": "LocalBusiness",
        name: service.vendor.name,
        address: { "@type": "PostalAddress", addressLocality: service.city, addressRegion: service.state, addressCountry: "IN" },
      },
    },
  };
  if (reviewSummary.count > 0) {
    json.aggregateRating = { "@type": "AggregateRating", ratingValue: reviewSummary.rating, reviewCount: reviewSummary.count, bestRating: 5, worstRating: 1 };
    json.review = reviews.slice(0, 3).map((r) => ({
      "@type": "Review",
      author: { "@type": "Person", name: r.user_name },
      datePublished: new Date(r.created_at).toISOString().slice(0, 10),
      reviewBody: r.comment,
      reviewRating: { "@type": "Rating", ratingValue: r.rating, bestRating: 5, worstRating: 1 },
    }));
  }
  // "<" escaped so the JSON can never close the script element.
  return JSON.stringify(json).replace(/</g, "\\u003c");
}

export default function ServicePage({ loaderData }: Route.ComponentProps) {
  const { service, viewer, canonical } = loaderData;
  const images = service.media[0]?.image_urls ?? [];
  return (
    <article className="container-page py-6 md:py-10">
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: productJsonLd(loaderData) }} />
      <nav aria-label="Breadcrumb" className="mb-4 text-sm text-ink/70">
        <ol className="flex flex-wrap items-center gap-1">
          {[
            { label: "All", to: "/all" },
            { label: service.service_category, to: browsePath(service.service_category) },
            { label: service.service_type, to: browsePath(service.service_category, service.service_type) },
            { label: service.state, to: browsePath(service.service_category, service.service_type, service.state) },
            { label: service.city, to: browsePath(service.service_category, service.service_type, service.state, service.city) },
          ].map((c) => (
            <li key={c.to} className="after:ml-1 after:content-['›']">
              <Link to={c.to} className="hover:text-maroon-700 hover:underline">
                {c.label}
              </Link>
            </li>
          ))}
          <li aria-current="page" className="line-clamp-1 text-ink">
            {service.service_name}
          </li>
        </ol>
      </nav>

      <header className="mb-6 flex flex-col gap-2">
        <p className="text-sm font-semibold uppercase tracking-wide text-maroon-700">{service.service_type}</p>
        <h1 className="text-3xl font-bold leading-tight md:text-4xl">{service.service_name}</h1>
        <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-ink/80">
          <span>
            {service.city}, {service.state}
          </span>
          <span aria-hidden="true">·</span>
          {service.review_count > 0 ? (
            <a href="#reviews" className="inline-flex items-center gap-1 hover:underline">
              <Stars value={service.rating} />
              <span className="font-semibold">{service.rating.toFixed(1)}</span>
              <span>({reviewCount(service.review_count)})</span>
            </a>
          ) : (
            <span>New on Mandap</span>
          )}
          {service.status !== "active" && <span className="rounded-full bg-ink/10 px-2 py-0.5 text-sm">Archived: only you can see it</span>}
        </p>
      </header>

      {/* On phones the price and enquiry come right after the photos; on wide screens they stay beside the page. */}
      <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_360px]">
        <div className="min-w-0 lg:col-start-1">
          <section aria-labelledby="gallery-heading">
            <h2 id="gallery-heading" className="sr-only">
              Photos
            </h2>
            <Gallery images={images} label={`Photos of ${service.service_name}`} />
          </section>
        </div>
        <aside className="flex flex-col gap-6 lg:sticky lg:top-4 lg:col-start-2 lg:row-span-2 lg:row-start-1 lg:self-start" aria-label="Price and enquiry">
          <div className="rounded-2xl border border-maroon-100 bg-white p-5 shadow-sm">
            <p className="text-2xl font-bold text-maroon-700">{priceFrom(service.min_price, service.service_unit)}</p>
            <p className="mt-1 text-sm text-ink/70">Final quotes depend on your date, guest count and add-ons.</p>
            <div className="mt-4 grid grid-cols-2 gap-2">
              <FavoriteButton serviceId={service.id} serviceName={service.service_name} initial={viewer.favorited} variant="button" />
              <CartButton inCart={viewer.inCart} role={loaderData.viewerRole} canonical={canonical} />
            </div>
          </div>
          <EnquiryPanel data={loaderData} />
          <VendorCard vendor={service.vendor} />
        </aside>
        <div className="flex min-w-0 flex-col gap-10 lg:col-start-1">
          <section aria-labelledby="about-heading">
            <h2 id="about-heading" className="mb-3 text-2xl font-bold">
              About this service
            </h2>
            <p className="whitespace-pre-line leading-relaxed text-ink/85">{service.description || "The vendor has not added a description yet."}</p>
            <dl className="mt-4 grid gap-3 sm:grid-cols-3">
              <div className="rounded-xl bg-white p-3 shadow-sm">
                <dt className="text-xs uppercase text-ink/70">Starting price</dt>
                <dd className="font-semibold text-maroon-700">{priceFrom(service.min_price, service.service_unit)}</dd>
              </div>
              {service.max_price && (
                <div className="rounded-xl bg-white p-3 shadow-sm">
                  <dt className="text-xs uppercase text-ink/70">Up to</dt>
                  <dd className="font-semibold">
                    {formatRupees(service.max_price)} / {unitLabel(service.service_unit)}
                  </dd>
                </div>
              )}
              <div className="rounded-xl bg-white p-3 shadow-sm">
                <dt className="text-xs uppercase text-ink/70">Category</dt>
                <dd className="font-semibold">{service.service_category}</dd>
              </div>
            </dl>
          </section>

          {service.faqs.length > 0 && (
            <section aria-labelledby="faq-heading">
              <h2 id="faq-heading" className="mb-3 text-2xl font-bold">
                Frequently asked questions
              </h2>
              <div className="divide-y divide-maroon-100 rounded-2xl border border-maroon-100 bg-white">
                {service.faqs.map((f) => (
                  <details key={f.id} className="group p-4">
                    <summary className="cursor-pointer list-none font-semibold marker:hidden">
                      <span className="flex items-center justify-between gap-3">
                        {f.question}
                        <span aria-hidden="true" className="transition-transform group-open:rotate-45">
                          +
                        </span>
                      </span>
                    </summary>
                    <p className="mt-2 text-ink/80">{f.answer}</p>
                  </details>
                ))}
              </div>
            </section>
          )}

          <ReviewsSection data={loaderData} />
        </div>
      </div>

      {loaderData.similar.length > 0 && (
        <section aria-labelledby="similar-heading" className="mt-12">
          <h2 id="similar-heading" className="mb-4 text-2xl font-bold">
            Similar {service.service_type.toLowerCase()} near {service.city}
          </h2>
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            {loaderData.similar.map((s) => (
              <li key={s.id}>
                <ServiceCard service={s} actions={<FavoriteButton serviceId={s.id} serviceName={s.service_name} />} />
              </li>
            ))}
          </ul>
        </section>
      )}
    </article>
  );
}

function CartButton({ inCart, role, canonical }: { inCart: boolean; role: string | null; canonical: string }) {
  const fetcher = useFetcher<typeof action>();
  const pending = fetcher.state !== "idle";
  const result = fetcher.data;
  const shown = result && "inCart" in result && result.ok ? result.inCart : inCart;
  useEffect(() => {
    if (result && "message" in result && result.message) showToast(result.ok ? "success" : "error", result.message);
  }, [result]);
  if (!role) {
    return (
      <Link to={loginPath(canonical)} className="btn-secondary">
        {LISTING.addToCart}
      </Link>
    );
  }
  if (role === "VENDOR") return null;
  return (
    <fetcher.Form method="post">
      <input type="hidden" name="intent" value="cart" />
      <button type="submit" className="btn-secondary w-full disabled:opacity-60" disabled={pending} aria-pressed={shown}>
        {shown ? LISTING.removeFromCart : LISTING.addToCart}
      </button>
    </fetcher.Form>
  );
}

function VendorCard({ vendor }: { vendor: LoaderData["service"]["vendor"] }) {
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
          <h2 id="vendor-heading" className="text-lg font-bold leading-snug">
            <Link to={href} className="hover:underline">
              {vendor.name || VENDOR_FALLBACK.name}
            </Link>
          </h2>
          <p className="text-sm text-ink/70">{vendor.tagline || VENDOR_FALLBACK.tagline}</p>
        </div>
      </div>
      <ul className="mt-3 flex flex-col gap-1 text-sm text-ink/80">
        <li>
          {vendor.city || VENDOR_FALLBACK.missing}, {vendor.state || VENDOR_FALLBACK.missing}
        </li>
        {vendor.is_verified && <li className="font-semibold text-emerald-800">✓ Verified vendor</li>}
        {reply && <li className="text-emerald-800">{reply}</li>}
      </ul>
      <Link to={href} className="btn-secondary mt-4 w-full">
        View vendor profile
      </Link>
    </section>
  );
}

function FieldError({ id, message }: { id: string; message?: string }) {
  if (!message) return null;
  return (
    <p id={id} className="mt-1 text-sm font-medium text-red-700">
      {message}
    </p>
  );
}

function EnquiryPanel({ data: d }: { data: LoaderData }) {
  const { service, viewer, viewerRole, canonical, today } = d;
  const fetcher = useFetcher<typeof action>();
  // Without JavaScript the form posts the whole page and the answer arrives as the page's action data.
  const pageResult = useActionData<typeof action>();
  const result = fetcher.data ?? (pageResult && pageResult.intent === "enquire" ? pageResult : undefined);
  const failure = result && !result.ok && result.intent === "enquire" ? (result as ActionFailure) : null;
  const sent = result && result.ok && "lead" in result ? result.lead : null;
  const vendorName = service.vendor.name;

  if (sent) {
    return (
      <section aria-labelledby="enquiry-heading" className="rounded-2xl border border-emerald-200 bg-emerald-50 p-5" role="status">
        <h2 id="enquiry-heading" className="text-lg font-bold text-emerald-900">
          {LISTING.enquirySent(sent.vendorName)}
        </h2>
        <h3 className="mt-3 font-semibold">{LISTING.whatNextHeading}</h3>
        <ol className="mt-2 list-decimal space-y-1 pl-5 text-sm text-ink/85">
          {LISTING.whatNext(sent.vendorName, replyTimeLabel(sent.replyMinutesMedian)).map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ol>
      </section>
    );
  }
  return (
    <section aria-labelledby="enquiry-heading" id="enquiry" className="rounded-2xl border border-maroon-100 bg-white p-5 shadow-sm">
      <h2 id="enquiry-heading" className="text-lg font-bold">
        {LISTING.enquiryHeading}
      </h2>
      {!viewerRole ? (
        <>
          <p className="mt-1 text-sm text-ink/75">Tell {vendorName} about your wedding and get a quote. It is free.</p>
          <Link to={loginPath(`${canonical}#enquiry`)} className="btn-primary mt-4 w-full">
            {LISTING.loginToEnquire}
          </Link>
        </>
      ) : viewerRole !== "USER" ? (
        <p className="mt-1 text-sm text-ink/75">Enquiries are sent by couples from their account.</p>
      ) : viewer.openEnquiry ? (
        <div className="mt-2 text-sm text-ink/85" role="status">
          <p className="font-semibold">{LISTING.enquiryOpen}</p>
          <p className="mt-1">
            Sent on {formatDate(viewer.openEnquiry.created_at)}
            {viewer.openEnquiry.event_date ? ` for ${formatDate(viewer.openEnquiry.event_date)}` : ""}. Status: {viewer.openEnquiry.status.toLowerCase()}.
          </p>
          <p className="mt-1">{vendorName} will reply to it; you can follow the conversation in your dashboard.</p>
        </div>
      ) : (
        <fetcher.Form method="post" className="mt-3 flex flex-col gap-3">
          <input type="hidden" name="intent" value="enquire" />
          {failure && failure.message && !Object.keys(failure.errors).length && (
            <p role="alert" className="rounded-lg bg-red-50 p-2 text-sm text-red-800">
              {failure.message}
            </p>
          )}
          <div>
            <label htmlFor="enquiry-message" className="text-sm font-semibold">
              Message
            </label>
            <textarea
              id="enquiry-message"
              name="message"
              required
              minLength={LEAD_MESSAGE_MIN}
              maxLength={2000}
              rows={4}
              aria-invalid={Boolean(failure?.errors.message)}
              aria-describedby={failure?.errors.message ? "enquiry-message-error" : "enquiry-message-hint"}
              placeholder="Our functions, dates and what we need…"
              className="mt-1 w-full rounded-lg border border-ink/30 p-2"
            />
            <p id="enquiry-message-hint" className="text-xs text-ink/70">
              At least {LEAD_MESSAGE_MIN} characters.
            </p>
            <FieldError id="enquiry-message-error" message={failure?.errors.message} />
          </div>
          <div className="grid grid-cols-2 gap-2">
            <div className="col-span-2">
              <label htmlFor="enquiry-date" className="text-sm font-semibold">
                Event date
              </label>
              <input
                id="enquiry-date"
                type="date"
                name="eventDate"
                min={today}
                aria-invalid={Boolean(failure?.errors.eventDate)}
                aria-describedby={failure?.errors.eventDate ? "enquiry-date-error" : undefined}
                className="mt-1 w-full rounded-lg border border-ink/30 p-2"
              />
              <FieldError id="enquiry-date-error" message={failure?.errors.eventDate} />
            </div>
            <div>
              <label htmlFor="enquiry-guests" className="text-sm font-semibold">
                Guest count
              </label>
              <input
                id="enquiry-guests"
                type="number"
                name="guestCount"
                min={1}
                max={100000}
                inputMode="numeric"
                aria-describedby={failure?.errors.guestCount ? "enquiry-guests-error" : undefined}
                className="mt-1 w-full rounded-lg border border-ink/30 p-2"
              />
              <FieldError id="enquiry-guests-error" message={failure?.errors.guestCount} />
            </div>
            <div>
              <label htmlFor="enquiry-budget" className="text-sm font-semibold">
                Budget (₹)
              </label>
              <input
                id="enquiry-budget"
                type="number"
                name="budget"
                min={0}
                step={1000}
                inputMode="numeric"
                aria-describedby={failure?.errors.budget ? "enquiry-budget-error" : undefined}
                className="mt-1 w-full rounded-lg border border-ink/30 p-2"
              />
              <FieldError id="enquiry-budget-error" message={failure?.errors.budget} />
            </div>
          </div>
          <button type="submit" className="btn-primary disabled:opacity-60" disabled={fetcher.state !== "idle"}>
            {fetcher.state !== "idle" ? "Sending…" : LISTING.enquirySubmit}
          </button>
          <p className="text-xs text-ink/70">{vendorName} sees your name and e-mail with the enquiry.</p>
        </fetcher.Form>
      )}
    </section>
  );
}

function ScoreBar({ label, value }: { label: string; value: number }) {
  return (
    <div className="grid grid-cols-[9rem_1fr_2.5rem] items-center gap-2 text-sm">
      <span>{label}</span>
      <span className="h-2 overflow-hidden rounded-full bg-maroon-100" aria-hidden="true">
        <span className="block h-full rounded-full bg-maroon-600" style={{ width: `${(value / 5) * 100}%` }} />
      </span>
      <span className="text-right font-semibold">{value.toFixed(1)}</span>
    </div>
  );
}

function ReviewsSection({ data: d }: { data: LoaderData }) {
  const { reviews, reviewSummary, reviewsPage, viewer, viewerRole, canonical, service } = d;
  const actionData = useActionDataSafe();
  const done = actionData?.ok && (actionData.intent === "review" || actionData.intent === "reply") ? actionData.message : null;
  useEffect(() => {
    if (done) showToast("success", done);
  }, [actionData, done]);
  const hasMore = reviewsPage * 10 < reviewSummary.count;
  return (
    <section aria-labelledby="reviews-heading" id="reviews" className="scroll-mt-4">
      <h2 id="reviews-heading" className="mb-4 text-2xl font-bold">
        Reviews
      </h2>
      {reviewSummary.count > 0 ? (
        <div className="mb-6 grid gap-6 rounded-2xl bg-white p-5 shadow-sm md:grid-cols-[12rem_1fr]">
          <div>
            <p className="text-5xl font-bold text-maroon-700">{reviewSummary.rating.toFixed(1)}</p>
            <Stars value={reviewSummary.rating} size="text-xl" />
            <p className="mt-1 text-sm text-ink/75">
              {reviewCount(reviewSummary.count)} · {reviewSummary.verifiedCount} from verified bookings
            </p>
          </div>
          <div className="flex flex-col gap-2" aria-label="Average sub-scores">
            {SUB_SCORES.map((s) => (
              <ScoreBar key={s.key} label={s.label} value={reviewSummary[s.key]} />
            ))}
          </div>
        </div>
      ) : (
        <p className="mb-6 text-ink/75">{LISTING.noReviews}</p>
      )}

      {done && (
        <p role="status" className="mb-4 rounded-lg bg-emerald-50 p-3 text-sm font-semibold text-emerald-900">
          {done}
        </p>
      )}
      {viewer.ownReview && (
        <div className="mb-4">
          <h3 className="mb-2 text-lg font-semibold">Your review</h3>
          <ul>
            <ReviewItem review={viewer.ownReview} canReply={false} />
          </ul>
        </div>
      )}
      <ol className="flex flex-col gap-4" aria-label="Reviews from couples">
        {reviews
          .filter((r) => r.id !== viewer.ownReview?.id)
          .map((r) => (
            <ReviewItem key={r.id} review={r} canReply={viewer.canReply} asTeam={viewerRole === "ADMIN" || viewerRole === "SUPER_ADMIN"} />
          ))}
      </ol>
      {(hasMore || reviewsPage > 1) && (
        <nav aria-label="More reviews" className="mt-4 flex gap-3">
          {reviewsPage > 1 && (
            <Link to={`${canonical}?reviews=${reviewsPage - 1}#reviews`} className="btn-secondary">
              Newer reviews
            </Link>
          )}
          {hasMore && (
            <Link to={`${canonical}?reviews=${reviewsPage + 1}#reviews`} className="btn-secondary">
              Older reviews
            </Link>
          )}
        </nav>
      )}

      <div className="mt-8">
        {!viewerRole ? (
          <Link to={loginPath(`${canonical}#review-form`)} className="btn-secondary">
            {LISTING.loginToReview}
          </Link>
        ) : viewerRole === "USER" && service.status === "active" ? (
          <ReviewForm own={viewer.ownReview} />
        ) : null}
      </div>
    </section>
  );
}

function ReviewItem({ review: r, canReply, asTeam = false }: { review: Review; canReply: boolean; asTeam?: boolean }) {
  return (
    <li className="rounded-2xl border border-maroon-100 bg-white p-5">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="flex items-center gap-3">
          <span aria-hidden="true" className="grid h-10 w-10 place-items-center rounded-full bg-marigold-300 font-bold text-ink">
            {initials(r.user_name)}
          </span>
          <div>
            <p className="font-semibold">{r.user_name}</p>
            <p className="text-xs text-ink/70">
              {r.location ? `${r.location} · ` : ""}
              {formatDate(r.created_at)}
            </p>
          </div>
        </div>
        <div className="flex items-center gap-2">
          {r.verified_booking && (
            <span className="rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-semibold text-emerald-900">✓ {LISTING.verifiedBooking}</span>
          )}
          <Stars value={r.rating} />
        </div>
      </div>
      <p className="mt-3 whitespace-pre-line leading-relaxed">{r.comment}</p>
      <dl className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-xs text-ink/75">
        {SUB_SCORES.map((s) => (
          <div key={s.key} className="flex gap-1">
            <dt>{s.label}</dt>
            <dd className="font-semibold text-ink">{r[s.key]}/5</dd>
          </div>
        ))}
      </dl>
      {r.photos.length > 0 && (
        <ul className="mt-3 flex flex-wrap gap-2" aria-label="Photos from this couple">
          {r.photos.map((p, i) => (
            <li key={p.key}>
              <a href={p.path} target="_blank" rel="noreferrer">
                <img
                  src={p.path}
                  alt={`Photo ${i + 1} from ${r.user_name}`}
                  width={96}
                  height={96}
                  loading="lazy"
                  className="h-24 w-24 rounded-lg object-cover"
                />
              </a>
            </li>
          ))}
        </ul>
      )}
      {r.reply ? (
        <ReplyNote reply={r.reply} />
      ) : (
        canReply && (
          <details className="mt-3">
            <summary className="cursor-pointer text-sm font-semibold text-maroon-700">Reply to this review</summary>
            <Form method="post" className="mt-2 flex flex-col gap-2">
              <input type="hidden" name="intent" value="reply" />
              <input type="hidden" name="reviewId" value={r.id} />
              <label htmlFor={`reply-${r.id}`} className="sr-only">
                Your reply
              </label>
              <textarea id={`reply-${r.id}`} name="reply" required maxLength={2000} rows={3} className="w-full rounded-lg border border-ink/30 p-2" />
              <button type="submit" className="btn-primary self-start">
                Publish reply
              </button>
              <p className="text-xs text-ink/70">You can reply once; couples see it under the review{asTeam ? `, signed “${MANDAP_TEAM}”` : ""}.</p>
            </Form>
          </details>
        )
      )}
    </li>
  );
}

function ReviewForm({ own }: { own: Review | null }) {
  const navigation = useNavigation();
  const actionData = useActionDataSafe();
  const failure = actionData && !actionData.ok && actionData.intent === "review" ? actionData : null;
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "review";
  return (
    <Form
      method="post"
      encType="multipart/form-data"
      id="review-form"
      className="flex flex-col gap-4 rounded-2xl border border-maroon-100 bg-white p-5"
      aria-labelledby="review-form-heading"
    >
      <h3 id="review-form-heading" className="text-xl font-bold">
        {own ? LISTING.reviewEditHeading : LISTING.reviewHeading}
      </h3>
      <input type="hidden" name="intent" value="review" />
      {own && <input type="hidden" name="reviewId" value={own.id} />}
      {failure && (
        <p role="alert" className="rounded-lg bg-red-50 p-2 text-sm text-red-800">
          {failure.message}
        </p>
      )}
      <fieldset>
        <legend className="text-sm font-semibold">Overall rating</legend>
        <div className="mt-1 flex flex-wrap gap-2">
          {[1, 2, 3, 4, 5].map((n) => (
            <label
              key={n}
              className="flex items-center gap-1 rounded-full border border-ink/30 px-3 py-1 text-sm has-checked:border-maroon-700 has-checked:bg-maroon-50"
            >
              <input type="radio" name="rating" value={n} required defaultChecked={own?.rating === n} />
              {n} {n === 1 ? "star" : "stars"}
            </label>
          ))}
        </div>
        <FieldError id="review-rating-error" message={failure?.errors.rating} />
      </fieldset>
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {SUB_SCORES.map((s) => (
          <div key={s.key}>
            <label htmlFor={`review-${s.key}`} className="text-sm font-semibold">
              {s.label}
            </label>
            <select
              id={`review-${s.key}`}
              name={s.key}
              required
              defaultValue={own ? String(own[s.key]) : ""}
              className="mt-1 w-full rounded-lg border border-ink/30 bg-white p-2"
            >
              <option value="" disabled>
                Choose 1–5
              </option>
              {[5, 4, 3, 2, 1].map((n) => (
                <option key={n} value={n}>
                  {n} – {["", "Poor", "Fair", "Good", "Very good", "Excellent"][n]}
                </option>
              ))}
            </select>
            <FieldError id={`review-${s.key}-error`} message={failure?.errors[s.key]} />
          </div>
        ))}
      </div>
      <div>
        <label htmlFor="review-comment" className="text-sm font-semibold">
          Your review
        </label>
        <textarea
          id="review-comment"
          name="comment"
          required
          minLength={REVIEW_COMMENT_MIN}
          maxLength={4000}
          rows={5}
          defaultValue={own?.comment}
          aria-describedby={failure?.errors.comment ? "review-comment-hint review-comment-error" : "review-comment-hint"}
          className="mt-1 w-full rounded-lg border border-ink/30 p-2"
        />
        <p id="review-comment-hint" className="text-xs text-ink/70">
          At least {REVIEW_COMMENT_MIN} characters: what went well, what could be better.
        </p>
        <FieldError id="review-comment-error" message={failure?.errors.comment} />
      </div>
      <div>
        <label htmlFor="review-photos" className="text-sm font-semibold">
          Photos (optional, up to {REVIEW_PHOTOS_MAX}, 5 MB each)
        </label>
        <input
          id="review-photos"
          type="file"
          name="photos"
          multiple
          accept="image/jpeg,image/png,image/webp,image/avif,image/gif"
          aria-describedby={failure?.errors.photos ? "review-photos-error" : undefined}
          className="mt-1 block w-full text-sm"
        />
        {own && own.photos.length > 0 && <p className="text-xs text-ink/70">New photos replace the {own.photos.length} you added before.</p>}
        <FieldError id="review-photos-error" message={failure?.errors.photos} />
      </div>
      <button type="submit" className="btn-primary self-start disabled:opacity-60" disabled={busy}>
        {busy ? "Saving…" : own ? LISTING.reviewUpdate : LISTING.reviewSubmit}
      </button>
    </Form>
  );
}

function useActionDataSafe() {
  return useActionData<typeof action>() as ActionFailure | { ok: true; intent: string; message?: string } | undefined;
}
