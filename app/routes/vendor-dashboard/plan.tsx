import type { Route } from "./+types/plan";
import { activePlans } from "#domain/plans.ts";
import { loadOrRespond } from "#app/lib/page-errors.server.ts";
import { appContext } from "#functions/page-context.ts";
import { formatRupees } from "#shared/format.ts";
import { pageTitle } from "#shared/strings.ts";

/** /VendorDashboard/Plan: the plans Mandap offers, as admins have set them up. */
export const meta: Route.MetaFunction = () => [{ title: pageTitle("Plans") }, { name: "robots", content: "noindex" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { domain } = context.get(appContext);
  return loadOrRespond(request, async () => ({ plans: await activePlans(domain) }));
}

const days = (n: number) => (n === 1 ? "day" : `${n} days`);

export default function Plans({ loaderData }: Route.ComponentProps) {
  const { plans } = loaderData;
  return (
    <section className="rounded-2xl border border-maroon-100 bg-white p-5 md:p-7">
      <h1 className="text-3xl font-bold text-maroon-700">Plans</h1>
      <p className="mt-2 text-ink/75">
        Plans cannot be bought online yet. Until they can, listing services, answering enquiries and taking bookings are free for every vendor.
      </p>
      {plans.length === 0 ? (
        <p className="mt-4 text-sm text-ink/75">No plans are on offer right now.</p>
      ) : (
        <ul className="mt-5 grid gap-4 md:grid-cols-2">
          {plans.map((plan) => (
            <li key={plan.id} className="rounded-xl border border-maroon-100 p-4">
              <h2 className="text-xl font-semibold">{plan.name}</h2>
              <p className="mt-1 text-lg font-bold text-maroon-700">
                {plan.price === 0 ? "Free" : formatRupees(plan.price)} / {days(plan.durationDays)}
              </p>
              {plan.isTrial && <p className="text-sm">Trial: {plan.durationDays} days</p>}
              {plan.description && <p className="mt-2 text-sm text-ink/75">{plan.description}</p>}
              <ul className="mt-2 list-disc pl-5 text-sm">
                {plan.maxActiveServices !== null && <li>Up to {plan.maxActiveServices} active services</li>}
                {plan.featuredPlacement && <li>Featured placement in search</li>}
                {plan.features.map((f) => (
                  <li key={f}>{f}</li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
