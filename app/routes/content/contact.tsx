import { canonicalLink } from "#app/lib/canonical.ts";
import { Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/contact";
import { OfficeMap } from "#app/components/OfficeMap.tsx";
import { Field, FormAlert, Select, TextArea } from "#app/components/ui/index.ts";
import { useRootData } from "#app/lib/root-data.ts";
import { newOnceToken, OnceToken } from "#app/lib/once-token.tsx";
import { runFormOnce } from "#app/lib/once-token.server.ts";
import { readForm, submitOrRespond, type PageFailure } from "#app/lib/page-errors.server.ts";
import { readFormData } from "#platform/request-body.ts";
import { contactInput, sendContactMessage } from "#domain/content/index.ts";
import { appContext } from "#functions/page-context.ts";
import { CONTACT_LIMITS, CONTACT_TOPICS } from "#shared/contact.ts";
import { pageTitle } from "#shared/strings.ts";
import { rich } from "#app/components/rich.tsx";
import { m } from "#shared/paraglide/messages.js";

/** Each topic's words in the page's language (the form sends the topic as the API takes it). */
export const TOPIC_LABELS: Record<(typeof CONTACT_TOPICS)[number], () => string> = {
  "Planning my wedding": m.public_contact_topic_planning,
  "Listing my business": m.public_contact_topic_listing,
  "Payments and plans": m.public_contact_topic_payments,
  "Report a problem": m.public_contact_topic_problem,
  "Press and partnerships": m.public_contact_topic_press,
  "Something else": m.public_contact_topic_other,
};

/**
 * /contactus: a message to the team (name, e-mail, phone, topic, message), stored, mailed to the
 * team's mailbox and confirmed to the sender; beside it the office, the phone and the map as in the
 * footer. A plain form (works without JavaScript); the same rule as POST /api/v1/contact.
 */
export function loader({ request, context }: Route.LoaderArgs) {
  const { domain } = context.get(appContext);
  const topic = new URL(request.url).searchParams.get("topic");
  return {
    origin: new URL(request.url).origin,
    name: domain.actor?.userName ?? "",
    email: domain.actor?.email ?? "",
    topic: CONTACT_TOPICS.find((t) => t === topic) ?? "",
    onceToken: newOnceToken(),
  };
}

type ActionResult = PageFailure | { ok: true; message: string };

export async function action({ request, context }: Route.ActionArgs) {
  const { domain } = context.get(appContext);
  return submitOrRespond(request, async (): Promise<ActionResult> => {
    // Sent twice with its one-time token (a double tap, a retry), the message is stored and mailed once.
    const form = await readFormData(request);
    return runFormOnce(request, domain, form, async () => {
      const { input } = await readForm(request, contactInput, form);
      return { ok: true, ...(await sendContactMessage(domain, input)) };
    });
  });
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: pageTitle(m.public_contact_title()) },
  { name: "description", content: m.public_contact_description() },
  canonicalLink(loaderData?.origin ?? "", "/contactus"),
];

