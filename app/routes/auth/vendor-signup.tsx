import { Form } from "react-router";
import type { Route } from "./+types/vendor-signup";
import { passwordRule, registerVendorInput } from "#shared/account-schemas.ts";
import { registerVendor } from "#domain/accounts/index.ts";
import { appContext } from "#functions/page-context.ts";
import { AuthCard, SubmitButton, TextLink } from "#app/components/auth/AuthForm.tsx";
import { Field, FormAlert } from "#app/components/ui/index.ts";
import { formProps, usePageForm } from "#app/components/ui/forms.ts";
import { CheckInbox } from "#app/components/auth/CheckInbox.tsx";
import { redirectIfSignedIn } from "#app/lib/auth-forms.server.ts";
import { pageAction } from "#app/lib/page-action.server.ts";
import { pageTitle } from "#shared/strings.ts";
import { m } from "#shared/paraglide/messages.js";
import { PLACES } from "#shared/places.ts";
import { CategorySelect, PlacePicker } from "#app/routes/vendor-dashboard/vendor-profile-fields.tsx";

export const meta: Route.MetaFunction = () => [{ title: pageTitle(m.account_vendor_signup_meta()) }];

/** The location data the state and city pickers offer (the server checks the pair again). */
export function loader({ context }: Route.LoaderArgs) {
  redirectIfSignedIn(context.get(appContext));
  return { locations: PLACES };
}

/**
 * Accepts the sign-up and shows "check your inbox": the same answer whether or not the address
 * already has an account (the account is created when the e-mailed link is opened).
 */
export const action = pageAction({
  defaultIntent: "signup",
  intents: {
    signup: async ({ domain, input }) => {
      const { message, email } = await registerVendor(domain, input(registerVendorInput));
      return { ok: true as const, message, email, errors: {} as Record<string, string> };
    },
  },
});

export default function VendorSignup({ loaderData, actionData }: Route.ComponentProps) {
  const [form, fields] = usePageForm(registerVendorInput, { result: actionData });
  if (actionData?.ok) return <CheckInbox message={actionData.message} email={actionData.email} loginPath="/vendorLogin" />;
  const errors = actionData?.errors ?? {};
  const v = (actionData && !actionData.ok && actionData.values) || {};
  return (
    <AuthCard
      wide
      title={m.account_register_business()}
      subtitle={m.account_vendor_signup_subtitle()}
      footer={
        <p>
          {m.account_already_registered()} <TextLink to="/vendorLogin">{m.account_vendor_login_title()}</TextLink>. {m.account_no_email()}{" "}
          <TextLink to="/vendor-phone-login">{m.account_use_mobile_number()}</TextLink>
          {m.account_we_text_code()}
        </p>
      }
    >
      <FormAlert message={actionData?.message && !Object.keys(errors).length ? actionData.message : null} />
      <Form method="post" className="grid gap-4 md:grid-cols-2" {...formProps(form)}>
        <Field meta={fields.name} label={m.account_business_name()} autoComplete="organization" required />
        <Field meta={fields.user_name} label={m.account_your_name()} autoComplete="name" required />
        <Field meta={fields.email} label={m.account_email_address()} type="email" autoComplete="email" required />
        <Field meta={fields.phone_number} label={m.account_mobile_number()} type="tel" autoComplete="tel" inputMode="tel" required />
        <CategorySelect meta={fields.business_category} />
        <div className="hidden md:block" aria-hidden="true" />
        <PlacePicker
          locations={loaderData.locations}
          state={v.state}
          city={v.city}
          errors={{ state: fields.state.errors?.[0], city: fields.city.errors?.[0] }}
        />
        <Field meta={fields.password} label={m.account_password()} type="password" autoComplete="new-password" required hint={passwordRule()} />
        <Field meta={fields.confirmPassword} label={m.account_repeat_password()} type="password" autoComplete="new-password" required />
        <div className="md:col-span-2">
          <SubmitButton pendingText={m.account_creating_account()}>{m.account_create_vendor_account()}</SubmitButton>
        </div>
      </Form>
    </AuthCard>
  );
}
