import { Form } from "react-router";
import type { Route } from "./+types/verify-email";
import { verifyEmailInput } from "#shared/account-schemas.ts";
import { completeSignup, verificationLinkKind, verifyEmail } from "#domain/accounts/index.ts";
import { Invalid, homeOf } from "#domain/core/index.ts";
import { appContext } from "#functions/page-context.ts";
import { AuthCard, SubmitButton, TextLink } from "#app/components/auth/AuthForm.tsx";
import { Field, FormAlert } from "#app/components/ui/index.ts";
import { afterLogin, sessionRedirect } from "#app/lib/auth-forms.server.ts";
import { formFailure, readForm } from "#app/lib/page-errors.server.ts";
import { redirectWithToast } from "#platform/cookies.ts";
import { pageTitle } from "#shared/strings.ts";
import { m } from "#shared/paraglide/messages.js";
import { ACCOUNT_MESSAGES } from "#shared/account-messages.ts";

/**
 * The e-mailed link. Opening it shows a confirm form (a POST), so mail scanners that fetch links
 * cannot spend the token. A sign-up's link asks for the password chosen at sign-up, then creates
 * the account and signs in (then to the page the sign-up came from, when the link names one: an
 * invitation to plan a wedding); an existing account's verification link just confirms the address.
 */
export const meta: Route.MetaFunction = () => [{ title: pageTitle(m.account_verify_meta()) }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  return { kind: await verificationLinkKind(context.get(appContext).domain, token) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { domain } = context.get(appContext);
  const token = new URL(request.url).searchParams.get("token") ?? "";
  try {
    const kind = await verificationLinkKind(domain, token);
    if (kind === "signup") {
      const { input } = await readForm(request, verifyEmailInput);
      const start = await completeSignup(domain, { token, password: input.password });
      // The link carries the page the sign-up came from (?redirectTo=, an invitation to plan a wedding): back there, else home.
      return sessionRedirect(request, start, afterLogin(request, start.role), {
        type: "success",
        message: ACCOUNT_MESSAGES.signupDone(start.welcomeName),
      });
    }
    if (kind !== "verify") throw new Invalid(ACCOUNT_MESSAGES.badVerifyLink);
    const { message, role, userId } = await verifyEmail(domain, { token });
    const to = domain.actor?.id === userId ? homeOf({ role }) : role === "VENDOR" ? "/vendorLogin" : "/login";
    return redirectWithToast(request, to, { type: "success", message });
  } catch (e) {
    return formFailure(e, request);
  }
}

export default function VerifyEmail({ loaderData, actionData }: Route.ComponentProps) {
  const errors = actionData?.errors ?? {};
  if (!loaderData.kind || (actionData && !errors.password)) {
    return (
      <AuthCard title={m.account_link_does_not_work()}>
        <FormAlert message={actionData?.message ?? ACCOUNT_MESSAGES.badVerifyLink} />
        <p className="text-sm">
          <TextLink to="/signup">{m.account_sign_up_again()}</TextLink> {m.account_or()} <TextLink to="/login">{m.account_log_in_lower()}</TextLink>.
        </p>
      </AuthCard>
    );
  }
  if (loaderData.kind === "signup") {
    return (
      <AuthCard title={m.account_finish_title()} subtitle={m.account_finish_subtitle()}>
        <Form method="post" className="flex flex-col gap-4" noValidate>
          <Field label={m.account_your_password()} name="password" type="password" autoComplete="current-password" required error={errors.password} />
          <SubmitButton pendingText={m.account_creating_account()}>{m.account_create_my_account()}</SubmitButton>
        </Form>
      </AuthCard>
    );
  }
  return (
    <AuthCard title={m.account_verify_title()} subtitle={m.account_verify_subtitle()}>
      <Form method="post">
        <SubmitButton pendingText={m.account_verifying()}>{m.account_verify_button()}</SubmitButton>
      </Form>
    </AuthCard>
  );
}