export default function ContactPage({ loaderData, actionData }: Route.ComponentProps) {
  const result = actionData as ActionResult | undefined;
  const failure = result && !result.ok ? result : null;
  const values = failure?.values ?? {};
  const errors = failure?.errors ?? {};
  const phone = useRootData()?.contactPhone ?? "";
  const sending = useNavigation().state === "submitting";
  return (
    <div className="container-page py-8 md:py-12">
      <h1 className="text-3xl font-bold text-maroon-700 md:text-4xl">{m.public_contact_title()}</h1>
      <p className="mt-2 max-w-2xl text-ink/80">{m.public_contact_intro()}</p>
      <div className="mt-8 grid gap-8 lg:grid-cols-[3fr_2fr]">
        <section aria-labelledby="form-title" className="rounded-2xl border border-maroon-100 bg-white p-5 md:p-7">
          <h2 id="form-title" className="text-xl font-bold text-maroon-800">
            {m.public_contact_form_title()}
          </h2>
          {result?.ok ? (
            <div role="status" className="mt-4 rounded-xl bg-emerald-50 p-4 text-emerald-900" data-testid="contact-sent">
              <p className="font-semibold">{result.message}</p>
              <p className="mt-1 text-sm">{m.public_contact_copy()}</p>
              <p className="mt-3">
                <Link to="/" className="font-semibold text-maroon-700 underline">
                  {m.public_contact_back_home()}
                </Link>
              </p>
            </div>
          ) : (
            <Form method="post" className="mt-4 grid gap-4" noValidate={false}>
              <OnceToken token={loaderData.onceToken} />
              <FormAlert message={failure?.message} className="m-0" />
              <div className="grid gap-4 sm:grid-cols-2">
                <Field
                  id="c-name"
                  name="name"
                  label={m.public_contact_name()}
                  error={errors.name}
                  autoComplete="name"
                  required
                  maxLength={CONTACT_LIMITS.nameMax}
                  defaultValue={values.name ?? loaderData.name}
                />
                <Field
                  id="c-email"
                  name="email"
                  type="email"
                  label={m.public_contact_email()}
                  error={errors.email}
                  autoComplete="email"
                  required
                  maxLength={254}
                  defaultValue={values.email ?? loaderData.email}
                />
                <Field
                  id="c-phone"
                  name="phone"
                  type="tel"
                  label={m.public_contact_phone()}
                  hint={m.public_contact_phone_hint()}
                  error={errors.phone}
                  autoComplete="tel"
                  inputMode="tel"
                  maxLength={20}
                  defaultValue={values.phone ?? ""}
                />
                <Select
                  id="c-topic"
                  name="topic"
                  label={m.public_contact_topic()}
                  error={errors.topic}
                  required
                  defaultValue={values.topic ?? loaderData.topic}
                  placeholder={m.public_contact_choose_topic()}
                  options={CONTACT_TOPICS.map((t) => [t, TOPIC_LABELS[t]()] as const)}
                />
              </div>
              <TextArea
                id="c-message"
                name="message"
                label={m.public_contact_message()}
                hint={m.public_contact_message_hint({ min: CONTACT_LIMITS.messageMin, max: CONTACT_LIMITS.messageMax.toLocaleString("en-IN") })}
                error={errors.message}
                rows={6}
                required
                minLength={CONTACT_LIMITS.messageMin}
                maxLength={CONTACT_LIMITS.messageMax}
                defaultValue={values.message ?? ""}
              />
              {/* People never see or fill this; bots do (their message is dropped). */}
              <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
                <label htmlFor="c-website">Website</label>
                {/* eslint-disable-next-line no-restricted-syntax -- the honeypot is no field a person fills: hidden, unwired on purpose */}
                <input id="c-website" name="website" type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
              </div>
              <div>
                <button type="submit" className="btn-primary" disabled={sending}>
                  {sending ? m.public_contact_sending() : m.public_contact_send()}
                </button>
              </div>
            </Form>
          )}
        </section>
        <aside aria-labelledby="office-title" className="grid content-start gap-4">
          <div className="rounded-2xl bg-maroon-900 p-5 text-white">
            <h2 id="office-title" className="text-xl font-bold">
              {m.public_contact_office()}
            </h2>
            <p className="mt-2 text-white/85">{m.office_address()}</p>
            {phone && (
              <p className="mt-2">
                {rich(m.public_contact_call_us, {
                  phone: (
                    <a href={`tel:${phone.replace(/\s/g, "")}`} className="font-semibold underline" data-testid="contact-phone">
                      {phone}
                    </a>
                  ),
                })}
              </p>
            )}
            <div className="mt-4">
              <OfficeMap />
            </div>
          </div>
          <p className="text-sm text-ink/75">
            {rich(m.public_contact_more, {
              dashboard: (
                <Link to="/VendorDashboard" className="font-semibold text-maroon-700 underline">
                  {m.public_contact_dashboard()}
                </Link>
              ),
              guides: (
                <Link to="/blogs" className="font-semibold text-maroon-700 underline">
                  {m.public_contact_guides()}
                </Link>
              ),
            })}
          </p>
        </aside>
      </div>
    </div>
  );
}
