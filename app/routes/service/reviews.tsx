import { m } from "#shared/paraglide/messages.js";
import { SCORE_NAMES } from "./score-names.ts";
import { useEffect } from "react";
import { Link } from "react-router";
import { Stars } from "#app/components/Stars.tsx";
import { showToast } from "#app/components/Toaster.tsx";
import { Pager } from "#app/components/ui/index.ts";
import { loginPath } from "#shared/links.ts";
import { reviewCount } from "#shared/format.ts";
import { REVIEWS_PAGE_SIZE, SUB_SCORES } from "#shared/listing-limits.ts";
import { LISTING } from "#shared/listing-words.ts";
import { ReviewForm } from "./review-form.tsx";
import { ReviewItem } from "./review-item.tsx";
import { useServiceActionData } from "./service-action-data.ts";
import type { LoaderData } from "./types.ts";

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
  const actionData = useServiceActionData();
  const done =
    actionData?.ok && (actionData.intent === "review" || actionData.intent === "reply" || actionData.intent === "dispute") ? actionData.message : null;
  useEffect(() => {
    if (done) showToast("success", done);
  }, [actionData, done]);
  const hasMore = reviewsPage * REVIEWS_PAGE_SIZE < reviewSummary.count;
  return (
    <section aria-labelledby="reviews-heading" id="reviews" className="scroll-mt-4">
      <h2 id="reviews-heading" className="mb-4 text-2xl font-bold">
        {m.public_reviews()}
      </h2>
      {reviewSummary.count > 0 ? (
        <div className="mb-6 grid gap-6 rounded-2xl bg-white p-5 shadow-sm md:grid-cols-[12rem_1fr]">
          <div>
            <p className="text-5xl font-bold text-maroon-700">{reviewSummary.rating.toFixed(1)}</p>
            <Stars value={reviewSummary.rating} size="text-xl" />
            <p className="mt-1 text-sm text-ink/75">
              {m.public_reviews_verified_count({ reviews: reviewCount(reviewSummary.count), count: reviewSummary.verifiedCount })}
            </p>
          </div>
          <div className="flex flex-col gap-2" aria-label={m.public_reviews_sub_scores()}>
            {SUB_SCORES.map((s) => (
              <ScoreBar key={s.key} label={SCORE_NAMES[s.key]()} value={reviewSummary[s.key]} />
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
          <h3 className="mb-2 text-lg font-semibold">{m.public_reviews_yours()}</h3>
          <ul>
            <ReviewItem review={viewer.ownReview} canReply={false} />
          </ul>
        </div>
      )}
      <ol className="flex flex-col gap-4" aria-label={m.public_reviews_from_couples()}>
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
        previousLabel={m.public_reviews_newer()}
        nextLabel={m.public_reviews_older()}
        label={m.public_reviews_more()}
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
