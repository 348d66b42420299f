import { Link, useActionData, useFetcher } from "react-router";
import type { PageFailure } from "#app/lib/page-errors.server.ts";
import { loginPath } from "#shared/links.ts";
import { formatDate, replyTimeLabel } from "#shared/format.ts";
import { LEAD_MESSAGE_MIN } from "#shared/listing-limits.ts";
import { LISTING } from "#shared/listing-words.ts";
import { Field, FormAlert, TextArea } from "#app/components/ui/index.ts";
import type { action } from "./service.server.ts";
import type { LoaderData } from "./types.ts";
import { rich } from "#app/components/rich.tsx";
import { m } from "#shared/paraglide/messages.js";

export function EnquiryPanel({ data: d }: { data: LoaderData }) {
  const { service, viewer, canonical, today } = d;
  const fetcher = useFetcher<typeof action>();
  // Without JavaScript the form posts the whole page and the answer arrives as the page's action data.
  const pageResult = useActionData<typeof action>();
  const result = fetcher.data ?? (pageResult && pageResult.intent === "enquire" ? pageResult : undefined);
  const failure = result && !result.ok && result.intent === "enquire" ? (result as PageFailure) : null;
  const sent = result && result.ok && "lead" in result ? result.lead : null;
  const vendorName = service.vendor.name;
  const vendor = <span translate="no">{vendorName}</span>;

  if (sent) {
    return (
      <section aria-labelledby="enquiry-heading" className="rounded-2xl border border-emerald-200 bg-emerald-50 p-5" role="status">
        <h2 id="enquiry-heading" className="text-lg font-bold text-emerald-900">
          {LISTING.enquirySent(sent.vendorName)}
        </h2>
        <h3 className="mt-3 font-semibold">{LISTING.whatNextHeading}</h3>
        <ol className="mt-2 list-decimal space-y-1 pl-5 text-sm text-ink/85">
          {LISTING.whatNext(sent.vendorName, replyTimeLabel(sent.replyMinutesMedian)).map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ol>
      </section>
    );
  }
  return (
    <section aria-labelledby="enquiry-heading" id="enquiry" className="rounded-2xl border border-maroon-100 bg-white p-5 shadow-sm">
      <h2 id="enquiry-heading" className="text-lg font-bold">
        {LISTING.enquiryHeading}
      </h2>
      {!viewer.signedIn ? (
        <>
          <p className="mt-1 text-sm text-ink/75">{rich(m.public_enquiry_tell, { vendor })}</p>
          <Link to={loginPath(`${canonical}#enquiry`)} className="btn-primary mt-4 w-full">
            {LISTING.loginToEnquire}
          </Link>
        </>
      ) : !viewer.canEnquire ? (
        <p className="mt-1 text-sm text-ink/75">{m.public_enquiry_couples_only()}</p>
      ) : viewer.openLead ? (
        <div className="mt-2 text-sm text-ink/85" role="status">
          <p className="font-semibold">{LISTING.enquiryOpen}</p>
          <p className="mt-1">
            {m.public_enquiry_sent_on({ date: formatDate(viewer.openLead.created_at) })}
            {viewer.openLead.event_date ? m.public_enquiry_for({ date: formatDate(viewer.openLead.event_date) }) : ""}
            {m.public_enquiry_status({ status: viewer.openLead.status.toLowerCase() })}
          </p>
          <p className="mt-1">
            {rich(m.public_enquiry_will_reply, { vendor })}{" "}
            <Link to={`/profile/enquiries/${viewer.openLead.id}`} className="font-semibold text-maroon-700 underline">
              {m.public_enquiry_open_conversation()}
            </Link>
          </p>
        </div>
      ) : (
        <fetcher.Form method="post" className="mt-3 flex flex-col gap-3">
          <input type="hidden" name="intent" value="enquire" />
          <FormAlert className="m-0" message={failure && !Object.keys(failure.errors).length ? failure.message : undefined} />
          <TextArea
            id="enquiry-message"
            name="message"
            label={m.public_enquiry_message()}
            hint={m.public_enquiry_message_hint({ min: LEAD_MESSAGE_MIN })}
            error={failure?.errors.message}
            required
            minLength={LEAD_MESSAGE_MIN}
            maxLength={2000}
            rows={4}
            placeholder={m.public_enquiry_message_placeholder()}
          />
          <div className="grid grid-cols-2 gap-2">
            <Field
              id="enquiry-date"
              type="date"
              name="eventDate"
              label={m.public_enquiry_date()}
              min={today}
              error={failure?.errors.eventDate}
              className="col-span-2"
            />
            <Field
              id="enquiry-guests"
              type="number"
              name="guestCount"
              label={m.public_enquiry_guests()}
              min={1}
              max={100000}
              error={failure?.errors.guestCount}
            />
            <Field id="enquiry-budget" type="number" name="budget" label={m.public_enquiry_budget()} min={0} step={1000} error={failure?.errors.budget} />
          </div>
          <button type="submit" className="btn-primary disabled:opacity-60" disabled={fetcher.state !== "idle"}>
            {fetcher.state !== "idle" ? m.public_enquiry_sending() : LISTING.enquirySubmit}
          </button>
          <p className="text-xs text-ink/70">{rich(m.public_enquiry_sees, { vendor })}</p>
        </fetcher.Form>
      )}
    </section>
  );
}
