import { Link } from "react-router";
import { formatIndianMobile } from "#shared/phone-schemas.ts";
import { m } from "#shared/paraglide/messages.js";

/**
 * The dashboards' "how we reach you" card (issue 32): the verified mobile number and the way to add
 * or change it (/mobile-number); for an account made with a number only, that receipts and
 * invoices stay on Mandap until it adds an e-mail address (/email-address).
 */
export function SignInWays({ verifiedPhone, email }: { verifiedPhone: string | null; email: string | null }) {
  return (
    <section className="rounded-2xl border border-maroon-100 bg-white p-5 md:p-7" aria-labelledby="sign-in-ways-heading" data-testid="sign-in-ways">
      <h2 id="sign-in-ways-heading" className="text-xl font-bold">
        {m.account_mobile_title()}
      </h2>
      <p className="mt-2 text-sm">
        {verifiedPhone ? `${m.account_mobile_current({ phone: formatIndianMobile(verifiedPhone) })} ` : null}
        <Link to="/mobile-number" className="font-semibold text-maroon-700 underline">
          {verifiedPhone ? m.account_mobile_change_link() : m.account_mobile_add_link()}
        </Link>
      </p>
      {email ? null : <NoEmailNote />}
    </section>
  );
}

/** Where a phone-only person would expect mail (receipts, invoices): they stay here until an address is added. */
export function NoEmailNote() {
  return (
    <p className="mt-2 text-sm" data-testid="no-email-note">
      {m.account_email_missing_note()}{" "}
      <Link to="/email-address" className="font-semibold text-maroon-700 underline">
        {m.account_email_add_link()}
      </Link>
    </p>
  );
}
