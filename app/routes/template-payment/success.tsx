import { Link } from "react-router";
import type { Route } from "./+types/success";
import { loadOrRespond } from "#app/lib/page-errors.server.ts";
import { templateOrderOutcome } from "#domain/invitations/index.ts";
import { appContext } from "#functions/page-context.ts";
import { formatRupees } from "#shared/format.ts";
import { pageTitle } from "#shared/strings.ts";
import { editorPageFor, paymentPageFor } from "#shared/links.ts";
import { rich } from "#app/components/rich.tsx";
import { m } from "#shared/paraglide/messages.js";

/**
 * /success?order={orderId} (issue 13): where the gateway's callback sends a couple after paying for
 * an invitation template. The outcome of their own order (another couple's, or an unknown one, is
 * 404): paid -> "Payment received" and the editor; pending -> waiting for the gateway, the page
 * reloads itself every few seconds (a meta refresh: no JavaScript needed); failed -> the reason and
 * "Try again".
 */
export const REFRESH_SECONDS = 3;

export const meta: Route.MetaFunction = ({ loaderData: data }) => [
  {
    title: pageTitle(
      data?.outcome.status === "paid"
        ? m.couple_paid_title()
        : data?.outcome.status === "failed"
          ? m.couple_paid_failed_title()
          : m.couple_paid_waiting_title(),
    ),
  },
  { name: "robots", content: "noindex" },
  ...(data?.outcome.status === "pending" ? [{ httpEquiv: "refresh", content: String(REFRESH_SECONDS) } as const] : []),
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { domain } = context.get(appContext);
  const order = new URL(request.url).searchParams.get("order")?.trim() ?? "";
  return loadOrRespond(request, async () => ({ outcome: await templateOrderOutcome(domain, order) }));
}

const button = "inline-block rounded-lg bg-maroon-700 px-4 py-2 font-semibold text-white hover:bg-maroon-800";

export default function TemplatePaymentOutcome({ loaderData }: Route.ComponentProps) {
  const { outcome } = loaderData;
  return (
    <div className="mx-auto max-w-2xl px-4 py-8 md:py-12">
      {outcome.status === "paid" ? (
        <section role="status" className="rounded-2xl border border-green-200 bg-green-50 p-6 text-green-900" data-testid="payment-outcome">
          <h1 className="text-2xl font-bold">{m.couple_paid_title()}</h1>
          <p className="mt-2">
            {rich(m.couple_paid_text, {
              amount: formatRupees(outcome.amount),
              name: <strong translate="no">{outcome.templateName}</strong>,
            })}
          </p>
          <Link to={editorPageFor(outcome.templateId)} className={`mt-4 ${button}`}>
            {m.couple_pay_open_editor()}
          </Link>
        </section>
      ) : outcome.status === "failed" ? (
        <section role="alert" className="rounded-2xl border border-red-200 bg-red-50 p-6 text-red-900" data-testid="payment-outcome">
          <h1 className="text-2xl font-bold">{m.couple_paid_failed()}</h1>
          <p className="mt-2">
            {rich(m.couple_paid_failed_reason, {
              name: <span translate="no">{outcome.templateName}</span>,
              reason: outcome.reason,
            })}
          </p>
          {outcome.recordedReason && (
            <p className="mt-1 text-sm">
              {/* The payment's stored reason (the gateway's own words, in English): a record, not our interface. */}
              {rich(m.couple_paid_recorded_reason, { reason: <span lang="en">{outcome.recordedReason}</span> })}
            </p>
          )}
          <Link to={paymentPageFor(outcome.templateId)} className={`mt-4 ${button}`}>
            {m.couple_paid_try_again()}
          </Link>
        </section>
      ) : (
        <section role="status" className="rounded-2xl border border-marigold-300 bg-marigold-300/15 p-6" data-testid="payment-outcome">
          <h1 className="text-2xl font-bold">{m.couple_paid_waiting()}</h1>
          <p className="mt-2">
            {rich(m.couple_paid_waiting_text, { amount: formatRupees(outcome.amount), name: <span translate="no">{outcome.templateName}</span> })}
          </p>
          <Link
            to={`/success?order=${encodeURIComponent(outcome.orderId)}`}
            reloadDocument
            className="mt-3 inline-block font-semibold text-maroon-700 underline"
          >
            {m.couple_paid_check_again()}
          </Link>
        </section>
      )}
    </div>
  );
}
