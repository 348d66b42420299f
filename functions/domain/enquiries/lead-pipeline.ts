import { Conflict } from "../core/index.ts";
import { m } from "#shared/paraglide/messages.js";

/**
 * The enquiry's pipeline: its statuses, which action may start from which status, and the 409 a
 * refused change gets.
 */

/** The statuses of an enquiry still open (one per couple and service), as an SQL list. */
export const OPEN_STATUSES = "('NEW', 'CONTACTED', 'QUOTED')";

export type LeadStatus = "NEW" | "CONTACTED" | "QUOTED" | "BOOKED" | "LOST" | "SPAM";
export type Side = "vendor" | "couple";

/**
 * The pipeline, explicitly: which status each action may start from and where it leads. Anything
 * else is refused with 409 and the message of LEAD_REFUSALS (nothing is written).
 *   vendor reply:   NEW -> CONTACTED (first reply); CONTACTED, QUOTED, BOOKED stay
 *   vendor quote:   NEW, CONTACTED, QUOTED -> QUOTED
 *   vendor booking: NEW, CONTACTED, QUOTED -> BOOKED (new-bookings.ts)
 *   vendor lost:    NEW, CONTACTED, QUOTED -> LOST (reason)
 *   vendor spam:    NEW, CONTACTED, QUOTED -> SPAM (reported_at; uncounted)
 *   couple reply:   NEW, CONTACTED, QUOTED, BOOKED stay
 *   couple accept:  QUOTED (latest quote, not expired) -> BOOKED (new-bookings.ts)
 *   couple withdraw: NEW, CONTACTED, QUOTED -> LOST ("Withdrawn by couple")
 */
export const LEAD_TRANSITIONS = {
  reply: ["NEW", "CONTACTED", "QUOTED", "BOOKED"],
  quote: ["NEW", "CONTACTED", "QUOTED"],
  book: ["NEW", "CONTACTED", "QUOTED"],
  lost: ["NEW", "CONTACTED", "QUOTED"],
  spam: ["NEW", "CONTACTED", "QUOTED"],
  accept: ["QUOTED"],
  withdraw: ["NEW", "CONTACTED", "QUOTED"],
} as const satisfies Record<string, readonly LeadStatus[]>;
export type LeadAction = keyof typeof LEAD_TRANSITIONS;

/** How a refusal names the enquiry's status, in the request's language. */
const STATUS_WORDS: Record<LeadStatus, () => string> = {
  NEW: m.api_lead_status_new,
  CONTACTED: m.api_lead_status_answered,
  QUOTED: m.api_lead_status_quoted,
  BOOKED: m.api_lead_status_booked,
  LOST: m.api_lead_status_closed,
  SPAM: m.api_lead_status_spam,
};

export const LEAD_REFUSALS: Record<LeadAction, () => string> = {
  reply: m.api_lead_refusal_reply,
  quote: m.api_lead_refusal_quote,
  book: m.api_lead_refusal_book,
  lost: m.api_lead_refusal_lost,
  spam: m.api_lead_refusal_spam,
  accept: m.api_e_there_is_no_quote_to_accept_on,
  withdraw: m.api_lead_refusal_withdraw,
};

/** The statuses `action` may start from, as an SQL list: status changes are guarded in SQL too, so a concurrent change is never overwritten. */
export function fromStatuses(action: LeadAction): string {
  return `(${LEAD_TRANSITIONS[action].map((st) => `'${st}'`).join(", ")})`;
}

/** Throws 409 when `action` may not start from `status`. */
export function requireTransition(action: LeadAction, status: string): void {
  if (!(LEAD_TRANSITIONS[action] as readonly string[]).includes(status))
    throw new Conflict(
      m.api_lead_refusal_with_status({ refusal: LEAD_REFUSALS[action](), status: STATUS_WORDS[status as LeadStatus]?.() ?? status.toLowerCase() }),
    );
}
