/**
 * The values a stored column may hold, written once: db/schema declares its columns with them, and
 * the domain, the API and pages (this module reaches the browser) check and list them from here.
 */

// admin.ts
/** What an admin audit entry was about (functions/domain/core/audit-log.ts). */
export const AUDIT_SUBJECTS = [
  "user",
  "vendor",
  "service",
  "review",
  "lead",
  "plan",
  "template",
  "blog_post",
  "blog_tag",
  "blog_comment",
  "contact_message",
  // A payment: refunded by an admin, or a reconciliation flag about it resolved (issue 30; the subject id is the gateway's payment id).
  "payment",
] as const;
export const CONTACT_STATUSES = ["NEW", "ANSWERED", "CLOSED"] as const;

// billing.ts
/** BASIC: totals only; FULL: per-service figures and history. */
export const ANALYTICS_DEPTHS = ["BASIC", "FULL"] as const;
export const SUBSCRIPTION_STATUSES = ["PENDING", "ACTIVE", "CANCELLED", "EXPIRED"] as const;
/** What a payment is for (payments.purpose; decision 0042): a vendor's plan or a couple's invitation design. */
export const PAYMENT_PURPOSES = ["SUBSCRIPTION", "TEMPLATE"] as const;
/**
 * REFUND_DUE: money received for an order that had expired, recorded but not credited (issue 28); a refund is owed.
 * REFUNDED / PARTIALLY_REFUNDED: the gateway refunded all / part of it (issue 30; payments.refunded_amount says how much).
 */
export const PAYMENT_STATUSES = ["PENDING", "SUCCESS", "FAILED", "REFUNDED", "REFUND_DUE", "PARTIALLY_REFUNDED"] as const;
/** A refund as the gateway reports it (payment_refunds.status): asked for, processed, or failed (the money was not returned). */
export const REFUND_STATUSES = ["PENDING", "PROCESSED", "FAILED"] as const;
/** The payment statuses a refund may start from: money the gateway captured (the admin page shows "Refund…" on these). */
export const REFUNDABLE_STATUSES = ["SUCCESS", "PARTIALLY_REFUNDED", "REFUND_DUE"] as const satisfies readonly (typeof PAYMENT_STATUSES)[number][];

// content.ts
export const TEMPLATE_MOODS = ["BIRTHDAY", "ROMANCE", "WEDDING", "ANNIVERSARY", "CORPORATE", "LOVE", "COUPLE"] as const;
export const TEMPLATE_REQUIREMENTS = ["HOT", "POPULAR", "LATEST"] as const;
export const TEMPLATE_STATUSES = ["DRAFT", "PUBLISHED", "ARCHIVED"] as const;
export const INVITE_REQUEST_STATUSES = ["PENDING", "APPROVED", "DECLINED"] as const;
export const BLOG_STATUSES = ["DRAFT", "PUBLISHED"] as const;

// identity.ts
export const ROLES = ["USER", "VENDOR", "ADMIN", "SUPER_ADMIN"] as const;
export const AUTH_TOKEN_PURPOSES = ["VERIFY_EMAIL", "RESET_PASSWORD"] as const;
/**
 * E-mail outbox: every message is written here first (QUEUED), then delivered by the configured
 * transport (functions/platform/mail.ts). STORED: the local mailbox kept it, nothing was sent.
 * SENT: a transport accepted it. RETRYING: the last attempt failed (error), the next is due at
 * next_attempt_at. FAILED: given up (error says why). SENDING: an attempt is in flight.
 */
export const MAIL_STATUSES = ["QUEUED", "SENDING", "RETRYING", "SENT", "STORED", "FAILED"] as const;
/** What a one-time SMS code is for (phone_codes.purpose): signing in or up, or adding a number to a signed-in account. */
export const PHONE_CODE_PURPOSES = ["SIGN_IN", "ADD_PHONE"] as const;
/** Text messages (sms_outbox.status): STORED kept by the local smsbox (nothing sent), SENT accepted by the provider, FAILED refused (error says why). */
export const SMS_STATUSES = ["QUEUED", "STORED", "SENT", "FAILED"] as const;
/** Why mail to an address is suppressed (mail_suppressions.kind): it bounced, or its owner marked a mail as spam. */
export const MAIL_SUPPRESSION_KINDS = ["BOUNCE", "COMPLAINT"] as const;
/** What an outbox row is (outbox.channel): an e-mail or a WhatsApp template message. */
export const OUTBOX_CHANNELS = ["email", "whatsapp"] as const;
/** How a person last changed their WhatsApp choice (whatsapp_optins.source). */
export const WHATSAPP_OPTIN_SOURCES = ["settings", "link", "stop-reply"] as const;

// marketplace.ts
/**
 * active: listed; archived: put away by its vendor; hidden: beyond the vendor's plan limit
 * (functions/domain/billing/plan-limits.ts), kept and shown to its vendor, listed again when a plan allows.
 * Every public read lists status 'active' only.
 */
export const SERVICE_STATUSES = ["active", "archived", "hidden"] as const;
export const REVIEW_STATUSES = ["PUBLISHED", "HIDDEN", "DISPUTED"] as const;
export const REPLY_AUTHORS = ["VENDOR", "ADMIN"] as const;
export const LEAD_STATUSES = ["NEW", "CONTACTED", "QUOTED", "BOOKED", "LOST", "SPAM"] as const;
export const BOOKING_STATUSES = ["CONFIRMED", "COMPLETED", "CANCELLED"] as const;
export const DISPUTE_STATUSES = ["OPEN", "KEPT", "HIDDEN"] as const;

// planning.ts
export const EVENT_SERVICE_SOURCES = ["WISHLIST", "ENQUIRY", "BOOKING", "SEARCH"] as const;
export const TASK_STATUSES = ["TODO", "IN_PROGRESS", "DONE", "CANCELLED"] as const;
export const TASK_PRIORITIES = ["LOW", "MEDIUM", "HIGH"] as const;
export const GUEST_SIDES = ["BRIDE", "GROOM", "BOTH"] as const;
export const DIETARY_PREFERENCES = ["VEG", "JAIN", "NON_VEG", "VEGAN"] as const;
export const RSVP_RESPONSES = ["ATTENDING", "DECLINED", "MAYBE"] as const;

// weddings.ts (docs/decisions/0049-weddings.md)
/** A wedding member's role (wedding_members.role): the couple who made it, a partner (every right), an editor of chosen areas, a viewer. */
export const WEDDING_ROLES = ["COUPLE", "PARTNER", "EDITOR", "VIEWER"] as const;
/** The areas an editor may be given (wedding_members.areas, a comma list): guest list, budget, plan and checklist, invitations. */
export const WEDDING_AREAS = ["guests", "budget", "plan", "invitations"] as const;
/** The areas of a wedding's activity list (wedding_activity.area): the planning areas, and its people (co-planners invited, joining, leaving, changed, removed). */
export const ACTIVITY_AREAS = [...WEDDING_AREAS, "people"] as const;
