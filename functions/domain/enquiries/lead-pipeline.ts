import { Conflict } from "../core/index.ts";

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

const STATUS_WORDS: Record<LeadStatus, string> = {
  NEW: "new",
  CONTACTED: "answered",
  QUOTED: "quoted",
  BOOKED: "booked",
  LOST: "closed",
  SPAM: "reported as spam",
};

export const LEAD_REFUSALS: Record<LeadAction, string> = {
  reply: "This enquiry is closed: no more messages can be sent.",
  quote: "A quote can only be sent on an open enquiry.",
  book: "Only an open enquiry can be marked booked.",
  lost: "Only an open enquiry can be marked lost.",
  spam: "Only an open enquiry can be reported as spam.",
  accept: "There is no quote to accept on this enquiry.",
  withdraw: "Only an open enquiry can be withdrawn.",
};

/** The statuses `action` may start from, as an SQL list: status changes are guarded in SQL too, so a concurrent change is never overwritten. */
export function fromStatuses(action: LeadAction): string {
  return `(${LEAD_TRANSITIONS[action].map((st) => `'${st}'`).join(", ")})`;
}

/** Throws 409 when `action` may not start from `status`. */
export function requireTransition(action: LeadAction, status: string): void {
  if (!(LEAD_TRANSITIONS[action] as readonly string[]).includes(status))
    throw new Conflict(`${LEAD_REFUSALS[action]} (The enquiry is ${STATUS_WORDS[status as LeadStatus] ?? status.toLowerCase()}.)`);
}
