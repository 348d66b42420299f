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
import { pageTitle } from "#shared/strings.ts";

/** /login (couples and admins) and /vendorLogin (vendors): two doors to the same accounts. */
const doorOf = (pathname: string): Door => (pathname.toLowerCase().startsWith("/vendorlogin") ? "vendor" : "user");

export const meta: Route.MetaFunction = ({ location }) => [{ title: pageTitle(doorOf(location.pathname) === "vendor" ? "Vendor Login" : "Login") }];

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
        message: `Welcome back, ${start.account.user_name}!`,
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
      title={vendor ? "Vendor Login" : "Login"}
      subtitle={vendor ? "Manage your services, enquiries and bookings." : "Plan your wedding, save favourites and track every function."}
      footer={
        vendor ? (
          <p>
            New to Mandap? <TextLink to="/vendorSignup">Register your business</TextLink>. Planning a wedding?{" "}
            <TextLink to="/login">Couples log in here</TextLink>.
          </p>
        ) : (
          <p>
            New here? <TextLink to="/signup">Create an account</TextLink>. A vendor? <TextLink to="/vendorLogin">Vendor Login</TextLink>.
          </p>
        )
      }
    >
      <FormAlert message={actionData?.message && !Object.keys(errors).length ? actionData.message : null} />
      {/* The query (?redirectTo=) goes with the post so the action can send the couple back. */}
      <Form method="post" action={location.pathname + location.search} className="flex flex-col gap-4" {...formProps(form)}>
        <Field meta={fields.email} label="E-mail address" type="email" autoComplete="email" required />
        <Field meta={fields.password} label="Password" type="password" autoComplete="current-password" required />
        <div className="flex justify-end text-sm">
          <TextLink to={vendor ? "/vendor-forgot-password" : "/user-forgot-password"}>Forgot password?</TextLink>
        </div>
        <SubmitButton pendingText="Logging in…">Log in</SubmitButton>
      </Form>
      <p className="mt-4 text-center text-sm">
        <TextLink to={vendor ? "/vendor-phone-login" : "/phone-login"}>Use mobile number</TextLink> instead: we text you a code.
      </p>
      <GoogleButton clientId={loaderData.googleClientId} />
    </AuthCard>
  );
}
