import { Form } from "react-router";
import type { Route } from "./+types/vendor-signup";
import { PASSWORD_RULE, registerVendorInput } from "#shared/account-schemas.ts";
import { registerVendor } from "#domain/accounts/index.ts";
import { appContext } from "#functions/page-context.ts";
import { AuthCard, SubmitButton, TextLink } from "#app/components/auth/AuthForm.tsx";
import { Field, FormAlert } from "#app/components/ui/index.ts";
import { formProps, usePageForm } from "#app/components/ui/forms.ts";
import { CheckInbox } from "#app/components/auth/CheckInbox.tsx";
import { redirectIfSignedIn } from "#app/lib/auth-forms.server.ts";
import { pageAction } from "#app/lib/page-action.server.ts";
import { pageTitle } from "#shared/strings.ts";
import { PLACES } from "#shared/places.ts";
import { CategorySelect, PlacePicker } from "#app/routes/vendor-dashboard/vendor-profile-fields.tsx";

export const meta: Route.MetaFunction = () => [{ title: pageTitle("Vendor Sign up") }];

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
      title="Register your business"
      subtitle="List your services for couples across India. It takes two minutes."
      footer={
        <p>
          Already registered? <TextLink to="/vendorLogin">Vendor Login</TextLink>. No e-mail address?{" "}
          <TextLink to="/vendor-phone-login">Use mobile number</TextLink>: we text you a code.
        </p>
      }
    >
      <FormAlert message={actionData?.message && !Object.keys(errors).length ? actionData.message : null} />
      <Form method="post" className="grid gap-4 md:grid-cols-2" {...formProps(form)}>
        <Field meta={fields.name} label="Business name" autoComplete="organization" required />
        <Field meta={fields.user_name} label="Your name" autoComplete="name" required />
        <Field meta={fields.email} label="E-mail address" type="email" autoComplete="email" required />
        <Field meta={fields.phone_number} label="Mobile number" type="tel" autoComplete="tel" inputMode="tel" required />
        <CategorySelect meta={fields.business_category} />
        <div className="hidden md:block" aria-hidden="true" />
        <PlacePicker
          locations={loaderData.locations}
          state={v.state}
          city={v.city}
          errors={{ state: fields.state.errors?.[0], city: fields.city.errors?.[0] }}
        />
        <Field meta={fields.password} label="Password" type="password" autoComplete="new-password" required hint={PASSWORD_RULE} />
        <Field meta={fields.confirmPassword} label="Repeat the password" type="password" autoComplete="new-password" required />
        <div className="md:col-span-2">
          <SubmitButton pendingText="Creating your account…">Create vendor account</SubmitButton>
        </div>
      </Form>
    </AuthCard>
  );
}
