import { type DomainContext, Conflict, NotFound, newId, ACCESS, requireRole } from "../core/index.ts";
import type { inviteTemplates, payments, templatePurchases } from "#db/schema/index.ts";
import type { Row } from "#db/rows.ts";
import { checkoutFor, closeOpenOrder, GatewayUnavailable, openOrder, ORDER_LIFETIME_MS, ORDER_REUSE_MIN_LEFT_MS, REPLACED_ORDER } from "../billing/index.ts";
import { templatePaise, templatePurpose } from "./template-purpose.ts";
import { canUseTemplate, forAccess, isPaidTemplate } from "./template-access.ts";
import { mediaUrl } from "#shared/media.ts";
import { type CheckoutForm, type GatewayOrder, ORDER_ID } from "#platform/payments.ts";
import { paymentPageFor } from "#shared/links.ts";
import { m } from "#shared/paraglide/messages.js";

/**
 * Buying a paid invitation template (issue 13, docs/decisions/0025-template-purchases.md), through
 * the same payments adapter and the same crediting function as plans (functions/domain/billing/payment-credits.ts):
 *
 * - `createTemplateOrder` (POST /template/create-order/{tempId} and the /payment page's "Pay"): a
 *   PUBLISHED paid template the couple does not own yet; through billing's one checkout
 *   (`openOrder`, purpose templatePurpose): the gateway order for the price in paise (a couple's
 *   price includes GST: what they see is what they pay); a pending/initiated template_purchases
 *   row and a PENDING payment (purpose TEMPLATE) in one batch; the checkout form.
 * - Crediting is `creditPayment` in billing/payment-credits.ts (callback or webhook, exactly once): the purchase
 *   becomes completed/successful (templatePurpose, template-purpose.ts; decision 0042), and `canUseTemplate` (template-access.ts) lets the couple use it.
 * - `templatePaymentStatus` and `templateOrderOutcome` read the couple's own orders for the API and
 *   the /success page; another couple's order is not found.
 */
export const TEMPLATE_PURCHASE_MESSAGES = {
  get noTemplate() {
    return m.api_template_purchase_no_template();
  },
  get free() {
    return m.api_template_purchase_free();
  },
  get owned() {
    return m.api_template_purchase_owned();
  },
  get noOrder() {
    return m.api_payment_no_order();
  },
  get refusal() {
    return m.api_template_purchase_refusal();
  },
};

/** A template as a sale reads it. */
type PricedTemplateRow = Row<typeof inviteTemplates, "id" | "name" | "price" | "amount_category" | "status" | "thumbnail_key" | "description">;

async function templateRow(ctx: Pick<DomainContext, "db">, templateId: string): Promise<PricedTemplateRow | null> {
  if (!templateId || templateId.length > 64) return null;
  return ctx.db
    .prepare("SELECT id, name, price, amount_category, status, thumbnail_key, description FROM invite_templates WHERE id = ?")
    .bind(templateId)
    .first<PricedTemplateRow>();
}

/** A PUBLISHED template, else NotFound (drafts and archived designs are not for sale). */
async function publishedTemplate(ctx: Pick<DomainContext, "db">, templateId: string): Promise<PricedTemplateRow> {
  const t = await templateRow(ctx, templateId);
  if (!t || t.status !== "PUBLISHED") throw new NotFound(TEMPLATE_PURCHASE_MESSAGES.noTemplate);
  return t;
}

async function ownsTemplate(ctx: Pick<DomainContext, "db">, userId: string, templateId: string): Promise<boolean> {
  const row = await ctx.db
    .prepare("SELECT 1 AS owned FROM template_purchases WHERE user_id = ? AND template_id = ? AND order_status = 'completed'")
    .bind(userId, templateId)
    .first<{ owned: number }>();
  return Boolean(row);
}

export type TemplateOrder = {
  purchaseId: string;
  paymentId: string;
  orderId: string;
  /** Paise, as the gateway sees it. */
  amount: number;
  currency: "INR";
  receipt: string;
  templateId: string;
  templateName: string;
  keyId: string;
  checkout: CheckoutForm;
};

type OpenOrder = { purchaseId: string; paymentId: string; orderId: string; receipt: string; amount: number; createdAt: number };

/** The couple's open order for the design: not paid, not expired (its latest attempt may have failed: the gateway takes another). */
function openTemplateOrder(ctx: DomainContext, userId: string, templateId: string): Promise<OpenOrder | null> {
  return ctx.db
    .prepare(
      `SELECT t.id AS purchaseId, p.id AS paymentId, p.gateway_order_id AS orderId, p.receipt, p.amount, p.created_at AS createdAt
       FROM template_purchases t JOIN payments p ON p.id = t.payment_id
       WHERE t.user_id = ? AND t.template_id = ? AND t.order_status IN ('pending', 'failed') AND p.status IN ('PENDING', 'FAILED') AND p.created_at > ?
       ORDER BY t.created_at DESC, t.id DESC LIMIT 1`,
    )
    .bind(userId, templateId, ctx.now - ORDER_LIFETIME_MS)
    .first<OpenOrder>();
}

