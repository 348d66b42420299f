import { Link } from "react-router";
import type { Route } from "./+types/success";
import { loadOrRespond } from "#app/lib/page-errors.server.ts";
import { templateOrderOutcome } from "#domain/invitations/index.ts";
import { appContext } from "#functions/page-context.ts";
import { formatRupees } from "#shared/format.ts";
import { pageTitle } from "#shared/strings.ts";
import { editorPageFor, paymentPageFor } from "#shared/links.ts";

/**
 * /success?order={orderId} (issue 13): where the gateway's callback sends a couple after paying for
 * an invitation template. The outcome of their own order (another couple's, or an unknown one, is
 * 404): paid -> "Payment received" and the editor; pending -> waiting for the gateway, the page
 * reloads itself every few seconds (a meta refresh: no JavaScript needed); failed -> the reason and
 * "Try again".
 */
export const REFRESH_SECONDS = 3;

export const meta: Route.MetaFunction = ({ loaderData: data }) => [
  { title: pageTitle(data?.outcome.status === "paid" ? "Payment received" : data?.outcome.status === "failed" ? "Payment failed" : "Waiting for the payment") },
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
          <h1 className="text-2xl font-bold">Payment received</h1>
          <p className="mt-2">
            {formatRupees(outcome.amount)} for <strong>{outcome.templateName}</strong>. The design is yours: use it for all your cards, export them and publish
            your e-invite.
          </p>
          <Link to={editorPageFor(outcome.templateId)} className={`mt-4 ${button}`}>
            Open in the editor
          </Link>
        </section>
      ) : outcome.status === "failed" ? (
        <section role="alert" className="rounded-2xl border border-red-200 bg-red-50 p-6 text-red-900" data-testid="payment-outcome">
          <h1 className="text-2xl font-bold">The payment did not go through</h1>
          <p className="mt-2">
            {outcome.templateName}: {outcome.reason}
          </p>
          <Link to={paymentPageFor(outcome.templateId)} className={`mt-4 ${button}`}>
            Try again
          </Link>
        </section>
      ) : (
        <section role="status" className="rounded-2xl border border-marigold-300 bg-marigold-300/15 p-6" data-testid="payment-outcome">
          <h1 className="text-2xl font-bold">Waiting for the payment gateway</h1>
          <p className="mt-2">
            We are waiting for the gateway to confirm your payment of {formatRupees(outcome.amount)} for {outcome.templateName}. This usually takes a few
            seconds; this page checks again by itself.
          </p>
          <Link
            to={`/success?order=${encodeURIComponent(outcome.orderId)}`}
            reloadDocument
            className="mt-3 inline-block font-semibold text-maroon-700 underline"
          >
            Check again now
          </Link>
        </section>
      )}
    </div>
  );
}
