import { Form, useLocation } from "react-router";
import type { Route } from "./+types/login";
import { loginInput } from "#shared/account-schemas.ts";
import { login, type Door } from "#domain/accounts/index.ts";
import { appContext } from "#functions/page-context.ts";
import { AuthCard, SubmitButton, TextLink } from "#app/components/auth/AuthForm.tsx";
import { Field, FormAlert } from "#app/components/ui/index.ts";
import { formProps, usePageForm } from "#app/components/ui/forms.ts";
import { GoogleButton } from "#app/components/auth/GoogleButton.tsx";
import { afterLogin, redirectIfSignedIn, sessionRedirect } from "#app/lib/auth-forms.server.ts";
import { pagePath } from "#app/lib/page-errors.server.ts";
import { pageAction } from "#app/lib/page-action.server.ts";
import { pageTitle, SITE_NAME } from "#shared/strings.ts";
import { m } from "#shared/paraglide/messages.js";

/** /login (couples and admins) and /vendorLogin (vendors): two doors to the same accounts. */
const doorOf = (pathname: string): Door => (pathname.toLowerCase().startsWith("/vendorlogin") ? "vendor" : "user");

export const meta: Route.MetaFunction = ({ location }) => [
  { title: pageTitle(doorOf(location.pathname) === "vendor" ? m.account_vendor_login_title() : m.account_login_title()) },
];

export function loader({ request, context }: Route.LoaderArgs) {
  const ctx = context.get(appContext);
  redirectIfSignedIn(ctx);
  const door = doorOf(pagePath(request));
  return { googleClientId: door === "user" ? ctx.domain.config.googleClientId : null };
}

export const action = pageAction({
  defaultIntent: "login",
  // The log-in form's own 401 (wrong e-mail or password) is its answer, not "log in first".
  signInForm: true,
  intents: {
    login: async ({ request, domain, input }) => {
      const start = await login(domain, { ...input(loginInput), door: doorOf(pagePath(request)) });
      return sessionRedirect(request, start, afterLogin(request, start.account.role), {
        type: "success",
        message: m.account_welcome_back({ name: start.account.user_name }),
      });
    },
  },
});

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  const location = useLocation();
  const vendor = doorOf(location.pathname) === "vendor";
  const [form, fields] = usePageForm(loginInput, { result: actionData });
  const errors = actionData?.errors ?? {};
  return (
    <AuthCard
      title={vendor ? m.account_vendor_login_title() : m.account_login_title()}
      subtitle={vendor ? m.account_vendor_login_subtitle() : m.account_login_subtitle()}
      footer={
        vendor ? (
          <p>
            {m.account_new_to_site({ site: SITE_NAME })} <TextLink to="/vendorSignup">{m.account_register_business()}</TextLink>. {m.account_planning_wedding()}{" "}
            <TextLink to="/login">{m.account_couples_log_in_here()}</TextLink>.
          </p>
        ) : (
          <p>
            {m.account_new_here()} <TextLink to="/signup">{m.account_create_an_account()}</TextLink>. {m.account_a_vendor()}{" "}
            <TextLink to="/vendorLogin">{m.account_vendor_login_title()}</TextLink>.
          </p>
        )
      }
    >
      <FormAlert message={actionData?.message && !Object.keys(errors).length ? actionData.message : null} />
      {/* The query (?redirectTo=) goes with the post so the action can send the couple back. */}
      <Form method="post" action={location.pathname + location.search} className="flex flex-col gap-4" {...formProps(form)}>
        <Field meta={fields.email} label={m.account_email_address()} type="email" autoComplete="email" required />
        <Field meta={fields.password} label={m.account_password()} type="password" autoComplete="current-password" required />
        <div className="flex justify-end text-sm">
          <TextLink to={vendor ? "/vendor-forgot-password" : "/user-forgot-password"}>{m.account_forgot_password_link()}</TextLink>
        </div>
        <SubmitButton pendingText={m.account_logging_in()}>{m.account_log_in()}</SubmitButton>
      </Form>
      <p className="mt-4 text-center text-sm">
        <TextLink to={vendor ? "/vendor-phone-login" : "/phone-login"}>{m.account_use_mobile_number()}</TextLink> {m.account_use_mobile_instead()}
      </p>
      <GoogleButton clientId={loaderData.googleClientId} />
    </AuthCard>
  );
}
