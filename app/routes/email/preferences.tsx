import { data, Form } from "react-router";
import type { Route } from "./+types/preferences";
import { confirmMailAddress, emailPreferences, type EmailPreferencesView, saveEmailPreferences } from "#domain/accounts/index.ts";
import { formToObject, isDomainError, Unauthorized } from "#domain/core/index.ts";
import { appContext } from "#functions/page-context.ts";
import { AuthCard, SubmitButton, TextLink } from "#app/components/auth/AuthForm.tsx";
import { Checkbox, FormAlert } from "#app/components/ui/index.ts";
import { loginRedirect } from "#app/lib/page-errors.server.ts";
import { readFormData } from "#platform/request-body.ts";
import { pageTitle } from "#shared/strings.ts";
import { m } from "#shared/paraglide/messages.js";
import { MailNotReached } from "#app/components/MailNotReached.tsx";

/**
 * Which e-mails a person gets (issue 31): each optional kind on or off, the same switches as the
 * couple's profile (daily planning reminder) and the vendor's settings (notifications, weekly
 * summary). Reached signed in (/email-preferences) or from a mail's signed link
 * (/email-preferences/<token>, no log-in needed; the address shown masked). When mail to the
 * address bounced, it says so and lets the person confirm the address.
 */
export const meta: Route.MetaFunction = () => [{ title: pageTitle(m.account_emails_title()) }, { name: "robots", content: "noindex" }];

/** A refused link (400 forged or expired, 404 account gone); a visitor without a link is sent to log in. */
function refused(e: unknown, request: Request) {
  if (!isDomainError(e)) throw e;
  if (e instanceof Unauthorized) throw loginRedirect(request);
  return data({ ok: false as const, message: e.message }, { status: e.status });
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  try {
    return { ok: true as const, view: await emailPreferences(context.get(appContext).domain, params.token) };
  } catch (e) {
    return refused(e, request);
  }
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { domain } = context.get(appContext);
  try {
    const form = formToObject(await readFormData(request));
    if (form.intent === "confirm-address") return { ok: true as const, ...(await confirmMailAddress(domain, params.token)) };
    const { message } = await saveEmailPreferences(domain, params.token, { ...form, intent: undefined });
    return { ok: true as const, message };
  } catch (e) {
    return refused(e, request);
  }
}

/** Each switch's label in the page's language (the domain names them in English). */
const KIND_LABELS: Record<string, () => string> = {
  "planning-reminder": m.account_mail_kind_planning_reminder,
  "weekly-summary": m.account_mail_kind_weekly_summary,
  "new-enquiry": m.account_mail_kind_new_enquiry,
  "couple-reply": m.account_mail_kind_couple_reply,
  "booking-changes": m.account_mail_kind_booking_changes,
};

function Switches({ view }: { view: EmailPreferencesView }) {
  if (!view.switches.length) return <p className="text-sm">{m.account_emails_none()}</p>;
  return (
    <Form method="post" className="flex flex-col gap-4" data-testid="email-preferences-form">
      <fieldset className="flex flex-col gap-3">
        <legend className="mb-2 text-sm font-semibold">{m.account_emails_legend()}</legend>
        {view.switches.map((s) => (
          <Checkbox key={s.kind} name={s.kind} label={KIND_LABELS[s.kind]?.() ?? s.label} defaultChecked={s.on} />
        ))}
      </fieldset>
      <p className="text-xs text-ink/70">{m.account_emails_always()}</p>
      <input type="hidden" name="intent" value="save" />
      <SubmitButton pendingText={m.account_saving()}>{m.account_save_my_choices()}</SubmitButton>
    </Form>
  );
}

export default function EmailPreferences({ loaderData, actionData }: Route.ComponentProps) {
  if (!loaderData.ok) {
    return (
      <AuthCard title={m.account_link_does_not_work()}>
        <FormAlert message={loaderData.message} />
        <p className="text-sm">
          <TextLink to="/login">{m.account_log_in()}</TextLink> {m.account_emails_login_to_choose()}
        </p>
      </AuthCard>
    );
  }
  const { view } = loaderData;
  return (
    <AuthCard
      title={m.account_emails_title()}
      subtitle={
        <>
          {m.account_emails_subtitle_before()}
          <span translate="no">{view.address}</span>
          {m.account_emails_subtitle_after()}
        </>
      }
      wide
    >
      <div className="flex flex-col gap-6">
        {actionData ? <FormAlert message={actionData.message} tone={actionData.ok ? "success" : "error"} /> : null}
        {view.suppressed ? <MailNotReached address={view.address} kind={view.suppressed.kind} role={view.role} /> : null}
        <Switches view={view} />
      </div>
    </AuthCard>
  );
}
