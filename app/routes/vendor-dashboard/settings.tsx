import { data, Form, Link } from "react-router";
import type { Route } from "./+types/settings";
import { changePasswordInput } from "#shared/account-schemas.ts";
import { changePassword, requireAccountView } from "#domain/accounts.ts";
import { deleteVendorAccount, DELETE_CONFIRMATION, DELETION_TERMS, SETTINGS_MESSAGES } from "#domain/vendor-settings.ts";
import { clearSessionCookie } from "#platform/session-cookie.ts";
import { clearVisitedCookie, redirectWithToast } from "#platform/cookies.ts";
import { readPageForm } from "#platform/request-body.ts";
import { appContext } from "#functions/page-context.ts";
import { Field, FormMessage, SubmitButton } from "#app/components/auth/AuthForm.tsx";
import { formFailure, loadOrRespond, readForm, type PageFailure } from "#app/lib/page-errors.server.ts";
import { PASSWORD_RULE } from "#shared/account-schemas.ts";
import { pageTitle } from "#shared/strings.ts";

/**
 * The vendor's account settings (/VendorDashboard/settings): change the password, and delete the
 * account with a typed confirmation. The page states what deletion does from DELETION_TERMS, the
 * same module that does it (functions/domain/vendor-settings.ts).
 */
export const meta: Route.MetaFunction = () => [{ title: pageTitle("Settings") }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { domain } = context.get(appContext);
  return loadOrRespond(request, async () => {
    const { email, has_password } = await requireAccountView(domain);
    return { email, has_password, terms: DELETION_TERMS, confirmWord: DELETE_CONFIRMATION };
  });
}

export async function action({ request, context }: Route.ActionArgs) {
  const { domain } = context.get(appContext);
  const form = await readPageForm(request.clone());
  const intent = String(form.get("intent") ?? "");
  try {
    if (intent === "delete") {
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
    }
    const { input } = await readForm(request, changePasswordInput);
    const { message } = await changePassword(domain, { ...input, door: "vendor" });
    return { ok: true as const, intent: "password", message, errors: {} as Record<string, string> };
  } catch (e) {
    return formFailure(e, request, { intent: intent || "password" });
  }
}

export default function VendorSettings({ loaderData, actionData }: Route.ComponentProps) {
  const { email, has_password, terms, confirmWord } = loaderData;
  const passwordResult = actionData?.intent === "password" ? actionData : null;
  const deleteResult = actionData?.intent === "delete" ? actionData : null;
  const passwordErrors: Record<string, string> = passwordResult?.errors ?? {};
  return (
    <div className="flex flex-col gap-6">
      <section className="rounded-2xl border border-maroon-100 bg-white p-5 md:p-7">
        <h1 className="text-3xl font-bold text-maroon-700">Settings</h1>
        <p className="mt-1 text-sm text-ink/75">
          You log in as {email}. Choose which e-mails you get in{" "}
          <Link to="/VendorDashboard/vendor-setting" className="font-semibold text-maroon-700 underline">
            notification settings
          </Link>
          .
        </p>
      </section>

      <section className="rounded-2xl border border-maroon-100 bg-white p-5 md:p-7" aria-labelledby="password-heading">
        <h2 id="password-heading" className="text-xl font-bold">
          Change password
        </h2>
        <p className="mt-1 text-sm text-ink/75">Other devices will be signed out.</p>
        <div className="mt-4 max-w-md">
          {passwordResult && <FormMessage tone={passwordResult.ok ? "success" : "error"} message={passwordResult.message} />}
          <Form method="post" className="flex flex-col gap-4" noValidate>
            <input type="hidden" name="intent" value="password" />
            {has_password ? (
              <Field
                label="Current password"
                name="currentPassword"
                type="password"
                autoComplete="current-password"
                required
                error={passwordErrors.currentPassword}
              />
            ) : (
              <input type="hidden" name="currentPassword" value="-" />
            )}
            <Field label="New password" name="pass" type="password" autoComplete="new-password" required hint={PASSWORD_RULE} error={passwordErrors.pass} />
            <Field
              label="Repeat the new password"
              name="confirmPassword"
              type="password"
              autoComplete="new-password"
              required
              error={passwordErrors.confirmPassword}
            />
            <SubmitButton pendingText="Changing…" className="btn-primary self-start">
              Change password
            </SubmitButton>
          </Form>
        </div>
      </section>

      <section className="rounded-2xl border border-red-200 bg-white p-5 md:p-7" aria-labelledby="delete-heading">
        <h2 id="delete-heading" className="text-xl font-bold text-red-800">
          Delete account
        </h2>
        <p className="mt-1 text-sm">What happens when you delete your vendor account:</p>
        <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-ink/85">
          {terms.map((t) => (
            <li key={t}>{t}</li>
          ))}
        </ul>
        {deleteResult && <div className="mt-3">{<FormMessage message={deleteResult.message} />}</div>}
        <Form method="post" className="mt-4 flex max-w-md flex-col gap-3">
          <input type="hidden" name="intent" value="delete" />
          <Field
            label={`Type ${confirmWord} to confirm`}
            name="confirmation"
            type="text"
            data-raw
            autoComplete="off"
            required
            error={deleteResult?.errors?.confirmation}
          />
          <SubmitButton pendingText="Deleting…" className="btn self-start bg-red-700 text-white hover:bg-red-800">
            Delete my vendor account
          </SubmitButton>
        </Form>
      </section>
    </div>
  );
}
