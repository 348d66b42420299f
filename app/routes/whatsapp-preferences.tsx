import { data, Form, Link } from "react-router";
import type { Route } from "./+types/whatsapp-preferences";
import { saveWhatsAppPreferences, stopWhatsAppByLink, whatsAppPreferences, type WhatsAppPreferencesView } from "#domain/accounts/index.ts";
import { formToObject, isDomainError, Unauthorized } from "#domain/core/index.ts";
import { appContext } from "#functions/page-context.ts";
import { AuthCard, SubmitButton, TextLink } from "#app/components/auth/AuthForm.tsx";
import { FormAlert } from "#app/components/ui/index.ts";
import { loginRedirect } from "#app/lib/page-errors.server.ts";
import { readFormData } from "#platform/request-body.ts";
import { formatDate } from "#shared/format.ts";
import { pageTitle, SITE_NAME } from "#shared/strings.ts";
import { m } from "#shared/paraglide/messages.js";

/**
 * WhatsApp notifications on or off (issue 32, functions/domain/accounts/whatsapp.ts). Signed in
 * (/whatsapp-preferences): turn them on (with an Indian mobile number on the account) or off. From
 * a message's stop link (/whatsapp-preferences/<token>, no log-in): one button stops them. A GET
 * never changes anything (WhatsApp and mail apps open links to draw previews). Plain forms: they
 * work without JavaScript.
 */
export const meta: Route.MetaFunction = () => [{ title: pageTitle(m.account_whatsapp_title()) }, { name: "robots", content: "noindex" }];

function refused(e: unknown, request: Request) {
  if (!isDomainError(e)) throw e;
  if (e instanceof Unauthorized) throw loginRedirect(request);
  return data({ ok: false as const, message: e.message, errors: (e as { fields?: Record<string, string> }).fields ?? {} }, { status: e.status });
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  try {
    return { ok: true as const, view: await whatsAppPreferences(context.get(appContext).domain, params.token) };
  } catch (e) {
    return refused(e, request);
  }
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { domain } = context.get(appContext);
  try {
    if (params.token) return { ok: true as const, ...(await stopWhatsAppByLink(domain, params.token)) };
    const form = formToObject(await readFormData(request));
    const { message } = await saveWhatsAppPreferences(domain, { whatsapp: form.whatsapp });
    return { ok: true as const, message };
  } catch (e) {
    return refused(e, request);
  }
}

/** What the messages are about, said where a person opts in (Meta's policy: say what they will get). */
const whatsAppEvents = (role: string) => (role === "VENDOR" ? m.account_whatsapp_events_vendor() : m.account_whatsapp_events_user());

function numberPage(role: string) {
  return role === "VENDOR" ? "/VendorDashboard/vendor-profile" : "/profile";
}

function Choice({ view }: { view: WhatsAppPreferencesView }) {
  const events = whatsAppEvents(view.role);
  if (view.via === "link") {
    return view.on ? (
      <Form method="post" className="flex flex-col gap-3" data-testid="whatsapp-stop-form">
        <p className="text-sm">{m.account_whatsapp_link_on({ site: SITE_NAME, number: view.number ?? m.account_whatsapp_your_number() })}</p>
        <SubmitButton pendingText={m.account_stopping()}>{m.account_whatsapp_stop()}</SubmitButton>
      </Form>
    ) : (
      <p className="text-sm">{m.account_whatsapp_link_off({ site: SITE_NAME })}</p>
    );
  }
  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm" data-testid="whatsapp-state">
        {m.account_whatsapp_state_before()} <strong>{view.on ? m.account_whatsapp_on() : m.account_whatsapp_off()}</strong>
        {view.since ? m.account_whatsapp_since({ date: formatDate(view.since) }) : ""}.
      </p>
      {view.on ? (
        <Form method="post" data-testid="whatsapp-form">
          <input type="hidden" name="whatsapp" value="off" />
          <p className="mb-3 text-sm">{m.account_whatsapp_goes_to({ number: view.number ?? "", events })}</p>
          <SubmitButton pendingText={m.account_stopping()}>{m.account_whatsapp_stop()}</SubmitButton>
        </Form>
      ) : view.number ? (
        <Form method="post" data-testid="whatsapp-form" className="flex flex-col gap-3">
          <input type="hidden" name="whatsapp" value="on" />
          <p className="text-sm">{m.account_whatsapp_get({ site: SITE_NAME, number: view.number, events })}</p>
          <SubmitButton pendingText={m.account_saving()}>{m.account_whatsapp_send_me()}</SubmitButton>
        </Form>
      ) : (
        <p className="text-sm">
          {m.account_whatsapp_need_number()} <TextLink to={numberPage(view.role)}>{m.account_whatsapp_add_number()}</TextLink>
          {m.account_whatsapp_then_come_back()}
        </p>
      )}
      {view.number ? (
        <p className="text-xs text-ink/70">
          {m.account_whatsapp_number_is_on()}{" "}
          <Link to={numberPage(view.role)} className="underline">
            {view.role === "VENDOR" ? m.account_whatsapp_business_profile() : m.account_whatsapp_profile()}
          </Link>
          {m.account_whatsapp_emails_separately()}{" "}
          <Link to="/email-preferences" className="underline">
            {m.account_whatsapp_your_emails()}
          </Link>{" "}
          {m.account_whatsapp_page()}
        </p>
      ) : null}
    </div>
  );
}

export default function WhatsAppPreferences({ loaderData, actionData }: Route.ComponentProps) {
  if (!loaderData.ok) {
    return (
      <AuthCard title={m.account_link_does_not_work()}>
        <FormAlert message={loaderData.message} />
        <p className="text-sm">
          <TextLink to="/login">{m.account_log_in()}</TextLink> {m.account_whatsapp_login_to_stop()}
        </p>
      </AuthCard>
    );
  }
  return (
    <AuthCard title={m.account_whatsapp_title()} subtitle={m.account_whatsapp_subtitle({ site: SITE_NAME })} wide>
      <div className="flex flex-col gap-6">
        {actionData ? <FormAlert message={actionData.message} tone={actionData.ok ? "success" : "error"} /> : null}
        <Choice view={loaderData.view} />
      </div>
    </AuthCard>
  );
}
