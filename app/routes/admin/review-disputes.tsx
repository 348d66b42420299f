import { Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/review-disputes";
import { formFailure, submitOrRespond, type PageFailure } from "#app/lib/page-errors.server.ts";
import { Invalid, formToObject } from "#domain/core/index.ts";
import { decideDispute, openDisputes } from "#domain/admin/index.ts";
import { appContext } from "#functions/page-context.ts";
import { readFormData } from "#platform/request-body.ts";
import { formatDate } from "#shared/format.ts";
import { pageTitle } from "#shared/strings.ts";

/**
 * /admin/review-disputes: reviews vendors asked the team to look at, oldest first. Keep (the review
 * stays) or Hide (it leaves the page and the rating), each with a reason; once per dispute. The
 * rules are functions/domain/admin/disputed-reviews.ts's, the same as POST /admin/review-disputes/{id}/keep|hide.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const { domain } = context.get(appContext);
  return { disputes: await openDisputes(domain) };
}

type ActionResult = (PageFailure & { disputeId?: string }) | { ok: true; message: string };

export async function action({ request, context }: Route.ActionArgs) {
  const { domain } = context.get(appContext);
  let form: Record<string, unknown>;
  try {
    form = formToObject(await readFormData(request));
  } catch (error) {
    return formFailure(error, request);
  }
  const id = typeof form.disputeId === "string" ? form.disputeId : "";
  return submitOrRespond(
    request,
    async (): Promise<ActionResult> => {
      if (form.intent !== "keep" && form.intent !== "hide") throw new Invalid("Choose Keep or Hide.", { intent: "Keep or hide." });
      return { ok: true, ...(await decideDispute(domain, id, form.intent, { reason: form.reason })) };
    },
    { intent: id },
  );
}

export const meta: Route.MetaFunction = () => [{ title: pageTitle("Review disputes") }, { name: "robots", content: "noindex" }];

export default function ReviewDisputesPage({ loaderData, actionData }: Route.ComponentProps) {
  const { disputes } = loaderData;
  const result = actionData as ActionResult | undefined;
  const busy = useNavigation().state === "submitting";
  return (
    <section className="rounded-2xl border border-maroon-100 bg-white p-5 md:p-7">
      <h1 className="text-3xl font-bold text-maroon-700">Review disputes</h1>
      <p className="mt-1 text-sm text-ink/75">Reviews vendors asked us to look at. While open, a review stays on the page and counts in the rating.</p>
      {result?.ok && (
        <p role="status" className="mt-3 rounded-xl bg-emerald-50 p-3 text-sm text-emerald-900">
          {result.message}
        </p>
      )}
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
                  <label htmlFor={`reason-${d.id}`} className="text-sm font-semibold">
                    Your reason
                  </label>
                  <input id={`reason-${d.id}`} name="reason" type="text" data-raw required minLength={5} maxLength={500} className="field-input" />
                  {failure && (
                    <p role="alert" className="text-sm text-red-700">
                      {failure.errors.reason ?? failure.message}
                    </p>
                  )}
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
