import type { DomainContext } from "./context.ts";

/**
 * GST tax invoices (issue 11). FOUNDATION STUB: the invoices helper replaces this file.
 *
 * `invoiceStatements` returns the statements that issue the invoice of a payment being credited:
 * the crediting batch (functions/domain/payments.ts) runs them in the same atomic D1 batch as the
 * payment's SUCCESS and the subscription's ACTIVE, so an invoice exists exactly when a payment was
 * credited, its number comes from a gap-free series, and the vendor's e-mail is queued with it.
 * The invoice row's unique payment_id makes a second credit of the same payment fail as a whole.
 */
export async function invoiceStatements(
  _ctx: DomainContext,
  _payment: { id: string; userId: string; amount: number; planName: string },
  _issuedAt: number,
): Promise<D1PreparedStatement[]> {
  return [];
}
