/**
 * Enquiries and bookings: a couple's enquiry as a conversation with quotes, the booking it becomes,
 * a vendor's analytics and weekly summary.
 *
 * One job a file: make-lead.ts (sending an enquiry), lead-pipeline.ts (statuses and transitions),
 * conversation.ts (reading one), messages-and-quotes.ts, closing-leads.ts (lost, spam, withdrawn),
 * inbox.ts (inboxes and unread counts), reply-time.ts (the vendor's reply time), new-bookings.ts,
 * booking-views.ts, booking-changes.ts, booking-days.ts (the calendar's days),
 * vendor-analytics.ts, weekly-summary.ts; lead-records.ts holds what the conversation's jobs share
 * (the lead as its side may see it, links, mails), booking-records.ts what the booking jobs share.
 *
 * This file is the area's only face: code outside functions/domain/enquiries/ imports from here, never
 * from the files beside it (ESLint enforces it; docs/decisions/0039-domain-areas.md). It exports
 * what callers outside the area use, by name, so the inner helpers stay inside.
 */
export { bookingPath } from "./booking-records.ts";
export { bookLead, acceptQuote } from "./new-bookings.ts";
export { bookingById, myBookings, type BookingSummary } from "./booking-views.ts";
export { updateBooking, cancelBooking, setMilestoneDone } from "./booking-changes.ts";
export { makeLead, openLead, type OpenLead } from "./make-lead.ts";
export { LEAD_TRANSITIONS, type LeadAction, type LeadStatus } from "./lead-pipeline.ts";
export { leadConversation, markLeadRead } from "./conversation.ts";
export { sendLeadMessage, sendQuote } from "./messages-and-quotes.ts";
export { setLeadStatus, withdrawLead } from "./closing-leads.ts";
export { vendorInbox, coupleLeads, unreadLeadCount, type InboxLead } from "./inbox.ts";
export { refreshReplyTime } from "./reply-time.ts";
export { analyticsQuery, conversionRate, firstName, recentLeads, vendorAnalytics } from "./vendor-analytics.ts";
export { sendWeeklySummaries, weekOf, WEEKLY_SUMMARY_PAGE } from "./weekly-summary.ts";
export { receiveEmailReply, replyText, REPLY_RAW_MAX_BYTES, type ReplyOutcome } from "./email-replies.ts";
export { replyAddressFor, readReplyAddress } from "./reply-addresses.ts";