/**
 * "Pay" (issue 13; issue 28 item 7): one open order per couple and design. An open order for the
 * template's current price with at least an hour left is answered again (the same gateway order,
 * which the gateway lets be paid once), so two tabs or a double tap cannot pay twice; one that is
 * nearly expired or priced differently is closed and a new one opened. Two "Pay" at once: the
 * database's one-pending-order index lets one insert win, and the other answers the winner's order.
 */
export async function createTemplateOrder(ctx: DomainContext, templateId: string): Promise<TemplateOrder> {
  const actor = requireRole(ctx.actor, ACCESS.planner, TEMPLATE_PURCHASE_MESSAGES.refusal);
  const template = await publishedTemplate(ctx, templateId);
  if (!isPaidTemplate(forAccess(template))) throw new Conflict(TEMPLATE_PURCHASE_MESSAGES.free);
  if (await ownsTemplate(ctx, actor.id, template.id)) throw new Conflict(TEMPLATE_PURCHASE_MESSAGES.owned);
  const user = await ctx.db
    .prepare("SELECT user_name AS userName, email, phone FROM users WHERE id = ?")
    .bind(actor.id)
    .first<{ userName: string; email: string; phone: string | null }>();
  const answer = (open: OpenOrder, order: GatewayOrder): TemplateOrder => {
    const checkout = checkoutFor(ctx, order, {
      description: `Invitation template: ${template.name}`.slice(0, 255),
      prefill: { name: user?.userName, email: user?.email, phone: user?.phone },
      cancelPath: paymentPageFor(template.id),
    });
    return {
      purchaseId: open.purchaseId,
      paymentId: open.paymentId,
      orderId: order.id,
      amount: order.amount,
      currency: "INR",
      receipt: open.receipt,
      templateId: template.id,
      templateName: template.name,
      keyId: ctx.payments.keyId,
      checkout,
    };
  };
  const reuse = (open: OpenOrder) =>
    answer(open, { id: open.orderId, amount: templatePaise(open.amount), currency: "INR", receipt: open.receipt, status: "created" });

  const open = await openTemplateOrder(ctx, actor.id, template.id);
  if (open && open.amount === template.price && open.createdAt + ORDER_LIFETIME_MS - ctx.now >= ORDER_REUSE_MIN_LEFT_MS) return reuse(open);
  if (open) {
    // Nearly expired, or the price changed: closed, so the new order is the one open order.
    await closeOpenOrder(
      ctx,
      templatePurpose,
      { id: open.paymentId, userId: actor.id, amount: open.amount, subscriptionId: null, planName: null, templatePurchaseId: open.purchaseId },
      REPLACED_ORDER,
    );
  }

  const purchaseId = newId(ctx.now);
  let opened;
  try {
    opened = await openOrder(ctx, templatePurpose, {
      payerId: actor.id,
      amount: template.price,
      purchaseId,
      notes: (paymentId) => ({ user_id: actor.id, template_purchase_id: purchaseId, payment_id: paymentId, template_id: template.id }),
      // After the payment: the purchase's payment_id refers to it.
      pendingRows: (_order, paymentId) => ({
        after: [
          ctx.db
            .prepare(
              `INSERT INTO template_purchases (id, user_id, template_id, payment_id, order_status, payment_status, amount, currency, created_at, updated_at)
               VALUES (?, ?, ?, ?, 'pending', 'initiated', ?, 'INR', ?, ?)`,
            )
            .bind(purchaseId, actor.id, template.id, paymentId, template.price, ctx.now, ctx.now),
        ],
      }),
      what: "a template order",
    });
  } catch (e) {
    if (e instanceof GatewayUnavailable) throw e;
    // Another "Pay" of the couple's for this design won the race (template_purchases_open_unique):
    // answer its order; the gateway order made here is never shown, so it cannot be paid.
    const winner = await openTemplateOrder(ctx, actor.id, template.id);
    if (winner) return reuse(winner);
    throw e;
  }
  const { paymentId, receipt, order } = opened;
  return answer({ purchaseId, paymentId, orderId: order.id, receipt, amount: template.price, createdAt: ctx.now }, order);
}

// -------------------------------------------------------------------------------------------------
// What the couple sees

/** The couple's latest order for a template, with its gateway order. */
type OrderRow = Row<typeof templatePurchases, "order_status" | "payment_status" | "amount"> & Row<typeof payments, "gateway_order_id">;

export type TemplatePaymentStatus = {
  /** A completed purchase of the couple's. */
  owned: boolean;
  /** Whether they may use the design (owned, free, or an admin): canUseTemplate. */
  canUse: boolean;
  /** Their latest order for it, if any. */
  orderStatus: OrderRow["order_status"] | null;
  paymentStatus: OrderRow["payment_status"] | null;
  /** Whole rupees: the latest order's amount, else the template's price. */
  amount: number;
  orderId: string | null;
};

