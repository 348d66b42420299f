import { Link } from "react-router";
import type { Route } from "./+types/plan-edit";
import { appContext } from "#functions/page-context.ts";
import { loadOrRespond } from "#app/lib/page-errors.server.ts";
import { pageAction } from "#app/lib/page-action.server.ts";
import { ACCESS } from "#domain/core/index.ts";
import { adminPlan, updatePlan, type AdminPlan } from "#domain/billing/index.ts";
import { formatCount } from "#shared/format.ts";
import { planInput } from "#shared/plan-schemas.ts";
import { pageTitle } from "#shared/strings.ts";
import { PlanForm, pricePer, submittedValues, type PlanFormValues } from "./plan-form.tsx";

/**
 * /admin/plans/{planId}: edit one plan (functions/domain/billing/plan-admin.ts updatePlan, as PUT
 * /plan/{id}). A plain form post that works without JavaScript, with a message beside each field.
 */
export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: pageTitle(loaderData ? `Edit ${loaderData.plan.name}` : "Edit plan") },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { domain } = context.get(appContext);
  return loadOrRespond(request, async () => ({ plan: await adminPlan(domain, params.planId) }));
}

export const action = pageAction({
  access: ACCESS.admin,
  defaultIntent: "save",
  intents: {
    save: async ({ domain, params, input, done }) => done((await updatePlan(domain, params.planId ?? "", input(planInput))).message),
  },
});

const valuesOf = (p: AdminPlan): PlanFormValues => ({
  name: p.name,
  description: p.description,
  price: String(p.price),
  durationDays: String(p.durationDays),
  isTrial: p.isTrial,
  features: p.features.join("\n"),
  maxActiveServices: p.maxActiveServices === null ? "" : String(p.maxActiveServices),
  featuredPlacement: p.featuredPlacement,
  analyticsDepth: p.analyticsDepth,
});

export default function EditPlan({ loaderData, actionData }: Route.ComponentProps) {
  const { plan } = loaderData;
  const failure = actionData && !actionData.ok ? actionData : null;
  return (
    <div className="flex flex-col gap-4">
      <section className="rounded-2xl border border-maroon-100 bg-white p-5 md:p-7">
        <p className="text-sm">
          <Link to="/admin/plans" className="font-semibold text-maroon-700 underline">
            ← All plans
          </Link>
        </p>
        <h1 className="mt-2 text-3xl font-bold break-words text-maroon-700">Edit {plan.name}</h1>
        <p className="mt-1 text-sm" data-testid="summary">
          {pricePer(plan)} · {plan.isActive ? "Active" : "Retired"} · {formatCount(plan.subscribers)} {plan.subscribers === 1 ? "subscriber" : "subscribers"}{" "}
          now
        </p>
        <p className="mt-2 rounded-lg bg-marigold-300/30 px-3 py-2 text-sm" data-testid="edit-note">
          {`A new price or duration applies to new purchases only: subscriptions already made on this plan (${formatCount(plan.subscriptions)} so far) keep their dates and what was paid. Limits, features and analytics change for current subscribers at once.`}
          {plan.subscriptions > 0 && " Because it has subscriptions, this plan cannot switch between trial and paid."}
        </p>
        {actionData?.ok && (
          <p role="status" className="mt-3 rounded-lg bg-green-50 px-3 py-2 text-sm text-green-800">
            {actionData.message}
          </p>
        )}
        {failure && (
          <p role="alert" className="mt-3 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
            {failure.message}
          </p>
        )}
        <div className="mt-4 max-w-2xl">
          <PlanForm
            key={failure ? "failed" : plan.updatedAt}
            intent="save"
            values={failure?.values ? submittedValues(failure.values) : valuesOf(plan)}
            errors={failure?.errors ?? {}}
            submitLabel="Save plan"
            pendingLabel="Saving…"
          />
        </div>
      </section>
    </div>
  );
}
