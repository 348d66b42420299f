import { Form, useLocation } from "react-router";
import type { Route } from "./+types/forgot-password";
import { resetRequestInput } from "#shared/account-schemas.ts";
import { requestPasswordReset, type Door } from "#domain/accounts/index.ts";
import { AuthCard, SubmitButton, TextLink } from "#app/components/auth/AuthForm.tsx";
import { Field, FormAlert } from "#app/components/ui/index.ts";
import { formProps, usePageForm } from "#app/components/ui/forms.ts";
import { pageAction } from "#app/lib/page-action.server.ts";
import { pageTitle } from "#shared/strings.ts";
import { m } from "#shared/paraglide/messages.js";

/** /user-forgot-password and /vendor-forgot-password: ask for a reset link by e-mail. */
const doorOf = (pathname: string): Door => (pathname.toLowerCase().startsWith("/vendor") ? "vendor" : "user");

export const meta: Route.MetaFunction = () => [{ title: pageTitle(m.account_forgot_meta()) }];

export const action = pageAction({
  defaultIntent: "request",
  intents: {
    request: async ({ domain, input }) => {
      const { message } = await requestPasswordReset(domain, input(resetRequestInput));
      return { ok: true as const, message, errors: {} as Record<string, string> };
    },
  },
});

export default function ForgotPassword({ actionData }: Route.ComponentProps) {
  const vendor = doorOf(useLocation().pathname) === "vendor";
  const [form, fields] = usePageForm(resetRequestInput, { result: actionData });
  const errors = actionData?.errors ?? {};
  return (
    <AuthCard
      title={m.account_forgot_title()}
      subtitle={m.account_forgot_subtitle()}
      footer={
        <>
          <p>
            {m.account_remembered_it()} <TextLink to={vendor ? "/vendorLogin" : "/login"}>{m.account_back_to_log_in()}</TextLink>.
          </p>
          {/* A phone-only account has no password: its reset is a code by SMS (issue 32). */}
          <p className="mt-2">
            {m.account_forgot_phone()} <TextLink to={vendor ? "/vendor-phone-login" : "/phone-login"}>{m.account_forgot_phone_link()}</TextLink>.
          </p>
        </>
      }
    >
      {actionData?.ok ? (
        <FormAlert tone="success" message={actionData.message} />
      ) : (
        <FormAlert message={actionData && !actionData.ok && !Object.keys(errors).length ? actionData.message : null} />
      )}
      <Form method="post" className="flex flex-col gap-4" {...formProps(form)}>
        <Field meta={fields.email} label={m.account_email_address()} type="email" autoComplete="email" required />
        <SubmitButton pendingText={m.account_sending()}>{m.account_send_reset_link()}</SubmitButton>
      </Form>
    </AuthCard>
  );
}
