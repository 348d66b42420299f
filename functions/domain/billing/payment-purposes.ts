import type { DomainContext } from "../core/index.ts";

/**
 * What a payment can be for (docs/decisions/0042-billing-purposes.md). Billing runs one money path
 * for every purchase: the gateway's callback and webhooks, one crediting batch exactly once, the
 * record of a payment that came too late (refund due), a failed attempt. What is bought (a plan, an
 * invitation template, later more) is a purpose, declared by the area that owns its tables and
 * handed to billing at the composition point (functions/domain-context.ts), so billing never
 * imports the areas above it and never writes their tables itself.
 */

/** The purposes the payments table knows (its `purpose` column). */
export type PurposeName = "SUBSCRIPTION" | "TEMPLATE";

/** The payment as a purpose sees it: who paid, the whole-rupee amount, and the purchase it is for. */
export type PurposePayment = {
  id: string;
  userId: string;
  amount: number;
  /** The plan purchase (SUBSCRIPTION). */
  subscriptionId: string | null;
  planName: string | null;
  /** The template purchase (TEMPLATE). */
  templatePurchaseId: string | null;
};

/**
 * One purpose. Every statement it returns joins billing's own batch: the grant runs in the SAME
 * atomic D1 batch as the payment's credit (whose primary key refuses a second credit, so a replay
 * grants nothing), the withholding in the batch that records a late payment as REFUND_DUE, the
 * failure in the batch that marks the attempt FAILED.
 */
export type PaymentPurpose = {
  name: PurposeName;
  /** The payments column naming the purchase this purpose's payments are for (its rows' id). */
  purchaseColumn: "subscription_id" | "template_purchase_id";
  /** Paise the payer is charged for the payment's whole-rupee amount (the gateway's amount must match it). */
  chargedPaise: (ctx: DomainContext, amountRupees: number) => number;
  /** Where the payer lands after the gateway's callback. */
  returnPage: (orderId: string) => string;
  /**
   * The statements that grant what was bought, run after the credit in its batch. When the payment
   * bought nothing after all (a design the couple already owned), they include
   * `automaticRefundStatement` (automatic-refunds.ts): billing then refunds it in full by itself.
   */
  grant: (ctx: DomainContext, payment: PurposePayment) => Promise<D1PreparedStatement[]>;
  /** Work after a committed grant (it never undoes the credit; a failure is logged and left to the daily job or the team). */
  afterGrant?: (ctx: DomainContext, payment: PurposePayment) => Promise<void>;
  /**
   * The statements that take back what was bought when the payment is refunded in full (issue 30,
   * refunds.ts), run in the batch that records the refund; a partial refund takes nothing back
   * (docs/decisions/0043-refunds.md).
   */
  takeBack: (ctx: DomainContext, payment: PurposePayment, reason: string) => D1PreparedStatement[];
  /** The statement that keeps what was bought from being granted: the money came after its order expired (refund due). */
  withhold: (ctx: DomainContext, payment: PurposePayment, reason: string) => D1PreparedStatement;
  /** The statement that records a failed attempt on the purchase (a credited one is never touched). */
  failed: (ctx: DomainContext, payment: PurposePayment, reason: string) => D1PreparedStatement;
  /**
   * Orders left unpaid (the daily job, subscription-jobs.ts): `stale` selects the ids (`id`) of at
   * most `limit` purchases still open that were created before `before`; `close` closes those of
   * `ids` (a JSON array) still open, with the reason, in the same batch as their PENDING payments
   * becoming FAILED.
   */
  abandon: {
    stale: (db: D1Database, before: number, limit: number) => D1PreparedStatement;
    close: (db: D1Database, ids: string, reason: string, now: number) => D1PreparedStatement;
  };
};

const handed = new Map<PurposeName, PaymentPurpose>();

/** Hands billing the purposes it serves (the composition point, functions/domain-context.ts, does it once). */
export function servePaymentPurposes(purposes: readonly PaymentPurpose[]): void {
  for (const purpose of purposes) handed.set(purpose.name, purpose);
}

/** Every purpose handed to billing, in the order they were handed. */
export function servedPurposes(): PaymentPurpose[] {
  if (!handed.size) throw new Error("Billing was not handed any payment purpose (functions/domain-context.ts).");
  return [...handed.values()];
}

/** The purpose of a payment; a purpose nobody handed to billing is a wiring error, not a user's. */
export function purposeOf(name: PurposeName): PaymentPurpose {
  const purpose = handed.get(name);
  if (!purpose) throw new Error(`Billing was not handed the payment purpose ${name} (functions/domain-context.ts).`);
  return purpose;
}
