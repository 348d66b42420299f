import { useEffect } from "react";
import { Form, Link, useActionData, useNavigation } from "react-router";
import { ReplyNote } from "#app/components/ReplyNote.tsx";
import { Stars } from "#app/components/Stars.tsx";
import { showToast } from "#app/components/Toaster.tsx";
import { shrinkChosenPhotos } from "#app/lib/upload-client.ts";
import type { PageFailure } from "#app/lib/page-errors.server.ts";
import { loginPath } from "#shared/links.ts";
import { formatDate, initials, reviewCount } from "#shared/format.ts";
import { MANDAP_TEAM, REVIEW_COMMENT_MIN, REVIEW_PHOTOS_MAX, REVIEWS_PAGE_SIZE, SUB_SCORES } from "#shared/listing-limits.ts";
import { LISTING } from "#shared/strings.ts";
import { PHOTO_ACCEPT } from "#shared/service-media.ts";
import type { Review } from "#domain/catalogue/index.ts";
import { FieldError } from "./field-error.tsx";
import type { action } from "./service.server.ts";
import type { LoaderData } from "./types.ts";
import { Pager } from "#app/components/ui/index.ts";

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

export function ReviewsSection({ data: d }: { data: LoaderData }) {
  const { reviews, reviewSummary, reviewsPage, viewer, canonical, service } = d;
  const actionData = useActionDataSafe();
  const done =
    actionData?.ok && (actionData.intent === "review" || actionData.intent === "reply" || actionData.intent === "dispute") ? actionData.message : null;
  useEffect(() => {
    if (done) showToast("success", done);
  }, [actionData, done]);
  const hasMore = reviewsPage * REVIEWS_PAGE_SIZE < reviewSummary.count;
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
            <ReviewItem key={r.id} review={r} canReply={viewer.canReply} asTeam={viewer.repliesAsTeam} canDispute={viewer.canDispute} />
          ))}
      </ol>
      <Pager
        page={reviewsPage}
        hasMore={hasMore}
        href={(p) => `${canonical}?reviews=${p}#reviews`}
        previousLabel="Newer reviews"
        nextLabel="Older reviews"
        label="More reviews"
      />

      <div className="mt-8">
        {!viewer.signedIn ? (
          <Link to={loginPath(`${canonical}#review-form`)} className="btn-secondary">
            {LISTING.loginToReview}
          </Link>
        ) : viewer.canReview && service.status === "active" ? (
          <ReviewForm own={viewer.ownReview} />
        ) : null}
      </div>
    </section>
  );
}

function ReviewItem({
  review: r,
  canReply,
  asTeam = false,
  canDispute = false,
}: {
  review: Review;
  canReply: boolean;
  asTeam?: boolean;
  canDispute?: boolean;
}) {
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
      {canDispute && (
        <details className="mt-3">
          <summary className="cursor-pointer text-sm font-semibold text-maroon-700">Report this review</summary>
          <Form method="post" className="mt-2 flex flex-col gap-2">
            <input type="hidden" name="intent" value="dispute" />
            <input type="hidden" name="reviewId" value={r.id} />
            <label htmlFor={`dispute-${r.id}`} className="text-sm">
              Why should the Mandap team look at it?
            </label>
            <textarea
              id={`dispute-${r.id}`}
              name="reason"
              required
              minLength={5}
              maxLength={500}
              rows={3}
              data-raw
              className="w-full rounded-lg border border-ink/30 p-2"
            />
            <button type="submit" className="btn-secondary self-start">
              Send to the Mandap team
            </button>
            <p className="text-xs text-ink/70">The review stays on your page while the team decides.</p>
          </Form>
        </details>
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
          accept={PHOTO_ACCEPT}
          aria-describedby={failure?.errors.photos ? "review-photos-error" : undefined}
          className="mt-1 block w-full text-sm"
          onChange={(e) => void shrinkChosenPhotos(e.currentTarget)}
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
  return useActionData<typeof action>() as PageFailure | { ok: true; intent: string; message?: string } | undefined;
}
