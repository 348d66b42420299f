import { data, Form, Link } from "react-router";
import type { Route } from "./+types/settings";
import { changePasswordInput } from "#shared/account-schemas.ts";
import {
  changePassword,
  requireAccountView,
  billingDetailsInput,
  deleteVendorAccount,
  DELETE_CONFIRMATION,
  deletionTerms,
  myBillingDetails,
  saveBillingDetails,
  SETTINGS_MESSAGES,
} from "#domain/accounts/index.ts";
import { ACCESS, can } from "#domain/core/index.ts";
import { clearSessionCookie } from "#platform/session-cookie.ts";
import { clearVisitedCookie, redirectWithToast } from "#platform/cookies.ts";
import { appContext } from "#functions/page-context.ts";
import { SubmitButton } from "#app/components/auth/AuthForm.tsx";
import { Field, FormAlert } from "#app/components/ui/index.ts";
import { loadOrRespond, type PageFailure } from "#app/lib/page-errors.server.ts";
import { pageAction } from "#app/lib/page-action.server.ts";
import { passwordRule } from "#shared/account-schemas.ts";
import { pageTitle } from "#shared/strings.ts";
import { getLocale } from "#shared/locale.ts";
import { localName } from "#shared/local-names.ts";
import { m } from "#shared/paraglide/messages.js";
import { rich } from "#app/components/rich.tsx";

/**
 * The vendor's account settings (/VendorDashboard/settings): change the password, and delete the
 * account with a typed confirmation. The page states what deletion does: deletionTerms() of the module
 * that does it (functions/domain/accounts/vendor-settings.ts), in the page's language.
 */
export const meta: Route.MetaFunction = () => [{ title: pageTitle(m.vendor_settings_title()) }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { domain } = context.get(appContext);
  return loadOrRespond(request, async () => {
    const { email, has_password } = await requireAccountView(domain);
    const billing = can.manageBusinessProfile(domain.actor) ? await myBillingDetails(domain) : null;
    return { email, has_password, confirmWord: DELETE_CONFIRMATION, billing, terms: deletionTerms() };
  });
}

/** The page's three forms: the password (its main form), billing details, delete the account. */
export const action = pageAction({
  access: ACCESS.signedIn,
  defaultIntent: "password",
  intents: {
    password: async ({ domain, input, done }) => done((await changePassword(domain, { ...input(changePasswordInput), door: "vendor" })).message),
    billing: async ({ domain, input, done }) => done((await saveBillingDetails(domain, input(billingDetailsInput))).message),
    delete: async ({ request, domain, form, intent }) => {
      if (String(form.get("confirmation") ?? "").trim() !== DELETE_CONFIRMATION)
        return data<PageFailure>(
          { ok: false, intent, message: SETTINGS_MESSAGES.confirm, errors: { confirmation: SETTINGS_MESSAGES.confirm } },
          { status: 400 },
        );
      const { message } = await deleteVendorAccount(domain);
      const res = redirectWithToast(request, "/", { type: "success", message });
      res.headers.append("Set-Cookie", clearSessionCookie(request));
      res.headers.append("Set-Cookie", clearVisitedCookie(request));
      return res;
    },
  },
});

