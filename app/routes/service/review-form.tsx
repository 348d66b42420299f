import { m } from "#shared/paraglide/messages.js";
import { SCORE_NAMES } from "./score-names.ts";
import { Form, useNavigation } from "react-router";
import { FormAlert, Select, TextArea } from "#app/components/ui/index.ts";
import { FieldFrame, useFieldWiring } from "#app/components/ui/field-wiring.tsx";
import { shrinkChosenPhotos } from "#app/lib/upload-client.ts";
import { REVIEW_COMMENT_MIN, REVIEW_PHOTOS_MAX, SUB_SCORES } from "#shared/listing-limits.ts";
import { LISTING } from "#shared/listing-words.ts";
import { PHOTO_ACCEPT } from "#shared/service-media.ts";
import type { Review } from "#domain/catalogue/index.ts";
import { useServiceActionData } from "./service-action-data.ts";

/**
 * The couple's review form on the service page (write, or edit their own): an overall rating, the
 * five sub-scores, the words and up to REVIEW_PHOTOS_MAX photos (made smaller in the browser
 * first). A refusal shows beside its field, wired by the UI primitives (decision 0038).
 */
export function ReviewForm({ own }: { own: Review | null }) {
  const navigation = useNavigation();
  const actionData = useServiceActionData();
  const failure = actionData && !actionData.ok && actionData.intent === "review" ? actionData : null;
  const rating = useFieldWiring({ error: failure?.errors.rating }, { id: "review-rating", name: "rating" });
  const photos = useFieldWiring({ error: failure?.errors.photos }, { id: "review-photos", name: "photos" });
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
      <FormAlert message={failure?.message} className="mb-0" />
      <fieldset aria-describedby={rating.aria["aria-describedby"]}>
        <legend className="text-sm font-medium">{m.public_review_overall()}</legend>
        <FieldFrame wiring={rating} hint={undefined} className="mt-1">
          <div className="flex flex-wrap gap-2">
            {[1, 2, 3, 4, 5].map((n) => (
              <label
                key={n}
                className="flex items-center gap-1 rounded-full border border-ink/30 px-3 py-1 text-sm has-checked:border-maroon-700 has-checked:bg-maroon-50"
              >
                <input type="radio" name="rating" value={n} required defaultChecked={own?.rating === n} />
                {m.public_review_stars({ count: n })}
              </label>
            ))}
          </div>
        </FieldFrame>
      </fieldset>
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {SUB_SCORES.map((s) => (
          <Select
            key={s.key}
            id={`review-${s.key}`}
            name={s.key}
            label={SCORE_NAMES[s.key]()}
            required
            defaultValue={own ? String(own[s.key]) : ""}
            error={failure?.errors[s.key]}
          >
            <option value="" disabled>
              {m.public_review_choose()}
            </option>
            {[5, 4, 3, 2, 1].map((n) => (
              <option key={n} value={n}>
                {n} – {[m.public_review_poor, m.public_review_fair, m.public_review_good, m.public_review_very_good, m.public_review_excellent][n - 1]!()}
              </option>
            ))}
          </Select>
        ))}
      </div>
      <TextArea
        id="review-comment"
        name="comment"
        label={m.public_review_comment()}
        required
        minLength={REVIEW_COMMENT_MIN}
        maxLength={4000}
        rows={5}
        defaultValue={own?.comment}
        hint={m.public_review_comment_hint({ min: REVIEW_COMMENT_MIN })}
        error={failure?.errors.comment}
      />
      <FieldFrame
        wiring={photos}
        label={m.public_review_photos_label({ max: REVIEW_PHOTOS_MAX })}
        hint={own && own.photos.length > 0 ? m.public_review_photos_replace({ count: own.photos.length }) : undefined}
        className={undefined}
      >
        <input
          id={photos.id}
          type="file"
          name="photos"
          multiple
          accept={PHOTO_ACCEPT}
          {...photos.aria}
          className="block w-full text-sm"
          onChange={(e) => void shrinkChosenPhotos(e.currentTarget)}
        />
      </FieldFrame>
      <button type="submit" className="btn-primary self-start disabled:opacity-60" disabled={busy}>
        {busy ? m.public_review_saving() : own ? LISTING.reviewUpdate : LISTING.reviewSubmit}
      </button>
    </Form>
  );
}
