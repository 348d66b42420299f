import { Form, Link } from "react-router";
import type { Route } from "./+types/index";
import { requireAccountView, resendVerification } from "#domain/accounts.ts";
import { SubmitButton } from "#app/components/auth/AuthForm.tsx";
import { formFailure, loadOrRespond } from "#app/lib/page-errors.server.ts";
import { appContext } from "#functions/page-context.ts";
import { pageTitle } from "#shared/strings.ts";

/** Vendor dashboard home; the services, analytics and bookings screens join it later. */
export const meta: Route.MetaFunction = () => [{ title: pageTitle("Vendor Dashboard") }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { domain } = context.get(appContext);
  return loadOrRespond(request, async () => {
    const account = await requireAccountView(domain);
    return {
      account: { user_name: account.user_name, email: account.email, is_verified: account.is_verified, business_name: account.vendor?.name ?? null },
    };
  });
}

export async function action({ request, context }: Route.ActionArgs) {
  const { domain } = context.get(appContext);
  try {
    const { message } = await resendVerification(domain);
    return { ok: true as const, message };
  } catch (e) {
    return formFailure(e, request);
  }
}

export default function VendorDashboardHome({ loaderData, actionData }: Route.ComponentProps) {
  const { account } = loaderData;
  return (
    <section className="rounded-2xl border border-maroon-100 bg-white p-5 md:p-7">
      <h1 className="text-3xl font-bold text-maroon-700">{account.business_name ?? account.user_name}</h1>
      <p className="mt-2">
        Signed in as <strong>{account.user_name}</strong> ({account.email}){account.is_verified ? " · e-mail verified" : " · e-mail not verified yet"}
      </p>
      {!account.is_verified && (
        <Form method="post" className="mt-3 flex flex-wrap items-center gap-3">
          <SubmitButton pendingText="Sending…" className="btn-secondary px-4 py-1.5">
            Send a new verification link
          </SubmitButton>
          {actionData && (
            <span role="status" className={actionData.ok ? "text-sm text-green-800" : "text-sm text-red-700"}>
              {actionData.message}
            </span>
          )}
        </Form>
      )}
      <p className="mt-4 text-sm">
        <Link to="/vendor-change-password" className="font-semibold text-maroon-700 underline">
          Change password
        </Link>
      </p>
    </section>
  );
}
