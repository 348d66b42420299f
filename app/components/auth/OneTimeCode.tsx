import { Form } from "react-router";
import { Field, FormAlert } from "#app/components/ui/index.ts";
import { m } from "#shared/paraglide/messages.js";
import { TextLink } from "./AuthForm.tsx";

/**
 * The pieces every "send a code, then type it" page shares (/phone-login, /vendor-phone-login,
 * /mobile-number, /email-address; docs/decisions/0047-mobile-sign-in.md): what the last step said,
 * the mobile number's field, the 6-digit code's field, and the line that sends a new code or starts
 * again with another address. Plain forms: they work without JavaScript.
 */

/** The last step's answer: a success as a status line, a failure without field errors as an alert. */
export function StepOutcome({ outcome }: { outcome: { ok: boolean; message?: string; errors?: Record<string, string> } | undefined }) {
  if (outcome?.ok)
    return (
      <p role="status" className="rounded-lg bg-emerald-50 p-3 text-sm text-emerald-900">
        {outcome.message}
      </p>
    );
  return <FormAlert message={outcome?.message && !Object.keys(outcome.errors ?? {}).length ? outcome.message : null} />;
}

/** An Indian mobile number, as the code is sent to it. */
export function MobileNumberField({ defaultValue, error }: { defaultValue: string; error: string | undefined }) {
  return (
    <Field
      id="phone"
      name="phone"
      label={m.account_mobile_number()}
      type="tel"
      inputMode="tel"
      autoComplete="tel"
      required
      defaultValue={defaultValue}
      placeholder="98123 45678"
      hint={m.account_phone_hint()}
      error={error}
    />
  );
}

/** The 6-digit code (a space inside is allowed, as people copy "123 456" from a message). */
export function OneTimeCodeField({ defaultValue, error }: { defaultValue: string | undefined; error: string | undefined }) {
  return (
    <Field
      id="code"
      name="code"
      label={m.account_six_digit_code()}
      inputMode="numeric"
      autoComplete="one-time-code"
      pattern="[0-9 ]*"
      maxLength={7}
      required
      defaultValue={defaultValue}
      error={error}
    />
  );
}

/**
 * Ask for a new code for the same address (the domain refuses within 30 s), or start again with
 * another one. `address` names the hidden field the code step posted ("phone" or "email").
 */
export function SendNewCode({
  action,
  address,
  value,
  restartTo,
  restartLabel,
}: {
  action: string;
  address: "phone" | "email";
  value: string;
  restartTo: string;
  restartLabel: string;
}) {
  return (
    <Form method="post" action={action} className="mt-3 text-sm">
      <input type="hidden" name="intent" value="code" />
      <input type="hidden" name={address} value={value} />
      <button type="submit" className="font-semibold text-maroon-700 underline">
        {m.account_send_new_code()}
      </button>{" "}
      {m.account_after_30_seconds()} · <TextLink to={restartTo}>{restartLabel}</TextLink>
    </Form>
  );
}

/** The footer of an account page a vendor opens from settings and a couple from the profile. */
export function BackToAccount({ to }: { to: "settings" | "profile" }) {
  return (
    <p>
      <TextLink to={to === "settings" ? "/VendorDashboard/vendor-setting" : "/profile"}>
        {to === "settings" ? m.account_mobile_back_settings() : m.account_mobile_back_profile()}
      </TextLink>
    </p>
  );
}
