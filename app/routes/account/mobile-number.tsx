import { Form, useLocation } from "react-router";
import type { Route } from "./+types/mobile-number";
import { addPhoneInput, formatIndianMobile, phoneCodeInput } from "#shared/phone-schemas.ts";
import { addPhone, requestAddPhoneCode, requireAccountView } from "#domain/accounts/index.ts";
import { requireSignedIn } from "#domain/core/index.ts";
import { appContext } from "#functions/page-context.ts";
import { AuthCard, SubmitButton } from "#app/components/auth/AuthForm.tsx";
import { BackToAccount, MobileNumberField, OneTimeCodeField, SendNewCode, StepOutcome } from "#app/components/auth/OneTimeCode.tsx";
import { pageAction } from "#app/lib/page-action.server.ts";
import { loadOrRespond } from "#app/lib/page-errors.server.ts";
import { pageTitle } from "#shared/strings.ts";
import { m } from "#shared/paraglide/messages.js";

/**
 * /mobile-number: a signed-in account adds (or changes) the mobile number it can sign in with
 * (issue 32, docs/decisions/0047-mobile-sign-in.md): the number, then the 6-digit code texted to it.
 * The rules are the domain's (requestAddPhoneCode, addPhone), as POST /api/v1/phone/add-code and
 * /add. Plain forms: they work without JavaScript.
 */
export const meta: Route.MetaFunction = () => [{ title: pageTitle(m.account_mobile_title()) }, { name: "robots", content: "noindex" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadOrRespond(request, async () => {
    const account = await requireAccountView(context.get(appContext).domain);
    // Where "back" goes: a vendor's settings or the profile (the UI gets no role string).
    return { verifiedPhone: account.verified_phone, back: account.role === "VENDOR" ? ("settings" as const) : ("profile" as const) };
  });
}

type Step = { ok: true; step: "code" | "done"; phone: string; message: string; errors: Record<string, string> };

export const action = pageAction({
  defaultIntent: "code",
  intents: {
    // Who is asking is checked before the form is read (a visitor is sent to log in).
    code: async ({ domain, input }): Promise<Step> => {
      requireSignedIn(domain.actor);
      const sent = await requestAddPhoneCode(domain, input(phoneCodeInput));
      return { ok: true, step: "code", phone: sent.phone, message: sent.message, errors: {} };
    },
    verify: async ({ domain, input }): Promise<Step> => {
      requireSignedIn(domain.actor);
      const body = input(addPhoneInput);
      const added = await addPhone(domain, body);
      return { ok: true, step: "done", phone: body.phone, message: added.message, errors: {} };
    },
  },
});

export default function MobileNumber({ loaderData, actionData }: Route.ComponentProps) {
  const location = useLocation();
  const errors: Record<string, string> = actionData?.errors ?? {};
  const values: Record<string, string> = (actionData && !actionData.ok && actionData.values) || {};
  const step = actionData?.ok ? actionData.step : actionData?.intent === "verify" ? "code" : "phone";
  const phone = (actionData?.ok ? actionData.phone : values.phone) ?? "";
  return (
    <AuthCard title={m.account_mobile_title()} subtitle={m.account_mobile_intro()} footer={<BackToAccount to={loaderData.back} />}>
      <StepOutcome outcome={actionData} />
      {loaderData.verifiedPhone ? (
        <p className="text-sm" data-testid="verified-phone">
          {m.account_mobile_current({ phone: formatIndianMobile(loaderData.verifiedPhone) })}
        </p>
      ) : null}
      {step === "code" ? (
        <>
          <Form method="post" action={location.pathname} className="flex flex-col gap-4">
            <input type="hidden" name="intent" value="verify" />
            <input type="hidden" name="phone" value={phone} />
            <p className="text-sm">
              {m.account_mobile_number_colon()} <strong>{formatIndianMobile(phone)}</strong>
            </p>
            <OneTimeCodeField defaultValue={values.code} error={errors.code ?? errors.phone} />
            <SubmitButton pendingText={m.account_checking()}>{m.account_mobile_verify()}</SubmitButton>
          </Form>
          <SendNewCode action={location.pathname} address="phone" value={phone} restartTo={location.pathname} restartLabel={m.account_use_another_number()} />
        </>
      ) : step === "phone" ? (
        <Form method="post" action={location.pathname} className="flex flex-col gap-4">
          <input type="hidden" name="intent" value="code" />
          {loaderData.verifiedPhone ? <p className="text-sm">{m.account_mobile_change()}</p> : null}
          <MobileNumberField defaultValue={phone} error={errors.phone} />
          <SubmitButton pendingText={m.account_sending_code()}>{m.account_send_code()}</SubmitButton>
        </Form>
      ) : null}
    </AuthCard>
  );
}
