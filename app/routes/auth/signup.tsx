import { Form } from "react-router";
import type { Route } from "./+types/signup";
import { PASSWORD_RULE, registerUserInput } from "#shared/account-schemas.ts";
import { registerUser } from "#domain/accounts/index.ts";
import { appContext } from "#functions/page-context.ts";
import { AuthCard, Field, FormMessage, SubmitButton, TextLink } from "#app/components/auth/AuthForm.tsx";
import { CheckInbox } from "#app/components/auth/CheckInbox.tsx";
import { GoogleButton } from "#app/components/auth/GoogleButton.tsx";
import { redirectIfSignedIn } from "#app/lib/auth-forms.server.ts";
import { formFailure, readForm } from "#app/lib/page-errors.server.ts";
import { pageTitle } from "#shared/strings.ts";

export const meta: Route.MetaFunction = () => [{ title: pageTitle("Sign up") }];

export function loader({ context }: Route.LoaderArgs) {
  const ctx = context.get(appContext);
  redirectIfSignedIn(ctx);
  return { googleClientId: ctx.domain.config.googleClientId };
}

/**
 * Accepts the sign-up and shows "check your inbox": the same answer whether or not the address
 * already has an account (the account is created when the e-mailed link is opened).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { domain } = context.get(appContext);
  try {
    const { input } = await readForm(request, registerUserInput);
    const { message, email } = await registerUser(domain, input);
    return { ok: true as const, message, email, errors: {} as Record<string, string> };
  } catch (e) {
    return formFailure(e, request);
  }
}

export default function Signup({ loaderData, actionData }: Route.ComponentProps) {
  if (actionData?.ok) return <CheckInbox message={actionData.message} email={actionData.email} loginPath="/login" />;
  const errors = actionData?.errors ?? {};
  const v = (actionData && !actionData.ok && actionData.values) || {};
  return (
    <AuthCard
      title="Create your account"
      subtitle="Save favourite venues and vendors, plan every function and send invitations."
      footer={
        <p>
          Already have an account? <TextLink to="/login">Log in</TextLink>. Own a wedding business? <TextLink to="/vendorSignup">Register as a vendor</TextLink>
          .
        </p>
      }
    >
      <FormMessage message={actionData?.message && !Object.keys(errors).length ? actionData.message : null} />
      <Form method="post" className="flex flex-col gap-4" noValidate>
        <Field label="Your name" name="user_name" type="text" autoComplete="name" required defaultValue={v.user_name} error={errors.user_name} />
        <Field label="E-mail address" name="email" type="email" autoComplete="email" required defaultValue={v.email} error={errors.email} />
        <Field label="Mobile number (optional)" name="phone" type="tel" autoComplete="tel" inputMode="tel" defaultValue={v.phone} error={errors.phone} />
        <Field label="Password" name="password" type="password" autoComplete="new-password" required hint={PASSWORD_RULE} error={errors.password} />
        <Field label="Repeat the password" name="confirmPassword" type="password" autoComplete="new-password" required error={errors.confirmPassword} />
        <SubmitButton pendingText="Creating your account…">Sign up</SubmitButton>
      </Form>
      <GoogleButton clientId={loaderData.googleClientId} text="signup_with" />
    </AuthCard>
  );
}