export default function VendorSettings({ loaderData, actionData }: Route.ComponentProps) {
  const { email, has_password, confirmWord, billing, terms } = loaderData;
  const locale = getLocale();
  const billingResult = actionData?.intent === "billing" ? actionData : null;
  const billingErrors: Record<string, string> = billingResult?.errors ?? {};
  const billingTyped = billingResult && !billingResult.ok && "values" in billingResult ? billingResult.values : undefined;
  const passwordResult = actionData?.intent === "password" ? actionData : null;
  const deleteResult = actionData?.intent === "delete" ? actionData : null;
  const passwordErrors: Record<string, string> = passwordResult?.errors ?? {};
  return (
    <div className="flex flex-col gap-6">
      <section className="rounded-2xl border border-maroon-100 bg-white p-5 md:p-7">
        <h1 className="text-3xl font-bold text-maroon-700">{m.vendor_settings_title()}</h1>
        <p className="mt-1 text-sm text-ink/75">
          {rich(m.vendor_settings_login_as, {
            email: <span translate="no">{email}</span>,
            link: (
              <Link to="/VendorDashboard/vendor-setting" className="font-semibold text-maroon-700 underline">
                {m.vendor_settings_notification_link()}
              </Link>
            ),
          })}
        </p>
      </section>

      <section className="rounded-2xl border border-maroon-100 bg-white p-5 md:p-7" aria-labelledby="password-heading">
        <h2 id="password-heading" className="text-xl font-bold">
          {m.vendor_change_password()}
        </h2>
        <p className="mt-1 text-sm text-ink/75">{m.vendor_settings_other_devices()}</p>
        <div className="mt-4 max-w-md">
          {passwordResult && <FormAlert tone={passwordResult.ok ? "success" : "error"} message={passwordResult.message} />}
          <Form method="post" className="flex flex-col gap-4" noValidate>
            <input type="hidden" name="intent" value="password" />
            {has_password ? (
              <Field
                label={m.vendor_settings_current_password()}
                name="currentPassword"
                type="password"
                autoComplete="current-password"
                required
                error={passwordErrors.currentPassword}
              />
            ) : (
              <input type="hidden" name="currentPassword" value="-" />
            )}
            <Field
              label={m.vendor_settings_new_password()}
              name="pass"
              type="password"
              autoComplete="new-password"
              required
              hint={passwordRule()}
              error={passwordErrors.pass}
            />
            <Field
              label={m.vendor_settings_repeat_password()}
              name="confirmPassword"
              type="password"
              autoComplete="new-password"
              required
              error={passwordErrors.confirmPassword}
            />
            <SubmitButton pendingText={m.vendor_settings_changing()} className="btn-primary self-start">
              {m.vendor_change_password()}
            </SubmitButton>
          </Form>
        </div>
      </section>

      {billing && (
        <section className="rounded-2xl border border-maroon-100 bg-white p-5 md:p-7" aria-labelledby="billing-heading">
          <h2 id="billing-heading" className="text-xl font-bold">
            {m.vendor_settings_billing_heading()}
          </h2>
          <p className="mt-1 text-sm text-ink/75">
            {m.vendor_settings_billing_intro({
              place:
                [billing.city, billing.state]
                  .filter((p): p is string => Boolean(p))
                  .map((p) => localName(p, locale))
                  .join(", ") || m.vendor_settings_billing_place_fallback(),
            })}
          </p>
          <div className="mt-4 max-w-md">
            {billingResult && <FormAlert tone={billingResult.ok ? "success" : "error"} message={billingResult.message} />}
            <Form method="post" className="flex flex-col gap-4" noValidate>
              <input type="hidden" name="intent" value="billing" />
              <Field
                label={m.vendor_settings_gstin()}
                name="gstin"
                type="text"
                data-raw
                autoComplete="off"
                autoCapitalize="characters"
                spellCheck={false}
                maxLength={20}
                defaultValue={billingTyped?.gstin ?? billing.gstin ?? ""}
                hint={rich(m.vendor_settings_gstin_hint, { example: <span translate="no">27AAPFU0939F1ZV</span> })}
                error={billingErrors.gstin}
              />
              <Field
                label={m.vendor_settings_address()}
                name="billing_address"
                type="text"
                autoComplete="street-address"
                maxLength={200}
                defaultValue={billingTyped?.billing_address ?? billing.billing_address ?? ""}
                hint={m.vendor_settings_address_hint()}
                error={billingErrors.billing_address}
              />
              <SubmitButton pendingText={m.vendor_saving()} className="btn-primary self-start">
                {m.vendor_settings_save_billing()}
              </SubmitButton>
            </Form>
          </div>
        </section>
      )}

      <section className="rounded-2xl border border-red-200 bg-white p-5 md:p-7" aria-labelledby="delete-heading">
        <h2 id="delete-heading" className="text-xl font-bold text-red-800">
          {m.vendor_settings_delete_heading()}
        </h2>
        <p className="mt-1 text-sm">{m.vendor_settings_delete_intro()}</p>
        <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-ink/85">
          {terms.map((t) => (
            <li key={t}>{t}</li>
          ))}
        </ul>
        {deleteResult && <div className="mt-3">{<FormAlert message={deleteResult.message} />}</div>}
        <Form method="post" className="mt-4 flex max-w-md flex-col gap-3">
          <input type="hidden" name="intent" value="delete" />
          <Field
            label={rich(m.vendor_settings_delete_type, { word: <span translate="no">{confirmWord}</span> })}
            name="confirmation"
            type="text"
            data-raw
            autoComplete="off"
            required
            error={deleteResult?.errors?.confirmation}
          />
          <SubmitButton pendingText={m.vendor_settings_deleting()} className="btn self-start bg-red-700 text-white hover:bg-red-800">
            {m.vendor_settings_delete_button()}
          </SubmitButton>
        </Form>
      </section>
    </div>
  );
}
