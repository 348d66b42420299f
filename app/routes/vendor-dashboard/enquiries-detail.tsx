import { Form, Link, redirect, useNavigation } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/enquiries-detail";
import { appContext } from "#functions/page-context.ts";
import { loadOrRespond, readForm, submitOrRespond } from "#app/lib/page-errors.server.ts";
import {
  leadConversation,
  markLeadRead,
  sendLeadMessage,
  sendQuote,
  setLeadStatus,
  withdrawLead,
  acceptQuote,
  bookingPath,
  bookLead,
} from "#domain/enquiries/index.ts";
import { formatDate, formatRupees } from "#shared/format.ts";
import { todayInIndia } from "#shared/listing-rules.ts";
import { pageTitle } from "#shared/strings.ts";
import { resultFor, StatusPill } from "./enquiries-ui.tsx";
import { Field, FormAlert, Panel, TextArea } from "#app/components/ui/index.ts";

/**
 * One enquiry's conversation, for its vendor (/VendorDashboard/enquiries/:leadId: reply, quote,
 * mark lost, report spam, create the booking) and its couple (/profile/enquiries/:leadId: reply,
 * accept the quote, withdraw). Plain forms with an `intent`, so everything works without JavaScript;
 * every rule is the domain's (functions/domain/enquiries/: the conversation's files and bookings.ts).
 */
export const meta: Route.MetaFunction = () => [{ title: pageTitle("Enquiry") }, { name: "robots", content: "noindex" }];

/**
 * Opening the conversation marks it read before the loaders run (they run side by side), so the
 * sidebar's unread count of the dashboard layout on this very page no longer counts it.
 */
export const middleware: Route.MiddlewareFunction[] = [
  async ({ request, context, params }, next) => {
    if (request.method === "GET" || request.method === "HEAD") await markLeadRead(context.get(appContext).domain, params.leadId);
    return next();
  },
];

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { domain } = context.get(appContext);
  return loadOrRespond(request, async () => ({ lead: await leadConversation(domain, params.leadId), today: todayInIndia(domain.now) }));
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

export async function action({ request, context, params }: Route.ActionArgs) {
  const { domain } = context.get(appContext);
  let intent = "";
  return submitOrRespond(
    request,
    async () => {
      const { input } = await readForm(request, z.record(z.string(), z.unknown()));
      intent = String(input.intent ?? "");
      const id = params.leadId;
      switch (intent) {
        case "reply":
          await sendLeadMessage(domain, id, { body: input.body });
          return { ok: true as const, intent, message: "Message sent." };
        case "quote":
          await sendQuote(domain, id, input);
          return { ok: true as const, intent, message: "Quote sent." };
        case "lost":
          await setLeadStatus(domain, id, { status: "LOST", reason: input.reason });
          return { ok: true as const, intent, message: "Enquiry marked lost." };
        case "spam":
          await setLeadStatus(domain, id, { status: "SPAM" });
          return { ok: true as const, intent, message: "Enquiry reported as spam." };
        case "withdraw":
          await withdrawLead(domain, id);
          return { ok: true as const, intent, message: "Enquiry withdrawn." };
        case "book": {
          const booking = await bookLead(domain, id, bookingTerms(input));
          throw redirect(bookingPath("vendor", booking.id));
        }
        case "accept": {
          const booking = await acceptQuote(domain, id);
          throw redirect(bookingPath("couple", booking.id));
        }
        default:
          return { ok: false as const, intent, message: "Unknown action.", errors: {} };
      }
    },
    {
      get intent() {
        return intent;
      },
    },
  );
}

