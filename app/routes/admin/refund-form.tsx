import { Form } from "react-router";
import { SubmitButton } from "#app/components/auth/AuthForm.tsx";
import { Field } from "#app/components/ui/index.ts";
import type { Transaction } from "#domain/billing/index.ts";
import { formatRupees } from "#shared/format.ts";

/** The refund form on a row of /admin/transactions (issue 30). */

export type RefundFailure = { message: string; errors: Record<string, string>; values?: Record<string, unknown> };

/** The refund form of a payment that can be refunded: the amount (empty: all that is left) and why. */
export function RefundForm({ t, failure }: { t: Transaction; failure: RefundFailure | null }) {
  const left = t.amount - t.refundedAmount;
  const id = `refund-${t.id}`;
  const value = (k: string) => (typeof failure?.values?.[k] === "string" ? (failure.values[k] as string) : "");
  return (
    <details className="mt-3 rounded-lg border border-maroon-100 px-3 py-2" open={Boolean(failure)}>
      <summary className="cursor-pointer font-semibold text-maroon-700">Refund…</summary>
      <Form method="post" className="mt-2 grid gap-3 sm:grid-cols-[10rem_1fr_auto] sm:items-end" aria-label={`Refund ${formatRupees(t.amount)} payment`}>
        <input type="hidden" name="intent" value="refund" />
        <input type="hidden" name="paymentId" value={t.id} />
        <Field
          id={`${id}-amount`}
          name="amount"
          label="Amount (₹)"
          inputMode="numeric"
          placeholder={String(left)}
          hint={`Empty: all that is left (${formatRupees(left)})`}
          error={failure?.errors.amount}
          defaultValue={value("amount")}
        />
        <Field id={`${id}-reason`} name="reason" label="Reason" maxLength={300} required error={failure?.errors.reason} defaultValue={value("reason")} />
        <SubmitButton className="btn-primary px-4 py-2" pendingText="Refunding…">
          Refund
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
