import { data, Form, Link } from "react-router";
import type { Route } from "./+types/payment";
import { SubmitButton } from "#app/components/auth/AuthForm.tsx";
import { FormAlert } from "#app/components/ui/index.ts";
import { GatewayCheckout } from "#app/components/payments/GatewayCheckout.tsx";
import { loadOrRespond, type PageFailure } from "#app/lib/page-errors.server.ts";
import { pageAction } from "#app/lib/page-action.server.ts";
import { ACCESS, isDomainError } from "#domain/core/index.ts";
import { GatewayUnavailable } from "#domain/billing/index.ts";
import { createTemplateOrder, templateForPurchase } from "#domain/invitations/index.ts";
import { appContext } from "#functions/page-context.ts";
import { formatRupees } from "#shared/format.ts";
import { pageTitle } from "#shared/strings.ts";
import { editorPageFor } from "#shared/links.ts";
import { rich } from "#app/components/rich.tsx";
import { m } from "#shared/paraglide/messages.js";

/**
 * /payment?template={id} (issue 13, couples): a paid invitation template's summary and "Pay ₹N".
 * Paying (functions/domain/invitations/template-purchases.ts `createTemplateOrder`) answers with the gateway's
 * checkout form, submitted at once with JavaScript and shown as a button without it (the Plan
 * page's GatewayCheckout); the gateway's callback ends at /success?order={orderId}. A visitor is
 * sent to log in and back; an owned (or free) design links to the editor instead.
 */
export const meta: Route.MetaFunction = ({ loaderData: data }) => [
  { title: pageTitle(data?.template ? m.couple_pay_buy({ name: data.template.name }) : m.couple_pay_buy_template()) },
  { name: "robots", content: "noindex" },
];

const templateOf = (request: Request) => new URL(request.url).searchParams.get("template")?.trim() ?? "";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { domain } = context.get(appContext);
  const id = templateOf(request);
  return loadOrRespond(request, async () => ({ template: await templateForPurchase(domain, id) }));
}

/** What the page shows after "Pay": the gateway's checkout form. */
type CheckoutSection = { ok: true; rupees: number; action: string; fields: Record<string, string>; templateName: string };

/**
 * "Pay": who is asking is checked before the form is read (a visitor is sent to log in and back);
 * the domain's refusals (a vendor, an owned or free design) show on the page; the gateway that
 * cannot be reached is its own message, anything else a plain 503, never the error screen.
 */
export const action = pageAction({
  access: ACCESS.signedIn,
  get unknown() {
    return m.couple_pay_press_pay();
  },
  intents: {
    pay: async ({ request, domain }) => {
      try {
        const made = await createTemplateOrder(domain, templateOf(request));
        const section: CheckoutSection = {
          ok: true,
          rupees: made.amount / 100,
          action: made.checkout.action,
          fields: made.checkout.fields,
          templateName: made.templateName,
        };
        return section;
      } catch (e) {
        if (e instanceof GatewayUnavailable) return data<PageFailure>({ ok: false, message: e.message, errors: {} }, { status: e.status });
        if (isDomainError(e)) throw e;
        console.error("template purchase failed", e);
        return data<PageFailure>({ ok: false, message: m.couple_pay_failed_to_start(), errors: {} }, { status: 503 });
      }
    },
  },
});

const WHAT_YOU_GET = [m.couple_pay_get_cards, m.couple_pay_get_exports, m.couple_pay_get_einvite, m.couple_pay_get_once];

export default function TemplatePayment({ loaderData, actionData }: Route.ComponentProps) {
  const { template } = loaderData;
  const checkout = actionData?.ok ? actionData : null;
  const failure = actionData && !actionData.ok ? actionData : null;
  const price = formatRupees(template.price);
  return (
    <div className="mx-auto max-w-4xl px-4 py-6 md:py-10">
      <h1 className="text-2xl font-bold text-maroon-700 md:text-3xl">
        {template.owned || !template.paid ? (
          <span translate="no">{template.name}</span>
        ) : (
          rich(m.couple_pay_buy, { name: <span translate="no">{template.name}</span> })
        )}
      </h1>
      <div className="mt-5 grid gap-6 md:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <div className="mx-auto w-full max-w-[15rem] overflow-hidden rounded-xl border border-maroon-100 bg-marigold-300/10 md:max-w-none">
          {template.thumbnailUrl ? (
            <img src={template.thumbnailUrl} alt={m.couple_pay_design_alt({ name: template.name })} className="h-auto w-full" width={540} height={960} />
          ) : (
            <div
              className="flex aspect-[9/16] items-center justify-center p-6 text-center text-lg font-semibold text-maroon-700"
              role="img"
              aria-label={m.couple_pay_design_alt({ name: template.name })}
              translate="no"
            >
              {template.name}
            </div>
          )}
        </div>
        <section aria-labelledby="summary-heading">
          <h2 id="summary-heading" className="sr-only">
            {m.couple_pay_summary()}
          </h2>
          <p className="text-3xl font-bold" data-testid="template-price">
            {template.paid ? price : m.couple_pay_free()}
          </p>
          {template.paid && <p className="text-sm text-ink/75">{m.couple_pay_including_gst()}</p>}
          {template.description && (
            <p className="mt-3 text-sm" translate="no">
              {template.description}
            </p>
          )}
          <h3 className="mt-4 font-semibold">{m.couple_pay_what_you_get()}</h3>
          <ul className="mt-1 list-disc pl-5 text-sm">
            {WHAT_YOU_GET.map((line) => (
              <li key={line.name}>{line()}</li>
            ))}
          </ul>
          {template.owned || template.canUse ? (
            <div className="mt-5 rounded-xl bg-green-50 p-4 text-green-900" role="status" data-testid="owned">
              <p className="font-semibold">{template.owned ? m.couple_pay_owned() : template.paid ? m.couple_pay_can_use() : m.couple_pay_is_free()}</p>
              <Link
                to={editorPageFor(template.id)}
                className="mt-2 inline-block rounded-lg bg-maroon-700 px-4 py-2 font-semibold text-white hover:bg-maroon-800"
              >
                {m.couple_pay_open_editor()}
              </Link>
            </div>
          ) : checkout ? (
            <GatewayCheckout rupees={checkout.rupees} action={checkout.action} fields={checkout.fields} autoSubmit>
              {rich(m.couple_pay_checkout_note, { name: <span translate="no">{checkout.templateName}</span> })}
            </GatewayCheckout>
          ) : (
            <div className="mt-5">
              <FormAlert message={failure?.message} />
              <Form method="post">
                <input type="hidden" name="intent" value="pay" />
                <SubmitButton pendingText={m.couple_pay_starting()}>{m.couple_pay_pay({ price })}</SubmitButton>
              </Form>
              <p className="mt-2 text-xs text-ink/75">{m.couple_pay_on_gateway()}</p>
            </div>
          )}
          <p className="mt-6 text-sm">
            <Link to="/templates" className="font-semibold text-maroon-700 underline">
              {m.couple_pay_back()}
            </Link>
          </p>
        </section>
      </div>
    </div>
  );
}
