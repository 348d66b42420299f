import { Form, useLocation } from "react-router";
import type { Route } from "./+types/phone-login";
import { phoneCodeInput, phoneSignInInput, vendorPhoneSignInInput } from "#shared/phone-schemas.ts";
import { phoneSignIn, requestSignInCode, type Door } from "#domain/accounts/index.ts";
import { appContext } from "#functions/page-context.ts";
import { AuthCard, SubmitButton, TextLink } from "#app/components/auth/AuthForm.tsx";
import { Field } from "#app/components/ui/index.ts";
import { MobileNumberField, OneTimeCodeField, SendNewCode, StepOutcome } from "#app/components/auth/OneTimeCode.tsx";
import { afterLogin, redirectIfSignedIn, sessionRedirect } from "#app/lib/auth-forms.server.ts";
import { pagePath } from "#app/lib/page-errors.server.ts";
import { pageAction } from "#app/lib/page-action.server.ts";
import { pageTitle, SITE_NAME } from "#shared/strings.ts";
import { m } from "#shared/paraglide/messages.js";
import { PLACES } from "#shared/places.ts";
import { formatIndianMobile } from "#shared/phone-schemas.ts";
import { CategorySelect, PlacePicker } from "#app/routes/vendor-dashboard/vendor-profile-fields.tsx";

/**
 * /phone-login (couples) and /vendor-phone-login (vendors): sign in, or sign up, with an Indian
 * mobile number and a 6-digit code by SMS (docs/decisions/0047-mobile-sign-in.md). Step 1 asks
 * for the number; step 2 for the code; a number without an account then asks for the sign-up
 * details (a vendor's business too), with the same code. No e-mail address or password needed.
 */
const doorOf = (pathname: string): Door => (pathname.toLowerCase().startsWith("/vendor-phone-login") ? "vendor" : "user");

export const meta: Route.MetaFunction = ({ location }) => [
  { title: pageTitle(doorOf(location.pathname) === "vendor" ? m.account_vendor_phone_meta() : m.account_phone_meta()) },
];

export function loader({ context }: Route.LoaderArgs) {
  redirectIfSignedIn(context.get(appContext));
  return { locations: PLACES };
}

type Step = { ok: true; step: "code" | "signup"; phone: string; code?: string; fields?: string[]; message: string; errors: Record<string, string> };

export const action = pageAction({
  defaultIntent: "code",
  signInForm: true,
  intents: {
    code: async ({ domain, input }): Promise<Step> => {
      const sent = await requestSignInCode(domain, input(phoneCodeInput));
      return { ok: true, step: "code", phone: sent.phone, message: sent.message, errors: {} };
    },
    verify: async ({ request, domain, input }) => {
      const door = doorOf(pagePath(request));
      const body = input(door === "vendor" ? vendorPhoneSignInInput : phoneSignInInput);
      const result = await phoneSignIn(domain, { ...body, door });
      if (result.status === "needs-signup")
        return { ok: true, step: "signup", phone: body.phone, code: body.code, fields: result.fields, message: result.message, errors: {} } satisfies Step;
      const name = result.account.vendor?.name ?? result.account.user_name;
      return sessionRedirect(request, result, afterLogin(request, result.account.role), {
        type: "success",
        message: result.status === "created" ? m.account_welcome_new({ site: SITE_NAME, name }) : m.account_welcome_back({ name }),
      });
    },
  },
});

export default function PhoneLogin({ loaderData, actionData }: Route.ComponentProps) {
  const location = useLocation();
  const vendor = doorOf(location.pathname) === "vendor";
  const errors: Record<string, string> = actionData?.errors ?? {};
  const values: Record<string, string> = (actionData && !actionData.ok && actionData.values) || {};
  // Which step: the one a success named, else the step of the form that failed.
  const step = actionData?.ok ? actionData.step : actionData?.intent === "verify" ? (values.user_name !== undefined ? "signup" : "code") : "phone";
  const phone = (actionData?.ok ? actionData.phone : values.phone) ?? "";
  const code = actionData?.ok ? (actionData.code ?? "") : (values.code ?? "");
  const emailLogin = vendor ? "/vendorLogin" : "/login";
  return (
    <AuthCard
      wide={step === "signup" && vendor}
      title={vendor ? m.account_vendor_phone_meta() : m.account_phone_meta()}
      subtitle={m.account_phone_subtitle()}
      footer={
        <p>
          {m.account_prefer_email()} <TextLink to={emailLogin}>{m.account_log_in_with_email()}</TextLink> {m.account_or()}{" "}
          <TextLink to={vendor ? "/vendorSignup" : "/signup"}>{m.account_sign_up_with_email()}</TextLink>.{" "}
          {vendor ? (
            <>
              {m.account_planning_wedding()} <TextLink to="/phone-login">{m.account_couples_log_in_here()}</TextLink>.
            </>
          ) : (
            <>
              {m.account_a_vendor()} <TextLink to="/vendor-phone-login">{m.account_vendor_phone_meta()}</TextLink>.
            </>
          )}
        </p>
      }
    >
      <StepOutcome outcome={actionData} />
      {step === "phone" ? (
        <Form method="post" action={location.pathname + location.search} className="flex flex-col gap-4">
          <input type="hidden" name="intent" value="code" />
          <MobileNumberField defaultValue={phone} error={errors.phone} />
          <SubmitButton pendingText={m.account_sending_code()}>{m.account_send_code()}</SubmitButton>
        </Form>
      ) : (
        <>
          <Form
            method="post"
            action={location.pathname + location.search}
            className={step === "signup" && vendor ? "grid gap-4 md:grid-cols-2" : "flex flex-col gap-4"}
          >
            <input type="hidden" name="intent" value="verify" />
            <input type="hidden" name="phone" value={phone} />
            <p className="text-sm md:col-span-2">
              {m.account_mobile_number_colon()} <strong>{formatIndianMobile(phone)}</strong>
            </p>
            <OneTimeCodeField defaultValue={code} error={errors.code} />
            {step === "signup" ? (
              <>
                <Field
                  id="user_name"
                  name="user_name"
                  label={m.account_your_name()}
                  autoComplete="name"
                  required
                  defaultValue={values.user_name}
                  error={errors.user_name}
                />
                {vendor ? (
                  <>
                    <Field
                      id="name"
                      name="name"
                      label={m.account_business_name()}
                      autoComplete="organization"
                      required
                      defaultValue={values.name}
                      error={errors.name}
                    />
                    <CategorySelect defaultValue={values.business_category} error={errors.business_category} />
                    <PlacePicker locations={loaderData.locations} state={values.state} city={values.city} errors={{ state: errors.state, city: errors.city }} />
                  </>
                ) : null}
              </>
            ) : null}
            <div className="md:col-span-2">
              <SubmitButton pendingText={m.account_checking()}>{step === "signup" ? m.account_create_account() : m.account_log_in()}</SubmitButton>
            </div>
          </Form>
          <SendNewCode
            action={location.pathname + location.search}
            address="phone"
            value={phone}
            restartTo={location.pathname}
            restartLabel={m.account_use_another_number()}
          />
        </>
      )}
    </AuthCard>
  );
}
