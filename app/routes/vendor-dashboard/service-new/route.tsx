import { Link } from "react-router";
import type { Route } from "./+types/route";
import { pageTitle } from "#shared/strings.ts";
import { m } from "#shared/paraglide/messages.js";
import { ServiceForm } from "../service-form.tsx";
import type { FormFeedback } from "../service-form-values.ts";

export { action, loader } from "./service-new.server.ts";

export const meta: Route.MetaFunction = () => [{ title: pageTitle(m.vendor_services_add()) }, { name: "robots", content: "noindex" }];

/** /VendorDashboard/services/new: the form for a new service. */
export default function NewService({ actionData, loaderData }: Route.ComponentProps) {
  const feedback = (actionData ?? null) as FormFeedback;
  const { limitReached } = loaderData;
  return (
    <section className="rounded-2xl border border-maroon-100 bg-white p-5 md:p-7">
      <p className="text-sm">
        <Link to="/VendorDashboard" className="text-maroon-700 underline">
          {m.vendor_new_back()}
        </Link>
      </p>
      <h1 className="mt-2 text-3xl font-bold text-maroon-700">{m.vendor_services_add()}</h1>
      <p className="mt-1 mb-6 text-ink/70">{m.vendor_new_intro()}</p>
      {limitReached && (
        <p role="note" className="mb-6 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">
          {limitReached}{" "}
          <Link to="/VendorDashboard/Plan" className="font-semibold underline">
            {m.vendor_subscription_see_plans()}
          </Link>
        </p>
      )}
      <ServiceForm initial={{}} feedback={feedback} submitLabel={m.vendor_new_submit()} draftAction="/VendorDashboard/services/new" />
    </section>
  );
}
