import { m } from "#shared/paraglide/messages.js";
import { SCORE_NAMES } from "./score-names.ts";
import { Form } from "react-router";
import { ReplyNote } from "#app/components/ReplyNote.tsx";
import { Stars } from "#app/components/Stars.tsx";
import { TextArea } from "#app/components/ui/index.ts";
import { formatDate, initials } from "#shared/format.ts";
import { MANDAP_TEAM, SUB_SCORES } from "#shared/listing-limits.ts";
import type { Review } from "#domain/catalogue/index.ts";

/** One review on the service page, with the vendor's (or the team's) reply form and the vendor's "Report this review". */
export function ReviewItem({
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
            <p className="font-semibold" translate="no">
              {r.user_name}
            </p>
            <p className="text-xs text-ink/70">
              {r.location ? <span translate="no">{`${r.location} · `}</span> : ""}
              {formatDate(r.created_at)}
            </p>
          </div>
        </div>
        <div className="flex items-center gap-2">
          {r.verified_booking && (
            <span className="rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-semibold text-emerald-900">✓ {m.public_home_verified_booking()}</span>
          )}
          <Stars value={r.rating} />
        </div>
      </div>
      <p className="mt-3 whitespace-pre-line leading-relaxed" translate="no">
        {r.comment}
      </p>
      <dl className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-xs text-ink/75">
        {SUB_SCORES.map((s) => (
          <div key={s.key} className="flex gap-1">
            <dt>{SCORE_NAMES[s.key]()}</dt>
            <dd className="font-semibold text-ink">{r[s.key]}/5</dd>
          </div>
        ))}
      </dl>
      {r.photos.length > 0 && (
        <ul className="mt-3 flex flex-wrap gap-2" aria-label={m.public_review_photos()}>
          {r.photos.map((p, i) => (
            <li key={p.key}>
              <a href={p.path} target="_blank" rel="noreferrer">
                <img
                  src={p.path}
                  alt={m.public_review_photo({ number: i + 1, name: r.user_name })}
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
            <summary className="cursor-pointer text-sm font-semibold text-maroon-700">{m.public_review_reply()}</summary>
            <Form method="post" className="mt-2 flex flex-col gap-2">
              <input type="hidden" name="intent" value="reply" />
              <input type="hidden" name="reviewId" value={r.id} />
              <TextArea
                id={`reply-${r.id}`}
                name="reply"
                label={<span className="sr-only">{m.public_review_your_reply()}</span>}
                required
                maxLength={2000}
                rows={3}
              />
              <button type="submit" className="btn-primary self-start">
                {m.public_review_publish_reply()}
              </button>
              <p className="text-xs text-ink/70">{asTeam ? m.public_review_reply_once_team({ team: MANDAP_TEAM }) : m.public_review_reply_once()}</p>
            </Form>
          </details>
        )
      )}
      {canDispute && (
        <details className="mt-3">
          <summary className="cursor-pointer text-sm font-semibold text-maroon-700">{m.public_review_report()}</summary>
          <Form method="post" className="mt-2 flex flex-col gap-2">
            <input type="hidden" name="intent" value="dispute" />
            <input type="hidden" name="reviewId" value={r.id} />
            <TextArea id={`dispute-${r.id}`} name="reason" label={m.public_review_report_why()} required minLength={5} maxLength={500} rows={3} />
            <button type="submit" className="btn-secondary self-start">
              {m.public_review_report_send()}
            </button>
            <p className="text-xs text-ink/70">{m.public_review_report_stays()}</p>
          </Form>
        </details>
      )}
    </li>
  );
}
