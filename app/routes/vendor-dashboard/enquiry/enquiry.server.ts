import { redirect } from "react-router";
import { ACCESS, type DomainContext } from "#domain/core/index.ts";
import { acceptQuote, bookingPath, bookLead, leadConversation, sendLeadMessage, sendQuote, setLeadStatus, withdrawLead } from "#domain/enquiries/index.ts";
import { pageAction } from "#app/lib/page-action.server.ts";
import { loadOrRespond } from "#app/lib/page-errors.server.ts";
import { todayInIndia } from "#shared/listing-rules.ts";
import { m } from "#shared/paraglide/messages.js";

/** The conversation as its vendor or its couple sees it (the domain decides which, and what they may do). */
export function loadEnquiry(request: Request, domain: DomainContext, leadId: string) {
  return loadOrRespond(request, async () => ({ lead: await leadConversation(domain, leadId), today: todayInIndia(domain.now) }));
}

const DELIVERABLES = [
  ["album", "Album"],
  ["video", "Edited video"],
  ["raw", "Raw photos"],
] as const;

/** The booking form's flat fields as the domain's booking terms. */
function bookingTerms(f: Record<string, unknown>) {
  const text = (k: string) => (typeof f[k] === "string" ? (f[k] as string).trim() : "");
  const payments = [1, 2]
    .filter((i) => text(`balance${i}Amount`) || text(`balance${i}Due`))
    .map((i) => ({ title: i === 1 ? "Balance" : `Balance instalment ${i}`, amount: text(`balance${i}Amount`), dueDate: text(`balance${i}Due`) }));
  const deliverables = DELIVERABLES.filter(([k]) => text(`${k}Due`)).map(([k, title]) => ({ title, dueDate: text(`${k}Due`) }));
  return {
    agreedPrice: text("agreedPrice"),
    eventDate: text("eventDate"),
    eventEndDate: text("eventEndDate"),
    advancePaid: text("advancePaid"),
    notes: text("notes"),
    payments,
    deliverables,
  };
}

const leadOf = (params: Record<string, string | undefined>) => params.leadId ?? "";
const sent = (intent: string, message: string) => ({ ok: true as const, intent, message });

/**
 * Every form of the conversation (by intent), each one domain call: the vendor's reply, quote, lost,
 * spam and booking; the couple's reply, withdraw and accept. A booking made goes to its page.
 */
export const enquiryAction = pageAction({
  access: ACCESS.signedIn,
  intents: {
    reply: async ({ domain, params, fields, intent }) => {
      await sendLeadMessage(domain, leadOf(params), { body: fields.body });
      return sent(intent, m.api_message_sent());
    },
    quote: async ({ domain, params, fields, intent }) => {
      await sendQuote(domain, leadOf(params), fields);
      return sent(intent, m.api_quote_sent());
    },
    lost: async ({ domain, params, fields, intent }) => {
      await setLeadStatus(domain, leadOf(params), { status: "LOST", reason: fields.reason });
      return sent(intent, m.api_enquiry_marked_lost());
    },
    spam: async ({ domain, params, intent }) => {
      await setLeadStatus(domain, leadOf(params), { status: "SPAM" });
      return sent(intent, m.api_enquiry_reported_spam());
    },
    withdraw: async ({ domain, params, intent }) => {
      await withdrawLead(domain, leadOf(params));
      return sent(intent, m.api_enquiry_withdrawn());
    },
    book: async ({ domain, params, fields }) => {
      const booking = await bookLead(domain, leadOf(params), bookingTerms(fields));
      return redirect(bookingPath("vendor", booking.id));
    },
    accept: async ({ domain, params }) => {
      const booking = await acceptQuote(domain, leadOf(params));
      return redirect(bookingPath("couple", booking.id));
    },
  },
});
