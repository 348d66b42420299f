import { Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/review-disputes";
import { pageAction, type IntentCall } from "#app/lib/page-action.server.ts";
import { ACCESS } from "#domain/core/index.ts";
import { decideDispute, openDisputes } from "#domain/admin/index.ts";
import { appContext } from "#functions/page-context.ts";
import { formatDate } from "#shared/format.ts";
import { pageTitle } from "#shared/strings.ts";
import { Field, FormAlert } from "#app/components/ui/index.ts";

/**
 * /admin/review-disputes: reviews vendors asked the team to look at, oldest first. Keep (the review
 * stays) or Hide (it leaves the page and the rating), each with a reason; once per dispute. The
 * rules are functions/domain/admin/disputed-reviews.ts's, the same as POST /admin/review-disputes/{id}/keep|hide.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const { domain } = context.get(appContext);
  return { disputes: await openDisputes(domain) };
}

/** Keep or Hide, once per dispute; a refusal names the dispute whose form was sent (the page shows it under that form). */
const decide = async ({ domain, fields, intent }: IntentCall) => {
  const id = typeof fields.disputeId === "string" ? fields.disputeId : "";
  return { ok: true as const, ...(await decideDispute(domain, id, intent as "keep" | "hide", { reason: fields.reason })) };
};

export const action = pageAction({
  access: ACCESS.admin,
  intents: { keep: decide, hide: decide },
  unknown: "Choose Keep or Hide.",
  unknownFields: { intent: "Keep or hide." },
  failureIntent: (_intent, form) => {
    const id = form.get("disputeId");
    return typeof id === "string" ? id : "";
  },
});

export const meta: Route.MetaFunction = () => [{ title: pageTitle("Review disputes") }, { name: "robots", content: "noindex" }];

export default function ReviewDisputesPage({ loaderData, actionData }: Route.ComponentProps) {
  const { disputes } = loaderData;
  const result = actionData;
  const busy = useNavigation().state === "submitting";
  return (
    <section className="rounded-2xl border border-maroon-100 bg-white p-5 md:p-7">
      <h1 className="text-3xl font-bold text-maroon-700">Review disputes</h1>
      <p className="mt-1 text-sm text-ink/75">Reviews vendors asked us to look at. While open, a review stays on the page and counts in the rating.</p>
      <FormAlert tone="success" message={result?.ok ? result.message : null} className="mt-3" />
      {disputes.length === 0 ? (
        <p className="mt-6 rounded-2xl border border-dashed border-maroon-100 p-6 text-center">No open disputes.</p>
      ) : (
        <ul className="mt-5 grid gap-4">
          {disputes.map((d) => {
            const failure = result && !result.ok && result.intent === d.id ? result : null;
            return (
              <li key={d.id} className="rounded-2xl border border-maroon-100 p-4" data-testid="dispute">
                <p className="text-sm text-ink/70">
                  <Link to={`/admin/vendors/${d.vendor.id}`} className="font-semibold text-maroon-700 underline">
                    {d.vendor.name}
                  </Link>{" "}
                  disputed a review of{" "}
                  <Link to={`/admin/services/${d.service.id}`} className="font-semibold text-maroon-700 underline">
                    {d.service.name}
                  </Link>{" "}
                  on {formatDate(d.createdAt)}
                </p>
                <blockquote className="mt-2 border-l-4 border-marigold-300 pl-3">
                  <p>
                    <strong>{d.review.rating} of 5</strong> by {d.review.author}, {formatDate(d.review.createdAt)}
                  </p>
                  <p className="mt-1 whitespace-pre-line break-words">{d.review.comment}</p>
                </blockquote>
                <p className="mt-2 text-sm">
                  <strong>The vendor's reason:</strong> {d.reason}
                </p>
                <Form method="post" className="mt-3 grid max-w-xl gap-2">
                  <input type="hidden" name="disputeId" value={d.id} />
                  <Field
                    id={`reason-${d.id}`}
                    name="reason"
                    label="Your reason"
                    data-raw
                    required
                    minLength={5}
                    maxLength={500}
                    error={failure ? (failure.errors.reason ?? failure.message) : undefined}
                  />
                  <div className="flex flex-wrap gap-2">
                    <button type="submit" name="intent" value="keep" className="btn-secondary" disabled={busy}>
                      Keep the review
                    </button>
                    <button type="submit" name="intent" value="hide" className="btn-primary bg-red-700 hover:bg-red-800" disabled={busy}>
                      Hide the review
                    </button>
                  </div>
                </Form>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
