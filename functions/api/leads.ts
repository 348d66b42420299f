import { z } from "zod";
import { bookingInput, bookingUpdateInput, cancelInput, leadMessageInput, leadStatusInput, milestoneUpdateInput, quoteInput } from "#shared/lead-rules.ts";
import {
  acceptQuote,
  bookingById,
  bookLead,
  cancelBooking,
  myBookings,
  setMilestoneDone,
  updateBooking,
  coupleLeads,
  leadConversation,
  sendLeadMessage,
  sendQuote,
  setLeadStatus,
  vendorInbox,
  withdrawLead,
} from "#domain/enquiries/index.ts";
import { ACCESS, type Access } from "#domain/core/index.ts";
import { Resource } from "./endpoint.ts";
import { numeric } from "#shared/numbers.ts";
import { m } from "#shared/paraglide/messages.js";

const id = z.string().min(1).max(64);
const leadParams = z.object({ id });
const bookingParams = z.object({ id });
/** The two sides of a conversation or a booking; ownership (their own lead or booking, else 404) is the domain's. */
const PARTIES: Access = ["USER", "VENDOR"];

/**
 * Enquiries as conversations (the vendor's inbox and pipeline, the couple's side) and the bookings
 * they become. Every rule is in functions/domain/enquiries/; another vendor's or
 * couple's lead or booking is 404 and changes nothing.
 */
export const leadsApi = new Resource("/leads", "Enquiries (leads)")
  .endpoint(
    {
      method: "get",
      path: "/",
      summary: "The vendor's enquiry inbox, newest first, with the unread count",
      description: "Filters: status (NEW, CONTACTED, QUOTED, BOOKED, LOST, SPAM; without it spam is left out), serviceId, page (50 a page).",
      query: z.object({ status: z.string().max(20).optional(), serviceId: id.optional(), page: numeric(z.number().int().min(1).max(1000).optional()) }),
      access: ACCESS.vendor,
    },
    async (c, { query }) => c.json({ success: true, ...(await vendorInbox(c.get("domain"), query)) }),
  )
  .endpoint({ method: "get", path: "/mine", summary: "The couple's enquiries, newest first", access: ACCESS.couple }, async (c) =>
    c.json({ success: true, leads: await coupleLeads(c.get("domain")) }),
  )
  .endpoint(
    {
      method: "get",
      path: "/:id",
      summary: "One enquiry's conversation (its vendor or its couple); marks it read",
      description: "Messages both ways, quotes (the acceptable one), the booking id, and the other side's contact details once the vendor has replied.",
      params: leadParams,
      access: PARTIES,
      responses: { 200: "The conversation", 404: "Not your enquiry" },
    },
    async (c, { params }) => c.json({ success: true, lead: await leadConversation(c.get("domain"), params.id) }),
  )
  .endpoint(
    {
      method: "post",
      path: "/:id/messages",
      summary: "Send a message in the conversation (vendor or couple); the other side is e-mailed",
      description: "The vendor's first message moves a NEW enquiry to CONTACTED and counts as its first reply. 409 on a closed enquiry.",
      params: leadParams,
      body: leadMessageInput,
      access: PARTIES,
      responses: { 201: "The message", 404: "Not your enquiry", 409: "The enquiry is closed" },
    },
    async (c, { params, body }) => c.json({ success: true, message: m.api_message_sent(), sent: await sendLeadMessage(c.get("domain"), params.id, body) }, 201),
  )
  .endpoint(
    {
      method: "post",
      path: "/:id/quote",
      summary: "Send a quote (vendor): amount in whole rupees, what it includes, valid until",
      params: leadParams,
      body: quoteInput,
      access: ACCESS.vendor,
      responses: { 201: "The quote", 404: "Not your enquiry", 409: "The enquiry is closed" },
    },
    async (c, { params, body }) => c.json({ success: true, message: m.api_quote_sent(), quote: await sendQuote(c.get("domain"), params.id, body) }, 201),
  )
  .endpoint(
    {
      method: "patch",
      path: "/:id/status",
      summary: "Mark an enquiry lost (with a reason) or report it as spam (vendor)",
      description: "Body {status: LOST, reason} or {status: SPAM}. Spam goes to the admin queue and stops counting in lead figures. 409 on a closed enquiry.",
      params: leadParams,
      body: leadStatusInput,
      access: ACCESS.vendor,
      responses: { 200: "The new status", 404: "Not your enquiry", 409: "Not allowed from the current status" },
    },
    async (c, { params, body }) => c.json({ success: true, message: m.api_enquiry_updated(), lead: await setLeadStatus(c.get("domain"), params.id, body) }),
  )
  .endpoint(
    {
      method: "post",
      path: "/:id/booking",
      summary: "Mark an enquiry BOOKED with the agreed terms (vendor): creates the booking",
      description:
        "agreedPrice, eventDate, eventEndDate?, advancePaid?, notes?, payments [{title, amount, dueDate}], deliverables [{title, dueDate}]. One booking per enquiry (409).",
      params: leadParams,
      body: bookingInput,
      access: ACCESS.vendor,
      responses: { 201: "The booking", 404: "Not your enquiry", 409: "Closed or already booked" },
    },
    async (c, { params, body }) =>
      c.json({ success: true, message: m.api_booking_confirmed(), booking: await bookLead(c.get("domain"), params.id, body) }, 201),
  )
  .endpoint(
    {
      method: "post",
      path: "/:id/accept-quote",
      summary: "Accept the vendor's latest quote (couple): creates the booking at the quoted price",
      params: leadParams,
      access: ACCESS.couple,
      responses: { 201: "The booking", 404: "Not your enquiry", 409: "No valid quote" },
    },
    async (c, { params }) => c.json({ success: true, message: m.api_quote_accepted(), booking: await acceptQuote(c.get("domain"), params.id) }, 201),
  )
  .endpoint(
    {
      method: "post",
      path: "/:id/withdraw",
      summary: "Withdraw an open enquiry (couple): closed as lost, reason “Withdrawn by couple”",
      params: leadParams,
      access: ACCESS.couple,
      responses: { 200: "The new status", 404: "Not your enquiry", 409: "Already closed" },
    },
    async (c, { params }) => c.json({ success: true, message: m.api_enquiry_withdrawn(), lead: await withdrawLead(c.get("domain"), params.id) }),
  );