export default function Conversation({ loaderData, actionData }: Route.ComponentProps) {
  const { lead, today } = loaderData;
  const busy = useNavigation().state !== "idle";
  const isVendor = lead.side === "vendor";
  const base = isVendor ? "/VendorDashboard" : "/profile";
  const r = (intent: string) => resultFor(actionData as Parameters<typeof resultFor>[0], intent);
  const reply = r("reply");
  const quote = r("quote");
  const lost = r("lost");
  const book = r("book");
  const other = [r("spam"), r("withdraw"), r("accept")].find((x) => x.message);
  return (
    <div className="space-y-4">
      <p>
        <Link to={`${base}/enquiries`} className="text-sm font-semibold text-maroon-700 underline">
          ← {isVendor ? "All enquiries" : "My enquiries"}
        </Link>
      </p>
      <Panel>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h1 className="text-2xl font-bold text-maroon-700 md:text-3xl">{isVendor ? lead.couple.name : lead.vendor.name}</h1>
          <StatusPill status={isVendor || lead.status !== "SPAM" ? lead.status : "LOST"} />
        </div>
        <p className="text-ink/80">{lead.service.name}</p>
        <dl className="mt-3 grid grid-cols-2 gap-2 text-sm md:grid-cols-4">
          <div>
            <dt className="text-ink/65">Sent</dt>
            <dd>{formatDate(lead.created_at)}</dd>
          </div>
          <div>
            <dt className="text-ink/65">Event date</dt>
            <dd>{lead.event_date ? formatDate(lead.event_date) : "Not given"}</dd>
          </div>
          <div>
            <dt className="text-ink/65">Guests</dt>
            <dd>{lead.guest_count ?? "Not given"}</dd>
          </div>
          <div>
            <dt className="text-ink/65">Budget</dt>
            <dd>{lead.budget !== null ? formatRupees(lead.budget) : "Not given"}</dd>
          </div>
        </dl>
        {lead.contact ? (
          <p className="mt-3 text-sm" data-testid="contact">
            Contact: <a href={`mailto:${lead.contact.email}`}>{lead.contact.email}</a>
            {lead.contact.phone ? ` · ${lead.contact.phone}` : ""}
          </p>
        ) : (
          <p className="mt-3 text-sm text-ink/70">Contact details are shared once {isVendor ? "you reply" : "the vendor replies"}.</p>
        )}
        {lead.lost_reason && <p className="mt-2 text-sm">Closed: {lead.lost_reason}</p>}
        {lead.bookingId && (
          <p className="mt-3">
            <Link to={`${base}/bookings/${lead.bookingId}`} className="btn-primary px-4 py-2">
              See the booking
            </Link>
          </p>
        )}
      </Panel>

      <Panel title="Conversation" headingId="conversation-heading">
        {other && <FormAlert message={other.message} tone={other.ok ? "success" : "error"} className="mb-3" />}
        <ol className="space-y-3" aria-label="Messages">
          <li className={`max-w-[85%] rounded-xl p-3 ${isVendor ? "bg-maroon-50" : "ml-auto bg-amber-50"}`}>
            <p className="text-xs text-ink/65">
              {lead.couple.name} · {formatDate(lead.created_at)}
            </p>
            <p className="whitespace-pre-line">{lead.message}</p>
          </li>
          {lead.messages.map((m) => {
            const mine = (m.from === "vendor") === isVendor;
            return (
              <li key={m.id} className={`max-w-[85%] rounded-xl p-3 ${mine ? "ml-auto bg-amber-50" : "bg-maroon-50"}`}>
                <p className="text-xs text-ink/65">
                  {m.from === "vendor" ? lead.vendor.name : lead.couple.name} · {formatDate(m.created_at)}
                </p>
                <p className="whitespace-pre-line">{m.body}</p>
              </li>
            );
          })}
        </ol>
        {lead.can.reply && (
          <Form method="post" className="mt-4 space-y-2">
            <FormAlert message={reply.message} tone={reply.ok ? "success" : "error"} className="mb-3" />
            <TextArea label="Your reply" name="body" error={reply.errors.body} defaultValue={reply.values.body} required />
            <button type="submit" name="intent" value="reply" className="btn-primary px-5 py-2" disabled={busy}>
              Send
            </button>
          </Form>
        )}
      </Panel>

      {lead.acceptableQuote && (
        <Panel title="Quote" headingId="quote-heading">
          <p className="text-2xl font-bold">{formatRupees(lead.acceptableQuote.amount)}</p>
          <p className="whitespace-pre-line">{lead.acceptableQuote.includes}</p>
          <p className="text-sm text-ink/70">Valid until {formatDate(lead.acceptableQuote.valid_until)}</p>
          {lead.can.accept && (
            <Form method="post" className="mt-3">
              <button type="submit" name="intent" value="accept" className="btn-primary px-5 py-2" disabled={busy}>
                Accept quote and book
              </button>
            </Form>
          )}
        </Panel>
      )}
      {!lead.acceptableQuote && lead.quotes[0]?.expired && lead.status === "QUOTED" && (
        <Panel>
          <p>
            The quote expired on {formatDate(lead.quotes[0].valid_until)}. {isVendor ? "Send a new one below." : "Ask the vendor for a new one."}
          </p>
        </Panel>
      )}

      {lead.can.quote && (
        <Panel title="Send a quote" headingId="send-quote-heading">
          <Form method="post" className="grid gap-3 md:grid-cols-2">
            <div className="md:col-span-2">
              <FormAlert message={quote.message} tone={quote.ok ? "success" : "error"} className="mb-3" />
            </div>
            <Field
              label="Amount (₹, whole rupees)"
              name="amount"
              type="number"
              min={1}
              required
              error={quote.errors.amount}
              defaultValue={quote.values.amount}
            />
            <Field
              label="Valid until"
              name="validUntil"
              type="date"
              min={today}
              required
              error={quote.errors.validUntil}
              defaultValue={quote.values.validUntil}
            />
            <div className="md:col-span-2">
              <TextArea label="What it includes" name="includes" required error={quote.errors.includes} defaultValue={quote.values.includes} />
            </div>
            <div>
              <button type="submit" name="intent" value="quote" className="btn-primary px-5 py-2" disabled={busy}>
                Send quote
              </button>
            </div>
          </Form>
        </Panel>
      )}

      {lead.can.book && (
        <Panel title="Mark as booked" headingId="book-heading">
          <details open={Boolean(book.message)}>
            <summary className="cursor-pointer text-sm font-semibold text-maroon-700 underline">Enter the agreed price, dates and deliverables</summary>
            <Form method="post" className="grid gap-3 md:grid-cols-2">
              <div className="md:col-span-2">
                <FormAlert message={book.message} tone={book.ok ? "success" : "error"} className="mb-3" />
              </div>
              <Field
                label="Agreed price (₹)"
                name="agreedPrice"
                type="number"
                min={1}
                required
                error={book.errors.agreedPrice}
                defaultValue={book.values.agreedPrice ?? lead.acceptableQuote?.amount ?? ""}
              />
              <Field label="Advance paid (₹)" name="advancePaid" type="number" min={0} error={book.errors.advancePaid} defaultValue={book.values.advancePaid} />
              <Field
                label="Event date"
                name="eventDate"
                type="date"
                min={today}
                required
                error={book.errors.eventDate}
                defaultValue={book.values.eventDate ?? lead.event_date ?? ""}
              />
              <Field
                label="Last event day (optional)"
                name="eventEndDate"
                type="date"
                min={today}
                error={book.errors.eventEndDate}
                defaultValue={book.values.eventEndDate}
              />
              <Field label="Balance (₹)" name="balance1Amount" type="number" min={1} error={book.errors.payments} defaultValue={book.values.balance1Amount} />
              <Field label="Balance due on" name="balance1Due" type="date" defaultValue={book.values.balance1Due} />
              <fieldset className="md:col-span-2">
                <legend className="text-sm font-medium">Deliverables promised (due dates; leave empty if not promised)</legend>
                <div className="mt-1 grid gap-3 md:grid-cols-3">
                  <Field label="Album due" name="albumDue" type="date" defaultValue={book.values.albumDue} />
                  <Field label="Edited video due" name="videoDue" type="date" defaultValue={book.values.videoDue} />
                  <Field label="Raw photos due" name="rawDue" type="date" defaultValue={book.values.rawDue} error={book.errors.deliverables} />
                </div>
              </fieldset>
              <div className="md:col-span-2">
                <TextArea label="Notes (optional)" name="notes" rows={2} error={book.errors.notes} defaultValue={book.values.notes} />
              </div>
              <div>
                <button type="submit" name="intent" value="book" className="btn-primary px-5 py-2" disabled={busy}>
                  Confirm booking
                </button>
              </div>
            </Form>
          </details>
        </Panel>
      )}

      {(lead.can.lost || lead.can.spam || lead.can.withdraw) && (
        <Panel title="Close this enquiry" headingId="close-heading">
          {lead.can.lost && (
            <Form method="post" className="space-y-2">
              <FormAlert message={lost.message} tone={lost.ok ? "success" : "error"} className="mb-3" />
              <Field label="Reason" name="reason" required error={lost.errors.reason} defaultValue={lost.values.reason} />
              <button type="submit" name="intent" value="lost" className="btn-secondary px-4 py-2" disabled={busy}>
                Mark lost
              </button>
            </Form>
          )}
          {lead.can.spam && (
            <Form method="post" className="mt-4">
              <button type="submit" name="intent" value="spam" className="text-sm font-semibold text-red-700 underline" disabled={busy}>
                Report as spam
              </button>
            </Form>
          )}
          {lead.can.withdraw && (
            <Form method="post">
              <p className="mb-2 text-sm text-ink/75">No longer need {lead.vendor.name}? The vendor is told.</p>
              <button type="submit" name="intent" value="withdraw" className="btn-secondary px-4 py-2" disabled={busy}>
                Withdraw enquiry
              </button>
            </Form>
          )}
        </Panel>
      )}
    </div>
  );
}
