import { Form } from "react-router";
import type { Route } from "./+types/vendor-signup";
import { PASSWORD_RULE, registerVendorInput } from "#shared/account-schemas.ts";
import { registerVendor } from "#domain/accounts/index.ts";
import { appContext } from "#functions/page-context.ts";
import { AuthCard, Field, FormMessage, SubmitButton, TextLink } from "#app/components/auth/AuthForm.tsx";
import { CheckInbox } from "#app/components/auth/CheckInbox.tsx";
import { redirectIfSignedIn } from "#app/lib/auth-forms.server.ts";
import { formFailure, readForm } from "#app/lib/page-errors.server.ts";
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
export async function action({ request, context }: Route.ActionArgs) {
  const { domain } = context.get(appContext);
  try {
    const { input } = await readForm(request, registerVendorInput);
    const { message, email } = await registerVendor(domain, input);
    return { ok: true as const, message, email, errors: {} as Record<string, string> };
  } catch (e) {
    return formFailure(e, request);
  }
}

export default function VendorSignup({ loaderData, actionData }: Route.ComponentProps) {
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
          Already registered? <TextLink to="/vendorLogin">Vendor Login</TextLink>.
        </p>
      }
    >
      <FormMessage message={actionData?.message && !Object.keys(errors).length ? actionData.message : null} />
      <Form method="post" className="grid gap-4 md:grid-cols-2" noValidate>
        <Field label="Business name" name="name" type="text" autoComplete="organization" required defaultValue={v.name} error={errors.name} />
        <Field label="Your name" name="user_name" type="text" autoComplete="name" required defaultValue={v.user_name} error={errors.user_name} />
        <Field label="E-mail address" name="email" type="email" autoComplete="email" required defaultValue={v.email} error={errors.email} />
        <Field
          label="Mobile number"
          name="phone_number"
          type="tel"
          autoComplete="tel"
          inputMode="tel"
          required
          defaultValue={v.phone_number}
          error={errors.phone_number}
        />
        <CategorySelect defaultValue={v.business_category} error={errors.business_category} />
        <div className="hidden md:block" aria-hidden="true" />
        <PlacePicker locations={loaderData.locations} state={v.state} city={v.city} errors={{ state: errors.state, city: errors.city }} />
        <Field label="Password" name="password" type="password" autoComplete="new-password" required hint={PASSWORD_RULE} error={errors.password} />
        <Field label="Repeat the password" name="confirmPassword" type="password" autoComplete="new-password" required error={errors.confirmPassword} />
        <div className="md:col-span-2">
          <SubmitButton pendingText="Creating your account…">Create vendor account</SubmitButton>
        </div>
      </Form>
    </AuthCard>
  );
}
