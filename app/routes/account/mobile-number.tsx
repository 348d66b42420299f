import { Form, useLocation } from "react-router";
import type { Route } from "./+types/mobile-number";
import { addPhoneInput, formatIndianMobile, phoneCodeInput } from "#shared/phone-schemas.ts";
import { addPhone, requestAddPhoneCode, requireAccountView } from "#domain/accounts/index.ts";
import { requireSignedIn } from "#domain/core/index.ts";
import { appContext } from "#functions/page-context.ts";
import { AuthCard, SubmitButton, TextLink } from "#app/components/auth/AuthForm.tsx";
import { Field, FormAlert } from "#app/components/ui/index.ts";
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
  const settings = loaderData.back === "settings";
  return (
    <AuthCard
      title={m.account_mobile_title()}
      subtitle={m.account_mobile_intro()}
      footer={
        <p>
          <TextLink to={settings ? "/VendorDashboard/vendor-setting" : "/profile"}>
            {settings ? m.account_mobile_back_settings() : m.account_mobile_back_profile()}
          </TextLink>
        </p>
      }
    >
      {actionData?.ok ? (
        <p role="status" className="rounded-lg bg-emerald-50 p-3 text-sm text-emerald-900">
          {actionData.message}
        </p>
      ) : (
        <FormAlert message={actionData?.message && !Object.keys(errors).length ? actionData.message : null} />
      )}
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
            <Field
              id="code"
              name="code"
              label={m.account_six_digit_code()}
              inputMode="numeric"
              autoComplete="one-time-code"
              pattern="[0-9 ]*"
              maxLength={7}
              required
              defaultValue={values.code}
              error={errors.code ?? errors.phone}
            />
            <SubmitButton pendingText={m.account_checking()}>{m.account_mobile_verify()}</SubmitButton>
          </Form>
          <Form method="post" action={location.pathname} className="mt-3 text-sm">
            <input type="hidden" name="intent" value="code" />
            <input type="hidden" name="phone" value={phone} />
            <button type="submit" className="font-semibold text-maroon-700 underline">
              {m.account_send_new_code()}
            </button>{" "}
            {m.account_after_30_seconds()} · <TextLink to={location.pathname}>{m.account_use_another_number()}</TextLink>
          </Form>
        </>
      ) : step === "phone" ? (
        <Form method="post" action={location.pathname} className="flex flex-col gap-4">
          <input type="hidden" name="intent" value="code" />
          {loaderData.verifiedPhone ? <p className="text-sm">{m.account_mobile_change()}</p> : null}
          <Field
            id="phone"
            name="phone"
            label={m.account_mobile_number()}
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            required
            defaultValue={phone}
            placeholder="98123 45678"
            hint={m.account_phone_hint()}
            error={errors.phone}
          />
          <SubmitButton pendingText={m.account_sending_code()}>{m.account_send_code()}</SubmitButton>
        </Form>
      ) : null}
    </AuthCard>
  );
}
