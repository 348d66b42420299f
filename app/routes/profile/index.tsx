import { data, Form, Link } from "react-router";
import type { Route } from "./+types/index";
import { updateUserInput } from "#shared/account-schemas.ts";
import { ACCOUNT_MESSAGES } from "#domain/account-messages.ts";
import { deleteAccount, requireAccountView, resendVerification, updateUser } from "#domain/accounts.ts";
import { clearSessionCookie } from "#platform/session-cookie.ts";
import { appContext } from "#functions/page-context.ts";
import { readPageForm } from "#platform/request-body.ts";
import { Field, FormMessage, SubmitButton } from "#app/components/auth/AuthForm.tsx";
import { formFailure, loadOrRespond, readForm, type PageFailure } from "#app/lib/page-errors.server.ts";
import { clearVisitedCookie, redirectWithToast } from "#platform/cookies.ts";
import { formatDate } from "#shared/format.ts";
import { pageTitle } from "#shared/strings.ts";
import { VerifiedBadge } from "./layout.tsx";

/** The couple's profile: edit name, phone, wedding date and city; resend verification; delete the account. */
export const meta: Route.MetaFunction = () => [{ title: pageTitle("Your profile") }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { domain } = context.get(appContext);
  return loadOrRespond(request, async () => {
    // What the page shows, without the account's role (loaders hand the UI no role strings).
    const { user_name, email, is_verified, phone, wedding_date, wedding_city, has_password } = await requireAccountView(domain);
    return { account: { user_name, email, is_verified, phone, wedding_date, wedding_city, has_password } };
  });
}

export async function action({ request, context }: Route.ActionArgs) {
  const { domain } = context.get(appContext);
  const form = await readPageForm(request.clone());
  const intent = String(form.get("intent") ?? "update");
  try {
    if (intent === "delete") {
      if (form.get("confirm") !== "yes")
        return data<PageFailure>(
          { ok: false, intent, message: "Tick the box to confirm that you want to delete your account.", errors: { confirm: "Please confirm." } },
          { status: 400 },
        );
      const { message } = await deleteAccount(domain);
      const res = redirectWithToast(request, "/", { type: "success", message });
      res.headers.append("Set-Cookie", clearSessionCookie(request));
      res.headers.append("Set-Cookie", clearVisitedCookie(request));
      return res;
    }
    if (intent === "resend") {
      const { message } = await resendVerification(domain);
      return { ok: true as const, intent, message, errors: {} };
    }
    const { input } = await readForm(request, updateUserInput);
    await updateUser(domain, input);
    return { ok: true as const, intent: "update", message: ACCOUNT_MESSAGES.profileUpdated, errors: {} };
  } catch (e) {
    return formFailure(e, request, { intent });
  }
}

export default function Profile({ loaderData, actionData }: Route.ComponentProps) {
  const { account } = loaderData;
  const errors: Record<string, string> = actionData?.errors ?? {};
  const updateResult = actionData && actionData.intent !== "delete" && actionData.intent !== "resend" ? actionData : null;
  const values: Record<string, string> = (updateResult && !updateResult.ok ? updateResult.values : null) ?? {};
  return (
    <div className="flex flex-col gap-6">
      <section className="rounded-2xl border border-maroon-100 bg-white p-5 md:p-7">
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="text-3xl font-bold text-maroon-700">{account.user_name}</h1>
          {account.is_verified && <VerifiedBadge />}
        </div>
        <p className="mt-1 text-sm text-ink/75">
          {account.email}
          {account.wedding_date ? ` · Wedding on ${formatDate(account.wedding_date)}` : ""}
          {account.wedding_city ? ` in ${account.wedding_city}` : ""}
        </p>
        {!account.is_verified && (
          <div className="mt-4 rounded-lg bg-marigold-300/40 p-3 text-sm">
            <p>Your e-mail address is not verified yet. Open the link we sent you, or ask for a new one.</p>
            <Form method="post" className="mt-2">
              <SubmitButton name="intent" value="resend" pendingText="Sending…" className="btn-secondary px-4 py-1.5">
                Send a new verification link
              </SubmitButton>
            </Form>
            {actionData?.intent === "resend" && <p className={`mt-2 ${actionData.ok ? "text-green-800" : "text-red-700"}`}>{actionData.message}</p>}
          </div>
        )}
      </section>

      <section className="rounded-2xl border border-maroon-100 bg-white p-5 md:p-7" aria-labelledby="details-heading">
        <h2 id="details-heading" className="text-xl font-bold">
          Your details
        </h2>
        <div className="mt-4">
          {updateResult && <FormMessage tone={updateResult.ok ? "success" : "error"} message={updateResult.message} />}
          <Form method="post" className="grid gap-4 md:grid-cols-2" noValidate>
            <Field
              label="Name"
              name="user_name"
              type="text"
              autoComplete="name"
              required
              defaultValue={values.user_name ?? account.user_name}
              error={errors.user_name}
            />
            <Field label="Mobile number" name="phone" type="tel" autoComplete="tel" defaultValue={values.phone ?? account.phone ?? ""} error={errors.phone} />
            <Field
              label="Wedding date"
              name="wedding_date"
              type="date"
              defaultValue={values.wedding_date ?? account.wedding_date ?? ""}
              error={errors.wedding_date}
            />
            <Field
              label="Wedding city"
              name="wedding_city"
              type="text"
              defaultValue={values.wedding_city ?? account.wedding_city ?? ""}
              error={errors.wedding_city}
            />
            <div className="md:col-span-2">
              <SubmitButton name="intent" value="update" pendingText="Saving…" className="btn-primary">
                Save changes
              </SubmitButton>
            </div>
          </Form>
        </div>
      </section>

      <section className="rounded-2xl border border-maroon-100 bg-white p-5 md:p-7">
        <h2 className="text-xl font-bold">Password</h2>
        <p className="mt-1 text-sm text-ink/75">
          {account.has_password
            ? "Change your password; other devices will be signed out."
            : "You sign in with Google. You can also ask for a password by e-mail."}
        </p>
        <Link to={account.has_password ? "/user-change-password" : "/user-forgot-password"} className="btn-secondary mt-3">
          {account.has_password ? "Change password" : "Set a password"}
        </Link>
      </section>

      <section className="rounded-2xl border border-red-200 bg-white p-5 md:p-7" aria-labelledby="delete-heading">
        <h2 id="delete-heading" className="text-xl font-bold text-red-800">
          Delete account
        </h2>
        <p className="mt-1 text-sm text-ink/75">This removes your profile, wishlist, plans and guest lists for good.</p>
        {actionData?.intent === "delete" && <FormMessage message={actionData.message} />}
        <Form method="post" className="mt-3 flex flex-col gap-3">
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" name="confirm" value="yes" className="h-4 w-4" /> I understand that this cannot be undone.
          </label>
          <SubmitButton name="intent" value="delete" pendingText="Deleting…" className="btn self-start bg-red-700 text-white hover:bg-red-800">
            Delete my account
          </SubmitButton>
        </Form>
      </section>
    </div>
  );
}
