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
import { CONTACT_LIMITS, CONTACT_TOPICS, OFFICE } from "#shared/contact.ts";
import { pageTitle } from "#shared/strings.ts";

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
  { title: pageTitle("Contact us") },
  { name: "description", content: "Write to the Mandap team about planning your wedding, listing your business, payments or a problem. We reply by e-mail." },
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
      <h1 className="text-3xl font-bold text-maroon-700 md:text-4xl">Contact us</h1>
      <p className="mt-2 max-w-2xl text-ink/80">
        Questions about planning, listing your business, a payment or something that did not work: write to us and we will reply by e-mail.
      </p>
      <div className="mt-8 grid gap-8 lg:grid-cols-[3fr_2fr]">
        <section aria-labelledby="form-title" className="rounded-2xl border border-maroon-100 bg-white p-5 md:p-7">
          <h2 id="form-title" className="text-xl font-bold text-maroon-800">
            Send us a message
          </h2>
          {result?.ok ? (
            <div role="status" className="mt-4 rounded-xl bg-emerald-50 p-4 text-emerald-900" data-testid="contact-sent">
              <p className="font-semibold">{result.message}</p>
              <p className="mt-1 text-sm">A copy is on its way to your inbox.</p>
              <p className="mt-3">
                <Link to="/" className="font-semibold text-maroon-700 underline">
                  Back to the home page
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
                  label="Your name"
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
                  label="E-mail"
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
                  label="Phone (optional)"
                  hint="A 10-digit mobile number, if you would like a call."
                  error={errors.phone}
                  autoComplete="tel"
                  inputMode="tel"
                  maxLength={20}
                  defaultValue={values.phone ?? ""}
                />
                <Select
                  id="c-topic"
                  name="topic"
                  label="Topic"
                  error={errors.topic}
                  required
                  defaultValue={values.topic ?? loaderData.topic}
                  placeholder="Choose a topic"
                  options={CONTACT_TOPICS.map((t) => [t, t] as const)}
                />
              </div>
              <TextArea
                id="c-message"
                name="message"
                label="Message"
                hint={`${CONTACT_LIMITS.messageMin} to ${CONTACT_LIMITS.messageMax.toLocaleString("en-IN")} characters.`}
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
                  {sending ? "Sending…" : "Send message"}
                </button>
              </div>
            </Form>
          )}
        </section>
        <aside aria-labelledby="office-title" className="grid content-start gap-4">
          <div className="rounded-2xl bg-maroon-900 p-5 text-white">
            <h2 id="office-title" className="text-xl font-bold">
              Our office
            </h2>
            <p className="mt-2 text-white/85">{OFFICE}</p>
            {phone && (
              <p className="mt-2">
                Call us:{" "}
                <a href={`tel:${phone.replace(/\s/g, "")}`} className="font-semibold underline" data-testid="contact-phone">
                  {phone}
                </a>
              </p>
            )}
            <div className="mt-4">
              <OfficeMap />
            </div>
          </div>
          <p className="text-sm text-ink/75">
            Vendors: answers to enquiries and plans are in your{" "}
            <Link to="/VendorDashboard" className="font-semibold text-maroon-700 underline">
              dashboard
            </Link>
            . Couples can also{" "}
            <Link to="/blogs" className="font-semibold text-maroon-700 underline">
              read our planning guides
            </Link>
            .
          </p>
        </aside>
      </div>
    </div>
  );
}
