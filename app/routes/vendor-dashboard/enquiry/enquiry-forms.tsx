import { Form } from "react-router";
import { Field, FormAlert, Panel, TextArea } from "#app/components/ui/index.ts";
import type { resultFor } from "../enquiries-ui.tsx";
import type { Route } from "./+types/route";

/** The conversation's longer forms: the vendor's quote and booking, and closing the enquiry (lost, spam; the couple's withdraw). */
type Lead = Route.ComponentProps["loaderData"]["lead"];
type Result = ReturnType<typeof resultFor>;

export function QuoteForm({ quote, today, busy }: { quote: Result; today: string; busy: boolean }) {
  return (
    <Panel title="Send a quote" headingId="send-quote-heading">
      <Form method="post" className="grid gap-3 md:grid-cols-2">
        <div className="md:col-span-2">
          <FormAlert message={quote.message} tone={quote.ok ? "success" : "error"} className="mb-3" />
        </div>
        <Field label="Amount (₹, whole rupees)" name="amount" type="number" min={1} required error={quote.errors.amount} defaultValue={quote.values.amount} />
        <Field label="Valid until" name="validUntil" type="date" min={today} required error={quote.errors.validUntil} defaultValue={quote.values.validUntil} />
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
  );
}

export function BookForm({ lead, book, today, busy }: { lead: Lead; book: Result; today: string; busy: boolean }) {
  return (
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
  );
}

export function CloseForms({ lead, lost, busy }: { lead: Lead; lost: Result; busy: boolean }) {
  return (
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
  );
}
