import { Form, redirect, useLocation } from "react-router";
import type { Route } from "./+types/change-password";
import { changePasswordInput, passwordRule, resetPasswordInput } from "#shared/account-schemas.ts";
import { changePassword, resetLinkIsValid, resetPassword } from "#domain/accounts/index.ts";
import { Invalid } from "#domain/core/index.ts";
import { clearSessionCookie } from "#platform/session-cookie.ts";
import { appContext } from "#functions/page-context.ts";
import { AuthCard, SubmitButton, TextLink } from "#app/components/auth/AuthForm.tsx";
import { Field, FormAlert } from "#app/components/ui/index.ts";
import { formProps, usePageForm } from "#app/components/ui/forms.ts";
import { formFailure, pagePath, readForm } from "#app/lib/page-errors.server.ts";
import { flashCookie, redirectWithToast } from "#platform/cookies.ts";
import { pageTitle } from "#shared/strings.ts";
import { m } from "#shared/paraglide/messages.js";
import { ACCOUNT_MESSAGES } from "#shared/account-messages.ts";
import { isSecretToken } from "#shared/tokens.ts";

/**
 * /user-change-password and /vendor-change-password. With ?token= (the e-mailed link) it sets a
 * new password; signed in without a token it changes the password after the current one.
 */
const isVendorPath = (pathname: string) => pathname.toLowerCase().startsWith("/vendor");

export const meta: Route.MetaFunction = () => [{ title: pageTitle(m.account_change_meta()) }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { domain } = context.get(appContext);
  const url = new URL(request.url);
  const token = url.searchParams.get("token");
  if (token !== null) return { mode: "reset" as const, linkValid: isSecretToken(token) && (await resetLinkIsValid(domain, token)) };
  if (!domain.actor) throw redirect(isVendorPath(pagePath(request)) ? "/vendor-forgot-password" : "/user-forgot-password");
  return { mode: "change" as const, linkValid: true };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { domain } = context.get(appContext);
  const url = new URL(request.url);
  const vendor = isVendorPath(pagePath(request));
  const token = url.searchParams.get("token");
  try {
    if (token !== null) {
      if (!isSecretToken(token)) throw new Invalid(ACCOUNT_MESSAGES.badResetLink);
      const { input } = await readForm(request, resetPasswordInput);
      const { message, door } = await resetPassword(domain, { token, password: input.password });
      // Every session ended; this browser's cookie goes too.
      const res = redirectWithToast(request, door === "vendor" ? "/vendorLogin" : "/login", { type: "success", message });
      res.headers.append("Set-Cookie", clearSessionCookie(request));
      return res;
    }
    const { input } = await readForm(request, changePasswordInput);
    const { message } = await changePassword(domain, { ...input, door: vendor ? "vendor" : "user" });
    const headers = new Headers({ Location: vendor ? "/VendorDashboard" : "/profile" });
    headers.append("Set-Cookie", flashCookie(request, { type: "success", message }));
    return new Response(null, { status: 302, headers });
  } catch (e) {
    return formFailure(e, request);
  }
}

export default function ChangePassword({ loaderData, actionData }: Route.ComponentProps) {
  const vendor = isVendorPath(useLocation().pathname);
  const reset = loaderData.mode === "reset";
  const [form, fields] = usePageForm<typeof resetPasswordInput | typeof changePasswordInput>(reset ? resetPasswordInput : changePasswordInput, {
    result: actionData,
  });
  const errors = actionData?.errors ?? {};
  const forgot = vendor ? "/vendor-forgot-password" : "/user-forgot-password";
  if (loaderData.mode === "reset" && !loaderData.linkValid) {
    return (
      <AuthCard title={m.account_link_expired()}>
        <FormAlert message={ACCOUNT_MESSAGES.badResetLink} />
        <TextLink to={forgot}>{m.account_ask_new_reset_link()}</TextLink>
      </AuthCard>
    );
  }
  return (
    <AuthCard
      title={reset ? m.account_choose_new_password() : m.account_change_your_password()}
      subtitle={reset ? m.account_reset_subtitle() : m.account_change_subtitle()}
    >
      <FormAlert message={actionData?.message && (errors.token || !Object.keys(errors).length) ? actionData.message : null} />
      <Form method="post" className="flex flex-col gap-4" {...formProps(form)}>
        {!reset && <Field meta={fields.currentPassword} label={m.account_current_password()} type="password" autoComplete="current-password" required />}
        <Field
          meta={reset ? fields.password : fields.pass}
          label={m.account_new_password()}
          type="password"
          autoComplete="new-password"
          required
          hint={passwordRule()}
        />
        <Field meta={fields.confirmPassword} label={m.account_repeat_new_password()} type="password" autoComplete="new-password" required />
        <SubmitButton pendingText={m.account_saving()}>{reset ? m.account_set_new_password() : m.account_change_password_button()}</SubmitButton>
      </Form>
      {reset && errors.token && (
        <p className="mt-4 text-sm">
          <TextLink to={forgot}>{m.account_ask_new_reset_link()}</TextLink>
        </p>
      )}
    </AuthCard>
  );
}
