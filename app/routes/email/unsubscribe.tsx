import { data, Form } from "react-router";
import type { Route } from "./+types/unsubscribe";
import { unsubscribeByLink, unsubscribeLinkView } from "#domain/accounts/index.ts";
import { guestReminderLinkView, isGuestReminderToken, stopGuestRemindersByLink } from "#domain/guests/index.ts";
import { EMAIL_PREFERENCES_PATH } from "#shared/links.ts";
import { isDomainError } from "#domain/core/index.ts";
import { appContext } from "#functions/page-context.ts";
import { AuthCard, SubmitButton, TextLink } from "#app/components/auth/AuthForm.tsx";
import { FormAlert } from "#app/components/ui/index.ts";
import { pageTitle } from "#shared/strings.ts";
import { m } from "#shared/paraglide/messages.js";

/**
 * The unsubscribe link of an optional mail (List-Unsubscribe; issue 31). Opening it asks to
 * confirm (a mail scanner that fetches links turns nothing off); the button turns off exactly that
 * kind of mail for exactly that person. The mail service's one-click POST (RFC 8058, body
 * "List-Unsubscribe=One-Click") does the same without this page (functions/one-click-unsubscribe.ts).
 * A forged or expired link is refused and says what to do instead.
 */
export const meta: Route.MetaFunction = () => [{ title: pageTitle(m.account_unsubscribe_meta()) }, { name: "robots", content: "noindex" }];

/** A refused link: its message and the status the API would give (400 forged or expired, 404 account gone). */
function refused(e: unknown) {
  if (!isDomainError(e)) throw e;
  return data({ ok: false as const, message: e.message }, { status: e.status });
}

export async function loader({ params, context }: Route.LoaderArgs) {
  try {
    const { domain } = context.get(appContext);
    // A guest's reminder link has no account behind it, so no preferences page to offer.
    if (isGuestReminderToken(params.token)) return { ok: true as const, account: false, view: await guestReminderLinkView(domain, params.token) };
    return { ok: true as const, account: true, view: await unsubscribeLinkView(domain, params.token) };
  } catch (e) {
    return refused(e);
  }
}

export async function action({ params, context }: Route.ActionArgs) {
  try {
    const { domain } = context.get(appContext);
    const { message } = isGuestReminderToken(params.token)
      ? await stopGuestRemindersByLink(domain, params.token)
      : await unsubscribeByLink(domain, params.token);
    return { ok: true as const, account: !isGuestReminderToken(params.token), message };
  } catch (e) {
    return refused(e);
  }
}

export default function Unsubscribe({ loaderData, actionData, params }: Route.ComponentProps) {
  const preferences = `${EMAIL_PREFERENCES_PATH}/${params.token}`;
  if (actionData?.ok) {
    return (
      <AuthCard
        title={m.account_unsubscribed_title()}
        footer={actionData.account ? <TextLink to={preferences}>{m.account_choose_other_emails()}</TextLink> : undefined}
      >
        <p role="status" data-testid="unsubscribe-done">
          {actionData.message}
        </p>
      </AuthCard>
    );
  }
  const failure = actionData && !actionData.ok ? actionData : !loaderData.ok ? loaderData : null;
  if (failure || !loaderData.ok) {
    return (
      <AuthCard title={m.account_link_does_not_work()}>
        <FormAlert message={failure?.message ?? ""} />
        <p className="text-sm">
          <TextLink to="/login">{m.account_log_in()}</TextLink> {m.account_unsubscribe_login_before()}{" "}
          <TextLink to={EMAIL_PREFERENCES_PATH}>{m.account_your_email_page()}</TextLink>.
        </p>
      </AuthCard>
    );
  }
  const { view, account } = loaderData;
  return (
    <AuthCard
      title={m.account_unsubscribe_title()}
      subtitle={
        view.on
          ? m.account_unsubscribe_on({ name: view.name, address: view.address })
          : m.account_unsubscribe_off({ name: view.name[0]!.toUpperCase() + view.name.slice(1), address: view.address })
      }
      footer={account ? <TextLink to={preferences}>{m.account_choose_emails()}</TextLink> : undefined}
    >
      {view.on ? (
        <Form method="post">
          <input type="hidden" name="intent" value="stop" />
          <SubmitButton pendingText={m.account_stopping()}>{m.account_stop_name({ name: view.name })}</SubmitButton>
        </Form>
      ) : null}
    </AuthCard>
  );
}
