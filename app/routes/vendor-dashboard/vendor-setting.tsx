import { Form } from "react-router";
import type { Route } from "./+types/vendor-setting";
import {
  myNotificationPrefs,
  NOTIFICATION_LABELS,
  notificationPrefsInput,
  requireAccountView,
  saveNotificationPrefs,
  whatsAppPreferences,
} from "#domain/accounts/index.ts";
import { WhatsAppCard } from "#app/components/WhatsAppCard.tsx";
import { SignInWays } from "#app/components/SignInWays.tsx";
import { appContext } from "#functions/page-context.ts";
import { SubmitButton } from "#app/components/auth/AuthForm.tsx";
import { Checkbox, FormAlert } from "#app/components/ui/index.ts";
import { loadOrRespond } from "#app/lib/page-errors.server.ts";
import { pageAction } from "#app/lib/page-action.server.ts";
import { pageTitle } from "#shared/strings.ts";
import { m } from "#shared/paraglide/messages.js";
import { notificationLabel } from "./settings-text.ts";

/**
 * Notification preferences (/VendorDashboard/vendor-setting): which e-mails the vendor gets. The
 * same domain call as PATCH /vendors/notifications; the form sends the ticked boxes, so an
 * unticked one is saved as off.
 */
export const meta: Route.MetaFunction = () => [{ title: pageTitle(m.vendor_notify_title()) }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { domain } = context.get(appContext);
  return loadOrRespond(request, async () => {
    const [prefs, whatsapp, account] = await Promise.all([myNotificationPrefs(domain), whatsAppPreferences(domain), requireAccountView(domain)]);
    return {
      switches: (Object.keys(NOTIFICATION_LABELS) as (keyof typeof prefs)[]).map((key) => ({ key, on: prefs[key] })),
      whatsapp: { on: whatsapp.on, number: whatsapp.number },
      verifiedPhone: account.verified_phone,
      email: account.email,
    };
  });
}

/** The one form (it sends no intent): the ticked boxes, saved with the rest off. */
export const action = pageAction({
  defaultIntent: "save",
  intents: {
    save: async ({ domain, input, done }) => {
      await saveNotificationPrefs(domain, input(notificationPrefsInput), { replaceAll: true });
      return done(m.vendor_notify_saved());
    },
  },
});

export default function VendorNotificationSettings({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <div className="flex flex-col gap-6">
      <section className="rounded-2xl border border-maroon-100 bg-white p-5 md:p-7" aria-labelledby="prefs-heading">
        <h1 id="prefs-heading" className="text-3xl font-bold text-maroon-700">
          {m.vendor_notify_title()}
        </h1>
        <p className="mt-1 text-sm text-ink/75">{m.vendor_notify_intro()}</p>
        <div className="mt-4 max-w-xl">
          {actionData && <FormAlert tone={actionData.ok ? "success" : "error"} message={actionData.message} />}
          <Form method="post" className="flex flex-col gap-3">
            <fieldset className="flex flex-col gap-3">
              <legend className="sr-only">{m.vendor_notify_legend()}</legend>
              {loaderData.switches.map((s) => (
                <Checkbox
                  key={s.key}
                  name={s.key}
                  value="on"
                  defaultChecked={s.on}
                  label={notificationLabel(s.key)}
                  className="rounded-lg border border-ink/10 p-3"
                />
              ))}
            </fieldset>
            <SubmitButton pendingText={m.vendor_saving()} className="btn-primary self-start">
              {m.vendor_notify_save()}
            </SubmitButton>
          </Form>
        </div>
      </section>
      <WhatsAppCard {...loaderData.whatsapp} />
      <SignInWays verifiedPhone={loaderData.verifiedPhone} email={loaderData.email} />
    </div>
  );
}
