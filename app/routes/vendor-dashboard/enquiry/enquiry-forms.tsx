import { Form } from "react-router";
import { Field, FormAlert, Panel, TextArea } from "#app/components/ui/index.ts";
import type { resultFor } from "../enquiries-ui.tsx";
import type { Route } from "./+types/route";
import { m } from "#shared/paraglide/messages.js";
import { rich } from "#app/components/rich.tsx";

/** The conversation's longer forms: the vendor's quote and booking, and closing the enquiry (lost, spam; the couple's withdraw). */
type Lead = Route.ComponentProps["loaderData"]["lead"];
type Result = ReturnType<typeof resultFor>;

export function QuoteForm({ quote, today, busy }: { quote: Result; today: string; busy: boolean }) {
  return (
    <Panel title={m.vendor_quote_heading()} headingId="send-quote-heading">
      <Form method="post" className="grid gap-3 md:grid-cols-2">
        <div className="md:col-span-2">
          <FormAlert message={quote.message} tone={quote.ok ? "success" : "error"} className="mb-3" />
        </div>
        <Field label={m.vendor_quote_amount()} name="amount" type="number" min={1} required error={quote.errors.amount} defaultValue={quote.values.amount} />
        <Field
          label={m.vendor_quote_valid_until()}
          name="validUntil"
          type="date"
          min={today}
          required
          error={quote.errors.validUntil}
          defaultValue={quote.values.validUntil}
        />
        <div className="md:col-span-2">
          <TextArea label={m.vendor_quote_includes()} name="includes" required error={quote.errors.includes} defaultValue={quote.values.includes} />
        </div>
        <div>
          <button type="submit" name="intent" value="quote" className="btn-primary px-5 py-2" disabled={busy}>
            {m.vendor_quote_send()}
          </button>
        </div>
      </Form>
    </Panel>
  );
}

export function BookForm({ lead, book, today, busy }: { lead: Lead; book: Result; today: string; busy: boolean }) {
  return (
    <Panel title={m.vendor_book_heading()} headingId="book-heading">
      <details open={Boolean(book.message)}>
        <summary className="cursor-pointer text-sm font-semibold text-maroon-700 underline">{m.vendor_book_summary()}</summary>
        <Form method="post" className="grid gap-3 md:grid-cols-2">
          <div className="md:col-span-2">
            <FormAlert message={book.message} tone={book.ok ? "success" : "error"} className="mb-3" />
          </div>
          <Field
            label={m.vendor_book_agreed()}
            name="agreedPrice"
            type="number"
            min={1}
            required
            error={book.errors.agreedPrice}
            defaultValue={book.values.agreedPrice ?? lead.acceptableQuote?.amount ?? ""}
          />
          <Field
            label={m.vendor_book_advance()}
            name="advancePaid"
            type="number"
            min={0}
            error={book.errors.advancePaid}
            defaultValue={book.values.advancePaid}
          />
          <Field
            label={m.vendor_book_event_date()}
            name="eventDate"
            type="date"
            min={today}
            required
            error={book.errors.eventDate}
            defaultValue={book.values.eventDate ?? lead.event_date ?? ""}
          />
          <Field
            label={m.vendor_book_last_day()}
            name="eventEndDate"
            type="date"
            min={today}
            error={book.errors.eventEndDate}
            defaultValue={book.values.eventEndDate}
          />
          <Field
            label={m.vendor_book_balance()}
            name="balance1Amount"
            type="number"
            min={1}
            error={book.errors.payments}
            defaultValue={book.values.balance1Amount}
          />
          <Field label={m.vendor_book_balance_due()} name="balance1Due" type="date" defaultValue={book.values.balance1Due} />
          <fieldset className="md:col-span-2">
            <legend className="text-sm font-medium">{m.vendor_book_deliverables()}</legend>
            <div className="mt-1 grid gap-3 md:grid-cols-3">
              <Field label={m.vendor_book_album()} name="albumDue" type="date" defaultValue={book.values.albumDue} />
              <Field label={m.vendor_book_video()} name="videoDue" type="date" defaultValue={book.values.videoDue} />
              <Field label={m.vendor_book_raw()} name="rawDue" type="date" defaultValue={book.values.rawDue} error={book.errors.deliverables} />
            </div>
          </fieldset>
          <div className="md:col-span-2">
            <TextArea label={m.vendor_book_notes()} name="notes" rows={2} error={book.errors.notes} defaultValue={book.values.notes} />
          </div>
          <div>
            <button type="submit" name="intent" value="book" className="btn-primary px-5 py-2" disabled={busy}>
              {m.vendor_book_confirm()}
            </button>
          </div>
        </Form>
      </details>
    </Panel>
  );
}

export function CloseForms({ lead, lost, busy }: { lead: Lead; lost: Result; busy: boolean }) {
  return (
    <Panel title={m.vendor_close_heading()} headingId="close-heading">
      {lead.can.lost && (
        <Form method="post" className="space-y-2">
          <FormAlert message={lost.message} tone={lost.ok ? "success" : "error"} className="mb-3" />
          <Field label={m.vendor_close_reason()} name="reason" required error={lost.errors.reason} defaultValue={lost.values.reason} />
          <button type="submit" name="intent" value="lost" className="btn-secondary px-4 py-2" disabled={busy}>
            {m.vendor_close_lost()}
          </button>
        </Form>
      )}
      {lead.can.spam && (
        <Form method="post" className="mt-4">
          <button type="submit" name="intent" value="spam" className="text-sm font-semibold text-red-700 underline" disabled={busy}>
            {m.vendor_close_spam()}
          </button>
        </Form>
      )}
      {lead.can.withdraw && (
        <Form method="post">
          <p className="mb-2 text-sm text-ink/75">{rich(m.vendor_close_withdraw_text, { name: <span translate="no">{lead.vendor.name}</span> })}</p>
          <button type="submit" name="intent" value="withdraw" className="btn-secondary px-4 py-2" disabled={busy}>
            {m.vendor_close_withdraw()}
          </button>
        </Form>
      )}
    </Panel>
  );
}
