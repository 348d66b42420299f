import { Form } from "react-router";
import { SubmitButton } from "#app/components/auth/AuthForm.tsx";
import { Field } from "#app/components/ui/index.ts";
import type { ReconciliationFlag } from "#domain/billing/index.ts";
import { FLAG_NOTE_MAX } from "#shared/plan-schemas.ts";
import type { RefundFailure } from "./refund-form.tsx";
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
 * run itself and are not here. Each can be marked resolved with a note (audited); it then leaves the list.
 */
export function ReconciliationFlags({ flags, failure }: { flags: ReconciliationFlag[]; failure: (RefundFailure & { intent: string }) | null }) {
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
            <ResolveForm flag={f} failure={failure?.intent === `resolve:${f.gatewayPaymentId}` ? failure : null} />
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Marks one flag resolved with a note saying what was found or done (the admin audit log keeps it). */
function ResolveForm({ flag, failure }: { flag: ReconciliationFlag; failure: RefundFailure | null }) {
  const id = `resolve-${flag.gatewayPaymentId}`;
  const typed = typeof failure?.values?.note === "string" ? failure.values.note : "";
  return (
    <details className="mt-2 rounded-lg border border-amber-200 px-3 py-2" open={Boolean(failure)}>
      <summary className="cursor-pointer font-semibold text-maroon-700">Mark resolved…</summary>
      <Form method="post" className="mt-2 grid gap-3 sm:grid-cols-[1fr_auto] sm:items-end" aria-label={`Resolve the flag on ${flag.gatewayPaymentId}`}>
        <input type="hidden" name="intent" value="resolve" />
        <input type="hidden" name="gatewayPaymentId" value={flag.gatewayPaymentId} />
        <Field
          id={`${id}-note`}
          name="note"
          label="What you found or did"
          maxLength={FLAG_NOTE_MAX}
          required
          error={failure?.errors.note}
          defaultValue={typed}
        />
        <SubmitButton className="btn-primary px-4 py-2" pendingText="Saving…">
          Mark resolved
        </SubmitButton>
      </Form>
      {failure && !Object.keys(failure.errors).length && (
        <p role="alert" className="mt-2 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
          {failure.message}
        </p>
      )}
    </details>
  );
}
