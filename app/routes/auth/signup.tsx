import { Form } from "react-router";
import type { Route } from "./+types/signup";
import { PASSWORD_RULE, registerUserInput } from "#shared/account-schemas.ts";
import { registerUser } from "#domain/accounts/index.ts";
import { appContext } from "#functions/page-context.ts";
import { AuthCard, SubmitButton, TextLink } from "#app/components/auth/AuthForm.tsx";
import { Field, FormAlert } from "#app/components/ui/index.ts";
import { formProps, usePageForm } from "#app/components/ui/forms.ts";
import { CheckInbox } from "#app/components/auth/CheckInbox.tsx";
import { GoogleButton } from "#app/components/auth/GoogleButton.tsx";
import { redirectIfSignedIn } from "#app/lib/auth-forms.server.ts";
import { pageAction } from "#app/lib/page-action.server.ts";
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
export const action = pageAction({
  defaultIntent: "signup",
  intents: {
    signup: async ({ domain, input }) => {
      const { message, email } = await registerUser(domain, input(registerUserInput));
      return { ok: true as const, message, email, errors: {} as Record<string, string> };
    },
  },
});

export default function Signup({ loaderData, actionData }: Route.ComponentProps) {
  const [form, fields] = usePageForm(registerUserInput, { result: actionData });
  if (actionData?.ok) return <CheckInbox message={actionData.message} email={actionData.email} loginPath="/login" />;
  const errors = actionData?.errors ?? {};
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
      <FormAlert message={actionData?.message && !Object.keys(errors).length ? actionData.message : null} />
      <Form method="post" className="flex flex-col gap-4" {...formProps(form)}>
        <Field meta={fields.user_name} label="Your name" autoComplete="name" required />
        <Field meta={fields.email} label="E-mail address" type="email" autoComplete="email" required />
        <Field meta={fields.phone} label="Mobile number (optional)" type="tel" autoComplete="tel" inputMode="tel" />
        <Field meta={fields.password} label="Password" type="password" autoComplete="new-password" required hint={PASSWORD_RULE} />
        <Field meta={fields.confirmPassword} label="Repeat the password" type="password" autoComplete="new-password" required />
        <SubmitButton pendingText="Creating your account…">Sign up</SubmitButton>
      </Form>
      <p className="mt-4 text-center text-sm">
        No e-mail address? <TextLink to="/phone-login">Use mobile number</TextLink>: we text you a code.
      </p>
      <GoogleButton clientId={loaderData.googleClientId} text="signup_with" />
    </AuthCard>
  );
}