/** GET /template/payment-status/{tempId}: the couple's latest order for the template and whether they own it. */
export async function templatePaymentStatus(ctx: DomainContext, templateId: string): Promise<TemplatePaymentStatus> {
  const actor = requireRole(ctx.actor, ACCESS.planner, TEMPLATE_PURCHASE_MESSAGES.refusal);
  const template = await templateRow(ctx, templateId);
  if (!template) throw new NotFound(TEMPLATE_PURCHASE_MESSAGES.noTemplate);
  const [latest, owned, canUse] = await Promise.all([
    ctx.db
      .prepare(
        `SELECT p.gateway_order_id, t.order_status, t.payment_status, t.amount
         FROM template_purchases t JOIN payments p ON p.id = t.payment_id
         WHERE t.user_id = ? AND t.template_id = ? ORDER BY t.created_at DESC, t.id DESC LIMIT 1`,
      )
      .bind(actor.id, template.id)
      .first<OrderRow>(),
    ownsTemplate(ctx, actor.id, template.id),
    canUseTemplate(ctx, forAccess(template)),
  ]);
  return {
    owned,
    canUse,
    orderStatus: latest?.order_status ?? null,
    paymentStatus: latest?.payment_status ?? null,
    amount: latest?.amount ?? template.price,
    orderId: latest?.gateway_order_id ?? null,
  };
}

export type TemplateOnSale = {
  id: string;
  name: string;
  description: string;
  price: number;
  thumbnailUrl: string | null;
  paid: boolean;
  owned: boolean;
  canUse: boolean;
};

/** The /payment page: the template (PUBLISHED, else NotFound) and what the couple has of it. */
export async function templateForPurchase(ctx: DomainContext, templateId: string): Promise<TemplateOnSale> {
  const actor = requireRole(ctx.actor, ACCESS.planner, TEMPLATE_PURCHASE_MESSAGES.refusal);
  const t = await publishedTemplate(ctx, templateId);
  const [owned, canUse] = await Promise.all([ownsTemplate(ctx, actor.id, t.id), canUseTemplate(ctx, forAccess(t))]);
  return {
    id: t.id,
    name: t.name,
    description: t.description,
    price: t.price,
    thumbnailUrl: t.thumbnail_key ? mediaUrl(t.thumbnail_key) : null,
    paid: isPaidTemplate(forAccess(t)),
    owned,
    canUse,
  };
}

export type TemplateOrderOutcome =
  | { status: "paid"; orderId: string; templateId: string; templateName: string; amount: number }
  | {
      status: "failed";
      orderId: string;
      templateId: string;
      templateName: string;
      amount: number;
      /** Why, in the language of the request. */
      reason: string;
      /** The payment's stored failure reason (the gateway's words, kept in English for the records), when it has one. */
      recordedReason?: string | null;
    }
  | { status: "pending"; orderId: string; templateId: string; templateName: string; amount: number };

/** The /success page: the outcome of one of the couple's own template orders (another's, or an unknown one, is NotFound). */
export async function templateOrderOutcome(ctx: DomainContext, orderId: string): Promise<TemplateOrderOutcome> {
  const actor = requireRole(ctx.actor, ACCESS.planner, TEMPLATE_PURCHASE_MESSAGES.refusal);
  if (!ORDER_ID.test(orderId)) throw new NotFound(TEMPLATE_PURCHASE_MESSAGES.noOrder);
  const row = await ctx.db
    .prepare(
      `SELECT p.status AS paymentStatus, p.failure_reason AS reason, t.order_status AS orderStatus, t.payment_status AS purchasePayment,
              t.template_id AS templateId, it.name AS templateName, t.amount
       FROM payments p JOIN template_purchases t ON t.id = p.template_purchase_id JOIN invite_templates it ON it.id = t.template_id
       WHERE p.gateway_order_id = ? AND p.purpose = 'TEMPLATE' AND p.user_id = ? AND t.user_id = ?`,
    )
    .bind(orderId, actor.id, actor.id)
    .first<{
      paymentStatus: string;
      reason: string | null;
      orderStatus: string;
      purchasePayment: string;
      templateId: string;
      templateName: string;
      amount: number;
    }>();
  if (!row) throw new NotFound(TEMPLATE_PURCHASE_MESSAGES.noOrder);
  const base = { orderId, templateId: row.templateId, templateName: row.templateName, amount: row.amount };
  if (row.orderStatus === "completed") return { status: "paid", ...base };
  if (row.orderStatus === "refunded")
    return {
      status: "failed",
      ...base,
      reason: (await ownsTemplate(ctx, actor.id, row.templateId)) ? m.api_template_order_refunded_owned() : m.api_template_order_refunded(),
    };
  if (row.paymentStatus === "SUCCESS" && row.orderStatus === "failed")
    return {
      status: "failed",
      ...base,
      reason: m.api_template_order_refund_due(),
    };
  if (row.paymentStatus === "FAILED" || row.orderStatus === "failed")
    return { status: "failed", ...base, reason: m.api_template_order_failed(), recordedReason: row.reason };
  return { status: "pending", ...base };
}
