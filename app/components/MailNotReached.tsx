import { Form, Link } from "react-router";
import { m } from "#shared/paraglide/messages.js";

/**
 * "We could not reach your e-mail address" (issue 31): mail to the person's address bounced, or a
 * mail was marked as spam, so nothing more is sent to it. Shown on the couple's and the vendor's
 * dashboards and on the e-mail page, with the two ways to fix it: change the address, or confirm
 * it is right (mail is sent to it again).
 */
export function MailNotReached({
  address,
  kind,
  role,
  action,
}: {
  address: string;
  kind: "BOUNCE" | "COMPLAINT";
  role: string;
  /** Where the confirm button posts (the e-mail page; its own URL when omitted). */
  action?: string;
}) {
  const change =
    role === "VENDOR" ? (
      <>
        <Link to="/VendorDashboard/vendor-profile" className="font-semibold text-maroon-700 underline">
          {m.account_mail_change_business_email()}
        </Link>
      </>
    ) : (
      <>
        <Link to="/contactus" className="font-semibold text-maroon-700 underline">
          {m.account_mail_write_to_us()}
        </Link>{" "}
        {m.account_mail_to_change_it()}
      </>
    );
  return (
    <section
      role="alert"
      aria-labelledby="mail-not-reached"
      className="rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-ink"
      data-testid="mail-not-reached"
    >
      <h2 id="mail-not-reached" className="font-sans text-base font-semibold text-ink">
        {m.account_mail_not_reached_title()}
      </h2>
      <p className="mt-1">
        {kind === "BOUNCE" ? m.account_mail_bounced({ address }) : m.account_mail_complained({ address })} {m.account_mail_if_wrong()} {change}
        {m.account_mail_if_right()}
      </p>
      <Form method="post" action={action} className="mt-3">
        <input type="hidden" name="intent" value="confirm-address" />
        <button type="submit" className="btn-secondary">
          {m.account_mail_send_again()}
        </button>
      </Form>
    </section>
  );
}
