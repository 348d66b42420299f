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

/**
 * /payment?template={id} (issue 13, couples): a paid invitation template's summary and "Pay ₹N".
 * Paying (functions/domain/invitations/template-purchases.ts `createTemplateOrder`) answers with the gateway's
 * checkout form, submitted at once with JavaScript and shown as a button without it (the Plan
 * page's GatewayCheckout); the gateway's callback ends at /success?order={orderId}. A visitor is
 * sent to log in and back; an owned (or free) design links to the editor instead.
 */
export const meta: Route.MetaFunction = ({ loaderData: data }) => [
  { title: pageTitle(data?.template ? `Buy ${data.template.name}` : "Buy a template") },
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

export const PAY_FAILED = "We could not start the payment just now. Nothing was charged; please try again in a few minutes.";

/**
 * "Pay": who is asking is checked before the form is read (a visitor is sent to log in and back);
 * the domain's refusals (a vendor, an owned or free design) show on the page; the gateway that
 * cannot be reached is its own message, anything else a plain 503, never the error screen.
 */
export const action = pageAction({
  access: ACCESS.signedIn,
  unknown: "Press Pay to buy this design.",
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
        return data<PageFailure>({ ok: false, message: PAY_FAILED, errors: {} }, { status: 503 });
      }
    },
  },
});

const WHAT_YOU_GET = [
  "This design for all your cards: change the names, dates, venue and photos as often as you like",
  "Exports as PNG and print-ready PDF (A5, A6 and a phone-story size)",
  "Publish it as your e-invite, with RSVPs from your guests per function",
  "Pay once, yours for good",
];

export default function TemplatePayment({ loaderData, actionData }: Route.ComponentProps) {
  const { template } = loaderData;
  const checkout = actionData?.ok ? actionData : null;
  const failure = actionData && !actionData.ok ? actionData : null;
  const price = formatRupees(template.price);
  return (
    <div className="mx-auto max-w-4xl px-4 py-6 md:py-10">
      <h1 className="text-2xl font-bold text-maroon-700 md:text-3xl">{template.owned || !template.paid ? template.name : `Buy ${template.name}`}</h1>
      <div className="mt-5 grid gap-6 md:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <div className="mx-auto w-full max-w-[15rem] overflow-hidden rounded-xl border border-maroon-100 bg-marigold-300/10 md:max-w-none">
          {template.thumbnailUrl ? (
            <img src={template.thumbnailUrl} alt={`The ${template.name} invitation design`} className="h-auto w-full" width={540} height={960} />
          ) : (
            <div
              className="flex aspect-[9/16] items-center justify-center p-6 text-center text-lg font-semibold text-maroon-700"
              role="img"
              aria-label={`The ${template.name} invitation design`}
            >
              {template.name}
            </div>
          )}
        </div>
        <section aria-labelledby="summary-heading">
          <h2 id="summary-heading" className="sr-only">
            Summary
          </h2>
          <p className="text-3xl font-bold" data-testid="template-price">
            {template.paid ? price : "Free"}
          </p>
          {template.paid && <p className="text-sm text-ink/75">Including GST. One payment, no subscription.</p>}
          {template.description && <p className="mt-3 text-sm">{template.description}</p>}
          <h3 className="mt-4 font-semibold">What you get</h3>
          <ul className="mt-1 list-disc pl-5 text-sm">
            {WHAT_YOU_GET.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
          {template.owned || template.canUse ? (
            <div className="mt-5 rounded-xl bg-green-50 p-4 text-green-900" role="status" data-testid="owned">
              <p className="font-semibold">{template.owned ? "You own this design." : template.paid ? "You can use this design." : "This design is free."}</p>
              <Link
                to={editorPageFor(template.id)}
                className="mt-2 inline-block rounded-lg bg-maroon-700 px-4 py-2 font-semibold text-white hover:bg-maroon-800"
              >
                Open in the editor
              </Link>
            </div>
          ) : checkout ? (
            <GatewayCheckout rupees={checkout.rupees} action={checkout.action} fields={checkout.fields} autoSubmit>
              {checkout.templateName}. You will pay on the payment gateway&apos;s page (UPI or card) and come back here.
            </GatewayCheckout>
          ) : (
            <div className="mt-5">
              <FormAlert message={failure?.message} />
              <Form method="post">
                <input type="hidden" name="intent" value="pay" />
                <SubmitButton pendingText="Starting the payment...">Pay {price}</SubmitButton>
              </Form>
              <p className="mt-2 text-xs text-ink/75">You pay on the payment gateway&apos;s page by UPI or card.</p>
            </div>
          )}
          <p className="mt-6 text-sm">
            <Link to="/templates" className="font-semibold text-maroon-700 underline">
              Back to all designs
            </Link>
          </p>
        </section>
      </div>
    </div>
  );
}
