import { Form, useLocation } from "react-router";
import type { Route } from "./+types/signup";
import { passwordRule, registerUserInput } from "#shared/account-schemas.ts";
import { registerUser } from "#domain/accounts/index.ts";
import { appContext } from "#functions/page-context.ts";
import { AuthCard, SubmitButton, TextLink } from "#app/components/auth/AuthForm.tsx";
import { Field, FormAlert } from "#app/components/ui/index.ts";
import { formProps, usePageForm } from "#app/components/ui/forms.ts";
import { CheckInbox } from "#app/components/auth/CheckInbox.tsx";
import { GoogleButton } from "#app/components/auth/GoogleButton.tsx";
import { redirectIfSignedIn } from "#app/lib/auth-forms.server.ts";
import { safeRedirectPath } from "#platform/safe-redirect.ts";
import { pageAction } from "#app/lib/page-action.server.ts";
import { pageTitle } from "#shared/strings.ts";
import { m } from "#shared/paraglide/messages.js";

export const meta: Route.MetaFunction = () => [{ title: pageTitle(m.account_signup_meta()) }];

export function loader({ context }: Route.LoaderArgs) {
  const ctx = context.get(appContext);
  redirectIfSignedIn(ctx);
  return { googleClientId: ctx.domain.config.googleClientId };
}

/**
 * Accepts the sign-up and shows "check your inbox": the same answer whether or not the address
 * already has an account (the account is created when the e-mailed link is opened). A sign-up that
 * came from a page asking for it (`?redirectTo=`, an invitation to plan a wedding) carries the page
 * in the mailed link, which leads back there once the account is made.
 */
export const action = pageAction({
  defaultIntent: "signup",
  intents: {
    signup: async ({ request, domain, input }) => {
      const url = new URL(request.url);
      const { message, email } = await registerUser(domain, input(registerUserInput), safeRedirectPath(url.searchParams.get("redirectTo"), url.origin));
      return { ok: true as const, message, email, errors: {} as Record<string, string> };
    },
  },
});

export default function Signup({ loaderData, actionData }: Route.ComponentProps) {
  const [form, fields] = usePageForm(registerUserInput, { result: actionData });
  // The page that sent the person here (?redirectTo=) goes on to the log-in links as well.
  const { search } = useLocation();
  const loginPath = `/login${new URLSearchParams(search).has("redirectTo") ? `?redirectTo=${encodeURIComponent(new URLSearchParams(search).get("redirectTo")!)}` : ""}`;
  if (actionData?.ok) return <CheckInbox message={actionData.message} email={actionData.email} loginPath={loginPath} />;
  const errors = actionData?.errors ?? {};
  return (
    <AuthCard
      title={m.account_signup_title()}
      subtitle={m.account_signup_subtitle()}
      footer={
        <p>
          {m.account_already_have_account()} <TextLink to={loginPath}>{m.account_log_in()}</TextLink>. {m.account_own_wedding_business()}{" "}
          <TextLink to="/vendorSignup">{m.account_register_as_vendor()}</TextLink>.
        </p>
      }
    >
      <FormAlert message={actionData?.message && !Object.keys(errors).length ? actionData.message : null} />
      <Form method="post" className="flex flex-col gap-4" {...formProps(form)}>
        <Field meta={fields.user_name} label={m.account_your_name()} autoComplete="name" required />
        <Field meta={fields.email} label={m.account_email_address()} type="email" autoComplete="email" required />
        <Field meta={fields.phone} label={m.account_mobile_optional()} type="tel" autoComplete="tel" inputMode="tel" />
        <Field meta={fields.password} label={m.account_password()} type="password" autoComplete="new-password" required hint={passwordRule()} />
        <Field meta={fields.confirmPassword} label={m.account_repeat_password()} type="password" autoComplete="new-password" required />
        <SubmitButton pendingText={m.account_creating_account()}>{m.account_sign_up()}</SubmitButton>
      </Form>
      <p className="mt-4 text-center text-sm">
        {m.account_no_email()} <TextLink to="/phone-login">{m.account_use_mobile_number()}</TextLink>
        {m.account_we_text_code()}
      </p>
      <GoogleButton clientId={loaderData.googleClientId} text="signup_with" />
    </AuthCard>
  );
}
