import { Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/route";
import { appContext } from "#functions/page-context.ts";
import { markLeadRead } from "#domain/enquiries/index.ts";
import { formatDate, formatRupees } from "#shared/format.ts";
import { pageTitle } from "#shared/strings.ts";
import { m } from "#shared/paraglide/messages.js";
import { rich } from "#app/components/rich.tsx";
import { FormAlert, Panel, TextArea } from "#app/components/ui/index.ts";
import { resultFor, StatusPill } from "../enquiries-ui.tsx";
import { enquiryAction, loadEnquiry } from "./enquiry.server.ts";
import { BookForm, CloseForms, QuoteForm } from "./enquiry-forms.tsx";

/**
 * One enquiry's conversation, for its vendor (/VendorDashboard/enquiries/:leadId: reply, quote,
 * mark lost, report spam, create the booking) and its couple (/profile/enquiries/:leadId: reply,
 * accept the quote, withdraw). Plain forms with an `intent`, so everything works without JavaScript;
 * every rule is the domain's (functions/domain/enquiries/: the conversation's files and bookings.ts).
 * The loader and the forms' action are enquiry.server.ts's; the vendor's longer forms enquiry-forms.tsx's.
 */
export const meta: Route.MetaFunction = () => [{ title: pageTitle(m.vendor_enquiry_title()) }, { name: "robots", content: "noindex" }];

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
  return loadEnquiry(request, context.get(appContext).domain, params.leadId);
}

export const action = enquiryAction;

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
          ← {isVendor ? m.vendor_enquiry_all() : m.vendor_enquiries_mine_title()}
        </Link>
      </p>
      <Panel>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h1 className="text-2xl font-bold text-maroon-700 md:text-3xl" translate="no">
            {isVendor ? lead.couple.name : lead.vendor.name}
          </h1>
          <StatusPill status={isVendor || lead.status !== "SPAM" ? lead.status : "LOST"} />
        </div>
        <p className="text-ink/80" translate="no">
          {lead.service.name}
        </p>
        <dl className="mt-3 grid grid-cols-2 gap-2 text-sm md:grid-cols-4">
          <div>
            <dt className="text-ink/65">{m.vendor_enquiry_sent()}</dt>
            <dd>{formatDate(lead.created_at)}</dd>
          </div>
          <div>
            <dt className="text-ink/65">{m.vendor_enquiry_event_date()}</dt>
            <dd>{lead.event_date ? formatDate(lead.event_date) : m.vendor_enquiry_not_given()}</dd>
          </div>
          <div>
            <dt className="text-ink/65">{m.vendor_enquiry_guests()}</dt>
            <dd>{lead.guest_count ?? m.vendor_enquiry_not_given()}</dd>
          </div>
          <div>
            <dt className="text-ink/65">{m.vendor_enquiry_budget()}</dt>
            <dd>{lead.budget !== null ? formatRupees(lead.budget) : m.vendor_enquiry_not_given()}</dd>
          </div>
        </dl>
        {lead.contact ? (
          <p className="mt-3 text-sm" data-testid="contact">
            {m.vendor_enquiry_contact()}{" "}
            <a href={`mailto:${lead.contact.email}`} translate="no">
              {lead.contact.email}
            </a>
            {lead.contact.phone ? ` · ${lead.contact.phone}` : ""}
          </p>
        ) : (
          <p className="mt-3 text-sm text-ink/70">{isVendor ? m.vendor_enquiry_contact_later_vendor() : m.vendor_enquiry_contact_later_couple()}</p>
        )}
        {lead.lost_reason && <p className="mt-2 text-sm">{rich(m.vendor_enquiry_closed, { reason: <span translate="no">{lead.lost_reason}</span> })}</p>}
        {lead.bookingId && (
          <p className="mt-3">
            <Link to={`${base}/bookings/${lead.bookingId}`} className="btn-primary px-4 py-2">
              {m.vendor_enquiry_see_booking()}
            </Link>
          </p>
        )}
      </Panel>

      <Panel title={m.vendor_enquiry_conversation()} headingId="conversation-heading">
        {other && <FormAlert message={other.message} tone={other.ok ? "success" : "error"} className="mb-3" />}
        <ol className="space-y-3" aria-label={m.vendor_enquiry_messages()}>
          <li className={`max-w-[85%] rounded-xl p-3 ${isVendor ? "bg-maroon-50" : "ml-auto bg-amber-50"}`}>
            <p className="text-xs text-ink/65">
              <span translate="no">{lead.couple.name}</span> · {formatDate(lead.created_at)}
            </p>
            <p className="whitespace-pre-line" translate="no">
              {lead.message}
            </p>
          </li>
          {lead.messages.map((msg) => {
            const mine = (msg.from === "vendor") === isVendor;
            return (
              <li key={msg.id} className={`max-w-[85%] rounded-xl p-3 ${mine ? "ml-auto bg-amber-50" : "bg-maroon-50"}`}>
                <p className="text-xs text-ink/65">
                  <span translate="no">{msg.from === "vendor" ? lead.vendor.name : lead.couple.name}</span> · {formatDate(msg.created_at)}
                </p>
                <p className="whitespace-pre-line" translate="no">
                  {msg.body}
                </p>
              </li>
            );
          })}
        </ol>
        {lead.can.reply && (
          <Form method="post" className="mt-4 space-y-2">
            <FormAlert message={reply.message} tone={reply.ok ? "success" : "error"} className="mb-3" />
            <TextArea label={m.vendor_enquiry_your_reply()} name="body" error={reply.errors.body} defaultValue={reply.values.body} required />
            <button type="submit" name="intent" value="reply" className="btn-primary px-5 py-2" disabled={busy}>
              {m.vendor_enquiry_send()}
            </button>
          </Form>
        )}
      </Panel>

      {lead.acceptableQuote && (
        <Panel title={m.vendor_enquiry_quote()} headingId="quote-heading">
          <p className="text-2xl font-bold">{formatRupees(lead.acceptableQuote.amount)}</p>
          <p className="whitespace-pre-line" translate="no">
            {lead.acceptableQuote.includes}
          </p>
          <p className="text-sm text-ink/70">{m.vendor_enquiry_valid_until_text({ date: formatDate(lead.acceptableQuote.valid_until) })}</p>
          {lead.can.accept && (
            <Form method="post" className="mt-3">
              <button type="submit" name="intent" value="accept" className="btn-primary px-5 py-2" disabled={busy}>
                {m.vendor_enquiry_accept()}
              </button>
            </Form>
          )}
        </Panel>
      )}
      {!lead.acceptableQuote && lead.quotes[0]?.expired && lead.status === "QUOTED" && (
        <Panel>
          <p>
            {m.vendor_enquiry_expired({ date: formatDate(lead.quotes[0].valid_until) })}{" "}
            {isVendor ? m.vendor_enquiry_expired_vendor() : m.vendor_enquiry_expired_couple()}
          </p>
        </Panel>
      )}

      {lead.can.quote && <QuoteForm quote={quote} today={today} busy={busy} />}
      {lead.can.book && <BookForm lead={lead} book={book} today={today} busy={busy} />}
      {(lead.can.lost || lead.can.spam || lead.can.withdraw) && <CloseForms lead={lead} lost={lost} busy={busy} />}
    </div>
  );
}
