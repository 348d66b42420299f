import type { ReconciliationFlag } from "#domain/billing/index.ts";
import { formatRupees } from "#shared/format.ts";
import { indiaDateTime } from "#shared/india-time.ts";

const KIND_LABELS: Record<ReconciliationFlag["kind"], string> = {
  NOT_CAPTURED: "Credited here, not captured at the gateway",
  SECOND_PAYMENT: "Second payment for a paid order",
  MISMATCH: "Captured for another amount",
};

/**
 * What the daily reconciliation with the gateway flagged (issue 30, functions/domain/billing/reconciliation.ts;
 * the same list as GET /admin/transactions/reconciliation): each needs a person to look at it in the
 * gateway's dashboard. Payments the gateway captured but the app never heard of are credited by the
 * run itself and are not here.
 */
export function ReconciliationFlags({ flags }: { flags: ReconciliationFlag[] }) {
  return (
    <section className="rounded-2xl border border-amber-300 bg-amber-50 p-5 md:p-7" aria-labelledby="reconciliation-heading" data-testid="reconciliation">
      <h2 id="reconciliation-heading" className="text-xl font-bold text-amber-900">
        Payments to check with the gateway
      </h2>
      <p className="mt-1 text-sm text-ink/75">
        The daily reconciliation found {flags.length === 1 ? "a payment" : `${flags.length} payments`} that the gateway and Mandap see differently.
      </p>
      <ul className="mt-3 flex flex-col gap-2">
        {flags.map((f) => (
          <li key={f.gatewayPaymentId} className="rounded-lg border border-amber-200 bg-white p-3 text-sm" data-testid="reconciliation-flag">
            <p className="font-semibold break-words">{KIND_LABELS[f.kind] ?? f.kind}</p>
            <p className="break-words">{f.message}</p>
            <p className="mt-1 break-all text-ink/75">
              {f.amount !== null ? `${formatRupees(f.amount)} · ` : ""}
              {f.email ? `${f.email} · ` : ""}
              {f.gatewayOrderId ? `${f.gatewayOrderId} · ` : ""}
              {f.gatewayPaymentId} · found {indiaDateTime(f.foundAt)}
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}
