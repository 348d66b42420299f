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
import { pageTitle } from "#shared/strings.ts";

/**
 * WhatsApp notifications on or off (issue 32, functions/domain/accounts/whatsapp.ts). Signed in
 * (/whatsapp-preferences): turn them on (with an Indian mobile number on the account) or off. From
 * a message's stop link (/whatsapp-preferences/<token>, no log-in): one button stops them. A GET
 * never changes anything (WhatsApp and mail apps open links to draw previews). Plain forms: they
 * work without JavaScript.
 */
export const meta: Route.MetaFunction = () => [{ title: pageTitle("WhatsApp messages") }, { name: "robots", content: "noindex" }];

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
const WHATSAPP_EVENTS_TEXT: Record<string, string> = {
  VENDOR: "a couple sends you an enquiry or writes to you, or a booking is made, changed or cancelled",
  USER: "a vendor writes to you or sends you a quote, your booking is confirmed, changed or cancelled, or a vendor records your payment",
};

function numberPage(role: string) {
  return role === "VENDOR" ? "/VendorDashboard/vendor-profile" : "/profile";
}

function Choice({ view }: { view: WhatsAppPreferencesView }) {
  const events = WHATSAPP_EVENTS_TEXT[view.role] ?? WHATSAPP_EVENTS_TEXT.USER;
  if (view.via === "link") {
    return view.on ? (
      <Form method="post" className="flex flex-col gap-3" data-testid="whatsapp-stop-form">
        <p className="text-sm">Mandap sends WhatsApp messages to {view.number ?? "your number"}. One tap stops them all:</p>
        <SubmitButton pendingText="Stopping…">Stop WhatsApp messages</SubmitButton>
      </Form>
    ) : (
      <p className="text-sm">WhatsApp messages are off: Mandap does not message you on WhatsApp.</p>
    );
  }
  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm" data-testid="whatsapp-state">
        WhatsApp messages are <strong>{view.on ? "on" : "off"}</strong>
        {view.since ? ` since ${formatDate(view.since)}` : ""}.
      </p>
      {view.on ? (
        <Form method="post" data-testid="whatsapp-form">
          <input type="hidden" name="whatsapp" value="off" />
          <p className="mb-3 text-sm">
            Messages go to <strong>{view.number}</strong> when {events}.
          </p>
          <SubmitButton pendingText="Stopping…">Stop WhatsApp messages</SubmitButton>
        </Form>
      ) : view.number ? (
        <Form method="post" data-testid="whatsapp-form" className="flex flex-col gap-3">
          <input type="hidden" name="whatsapp" value="on" />
          <p className="text-sm">
            Get a WhatsApp message from Mandap at <strong>{view.number}</strong> when {events}. Each message has a link to stop them, and you can turn them off
            here at any time.
          </p>
          <SubmitButton pendingText="Saving…">Send me WhatsApp messages</SubmitButton>
        </Form>
      ) : (
        <p className="text-sm">
          WhatsApp messages go to an Indian mobile number. <TextLink to={numberPage(view.role)}>Add your mobile number</TextLink>, then come back here to turn
          them on.
        </p>
      )}
      {view.number ? (
        <p className="text-xs text-ink/70">
          The number is the one on your{" "}
          <Link to={numberPage(view.role)} className="underline">
            {view.role === "VENDOR" ? "business profile" : "profile"}
          </Link>
          . E-mails are chosen separately on{" "}
          <Link to="/email-preferences" className="underline">
            your e-mails
          </Link>{" "}
          page.
        </p>
      ) : null}
    </div>
  );
}

export default function WhatsAppPreferences({ loaderData, actionData }: Route.ComponentProps) {
  if (!loaderData.ok) {
    return (
      <AuthCard title="This link does not work">
        <FormAlert message={loaderData.message} />
        <p className="text-sm">
          <TextLink to="/login">Log in</TextLink> to turn WhatsApp messages off.
        </p>
      </AuthCard>
    );
  }
  return (
    <AuthCard title="WhatsApp messages" subtitle="Notifications from Mandap on WhatsApp: off unless you turn them on." wide>
      <div className="flex flex-col gap-6">
        {actionData ? <FormAlert message={actionData.message} tone={actionData.ok ? "success" : "error"} /> : null}
        <Choice view={loaderData.view} />
      </div>
    </AuthCard>
  );
}
