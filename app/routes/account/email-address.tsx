import { Form, useLocation } from "react-router";
import type { Route } from "./+types/email-address";
import { addEmailInput, emailCodeInput } from "#shared/email-address-schemas.ts";
import { addEmail, requestEmailCode, requireAccountView } from "#domain/accounts/index.ts";
import { requireSignedIn } from "#domain/core/index.ts";
import { appContext } from "#functions/page-context.ts";
import { AuthCard, SubmitButton } from "#app/components/auth/AuthForm.tsx";
import { BackToAccount, OneTimeCodeField, SendNewCode, StepOutcome } from "#app/components/auth/OneTimeCode.tsx";
import { Field } from "#app/components/ui/index.ts";
import { pageAction } from "#app/lib/page-action.server.ts";
import { loadOrRespond } from "#app/lib/page-errors.server.ts";
import { pageTitle } from "#shared/strings.ts";
import { m } from "#shared/paraglide/messages.js";
import { rich } from "#app/components/rich.tsx";

/**
 * /email-address: an account made with a mobile number adds an e-mail address (issue 32,
 * functions/domain/accounts/add-email.ts): the address, then the 6-digit code mailed to it. The
 * same domain calls as POST /api/v1/email-address/code and /email-address. Plain forms.
 */
export const meta: Route.MetaFunction = () => [{ title: pageTitle(m.account_email_title()) }, { name: "robots", content: "noindex" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadOrRespond(request, async () => {
    const account = await requireAccountView(context.get(appContext).domain);
    return { email: account.email, back: account.role === "VENDOR" ? ("settings" as const) : ("profile" as const) };
  });
}

type Step = { ok: true; step: "code" | "done"; email: string; message: string; errors: Record<string, string> };

export const action = pageAction({
  defaultIntent: "code",
  intents: {
    // Who is asking is checked before the form is read (a visitor is sent to log in).
    code: async ({ domain, input }): Promise<Step> => {
      requireSignedIn(domain.actor);
      const sent = await requestEmailCode(domain, input(emailCodeInput));
      return { ok: true, step: "code", email: sent.email, message: sent.message, errors: {} };
    },
    verify: async ({ domain, input }): Promise<Step> => {
      requireSignedIn(domain.actor);
      const body = input(addEmailInput);
      const added = await addEmail(domain, body);
      return { ok: true, step: "done", email: body.email, message: added.message, errors: {} };
    },
  },
});

export default function EmailAddress({ loaderData, actionData }: Route.ComponentProps) {
  const location = useLocation();
  const errors: Record<string, string> = actionData?.errors ?? {};
  const values: Record<string, string> = (actionData && !actionData.ok && actionData.values) || {};
  const step = actionData?.ok ? actionData.step : actionData?.intent === "verify" ? "code" : "email";
  const email = (actionData?.ok ? actionData.email : values.email) ?? "";
  return (
    <AuthCard title={m.account_email_title()} subtitle={m.account_email_intro()} footer={<BackToAccount to={loaderData.back} />}>
      <StepOutcome outcome={actionData} />
      {loaderData.email ? (
        <p className="text-sm" data-testid="account-email">
          {rich(m.account_email_current, { email: <span translate="no">{loaderData.email}</span> })}
        </p>
      ) : step === "code" ? (
        <>
          <Form method="post" action={location.pathname} className="flex flex-col gap-4">
            <input type="hidden" name="intent" value="verify" />
            <input type="hidden" name="email" value={email} />
            <p className="text-sm">
              {m.account_email_address()}: <strong translate="no">{email}</strong>
            </p>
            <OneTimeCodeField defaultValue={values.code} error={errors.code ?? errors.email} />
            <SubmitButton pendingText={m.account_checking()}>{m.account_email_add()}</SubmitButton>
          </Form>
          <SendNewCode action={location.pathname} address="email" value={email} restartTo={location.pathname} restartLabel={m.account_email_use_another()} />
        </>
      ) : (
        <Form method="post" action={location.pathname} className="flex flex-col gap-4">
          <input type="hidden" name="intent" value="code" />
          <Field
            id="email"
            name="email"
            label={m.account_email_address()}
            type="email"
            autoComplete="email"
            required
            defaultValue={email}
            error={errors.email}
          />
          <SubmitButton pendingText={m.account_sending_code()}>{m.account_send_code()}</SubmitButton>
        </Form>
      )}
    </AuthCard>
  );
}
