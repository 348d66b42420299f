import { Form, Link } from "react-router";
import { WHATSAPP_PREFERENCES_PATH } from "#shared/links.ts";
import { SITE_NAME } from "#shared/strings.ts";
import { m } from "#shared/paraglide/messages.js";

/**
 * The dashboards' WhatsApp line (issue 32): whether WhatsApp messages are on, and one tap to stop
 * them (a plain form posting to /whatsapp-preferences, so it works without JavaScript) or the way
 * to turn them on.
 */
export function WhatsAppCard({ on, number }: { on: boolean; number: string | null }) {
  return (
    <section className="rounded-2xl border border-emerald-200 bg-white p-5 md:p-7" aria-labelledby="whatsapp-heading" data-testid="whatsapp-card">
      <h2 id="whatsapp-heading" className="text-xl font-bold">
        {m.account_whatsapp_title()}
      </h2>
      {on ? (
        <Form method="post" action={WHATSAPP_PREFERENCES_PATH} className="mt-2 flex flex-wrap items-center gap-3">
          <p className="text-sm">{m.account_whatsapp_card_on({ site: SITE_NAME, number: number ?? "" })}</p>
          <input type="hidden" name="whatsapp" value="off" />
          <button type="submit" className="btn-secondary">
            {m.account_whatsapp_stop()}
          </button>
        </Form>
      ) : (
        <p className="mt-2 text-sm">
          {m.account_whatsapp_card_off()}{" "}
          <Link to={WHATSAPP_PREFERENCES_PATH} className="font-semibold text-maroon-700 underline">
            {m.account_whatsapp_card_get()}
          </Link>
        </p>
      )}
    </section>
  );
}
