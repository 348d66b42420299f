import { Form, Link } from "react-router";
import { WHATSAPP_PREFERENCES_PATH } from "#shared/links.ts";

/**
 * The dashboards' WhatsApp line (issue 32): whether WhatsApp messages are on, and one tap to stop
 * them (a plain form posting to /whatsapp-preferences, so it works without JavaScript) or the way
 * to turn them on.
 */
export function WhatsAppCard({ on, number }: { on: boolean; number: string | null }) {
  return (
    <section className="rounded-2xl border border-emerald-200 bg-white p-5 md:p-7" aria-labelledby="whatsapp-heading" data-testid="whatsapp-card">
      <h2 id="whatsapp-heading" className="text-xl font-bold">
        WhatsApp messages
      </h2>
      {on ? (
        <Form method="post" action={WHATSAPP_PREFERENCES_PATH} className="mt-2 flex flex-wrap items-center gap-3">
          <p className="text-sm">
            On: Mandap messages <strong>{number}</strong> on WhatsApp about your enquiries and bookings.
          </p>
          <input type="hidden" name="whatsapp" value="off" />
          <button type="submit" className="btn-secondary">
            Stop WhatsApp messages
          </button>
        </Form>
      ) : (
        <p className="mt-2 text-sm">
          Off.{" "}
          <Link to={WHATSAPP_PREFERENCES_PATH} className="font-semibold text-maroon-700 underline">
            Get WhatsApp messages about your enquiries and bookings
          </Link>
        </p>
      )}
    </section>
  );
}