export const bookingsApi = new Resource("/bookings", "Bookings")
  .endpoint({ method: "get", path: "/", summary: "The vendor's or the couple's own bookings, upcoming and past", access: PARTIES }, async (c) =>
    c.json({ success: true, ...(await myBookings(c.get("domain"))) }),
  )
  .endpoint(
    { method: "get", path: "/:id", summary: "One booking (its vendor or its couple see the same record)", params: bookingParams, access: PARTIES },
    async (c, { params }) => c.json({ success: true, booking: await bookingById(c.get("domain"), params.id) }),
  )
  .endpoint(
    {
      method: "patch",
      path: "/:id",
      summary: "Update a booking (vendor): advance received, event day(s) (calendar follows), or status COMPLETED after the event",
      params: bookingParams,
      body: bookingUpdateInput,
      access: ACCESS.vendor,
      responses: { 200: "The booking", 404: "Not your booking", 409: "Not allowed now" },
    },
    async (c, { params, body }) => c.json({ success: true, message: m.api_booking_updated(), booking: await updateBooking(c.get("domain"), params.id, body) }),
  )
  .endpoint(
    {
      method: "post",
      path: "/:id/cancel",
      summary: "Cancel a confirmed booking with a reason (vendor or couple); frees its calendar days",
      params: bookingParams,
      body: cancelInput,
      access: PARTIES,
      responses: { 200: "The booking", 404: "Not your booking", 409: "Not confirmed" },
    },
    async (c, { params, body }) =>
      c.json({ success: true, message: m.api_booking_cancelled(), booking: await cancelBooking(c.get("domain"), params.id, body) }),
  )
  .endpoint(
    {
      method: "patch",
      path: "/:id/milestones/:milestoneId",
      summary: "Mark a deliverable delivered or an instalment received (vendor)",
      params: z.object({ id, milestoneId: id }),
      body: milestoneUpdateInput,
      access: ACCESS.vendor,
    },
    async (c, { params, body }) =>
      c.json({ success: true, message: m.api_booking_updated(), booking: await setMilestoneDone(c.get("domain"), params.id, params.milestoneId, body) }),
  );
