import { Form, Link } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/plans";
import { appContext } from "#functions/page-context.ts";
import { loadOrRespond } from "#app/lib/page-errors.server.ts";
import { pageAction, type IntentCall } from "#app/lib/page-action.server.ts";
import { SubmitButton } from "#app/components/auth/AuthForm.tsx";
import { adminPlans, createPlan, restorePlan, retirePlan, type AdminPlan } from "#domain/billing/index.ts";
import { ACCESS, parseInput } from "#domain/core/index.ts";
import { formatCount } from "#shared/format.ts";
import { ANALYTICS_DEPTH_LABELS, planInput } from "#shared/plan-schemas.ts";
import { pageTitle } from "#shared/strings.ts";
import { EMPTY_PLAN, PlanForm, pricePer, submittedValues } from "./plan-form.tsx";

/**
 * /admin/plans: every plan (active first, then retired) with its price per duration in rupees,
 * limits and subscribers, a form for a new plan, and Retire / Restore buttons. Plain forms with
 * an intent, so everything works without JavaScript. The rules are functions/domain/billing/plan-admin.ts's,
 * shared with POST /plan and POST /plan/{id}/retire|restore.
 */
export const meta: Route.MetaFunction = () => [{ title: pageTitle("Plans") }, { name: "robots", content: "noindex" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { domain } = context.get(appContext);
  return loadOrRespond(request, async () => ({ plans: await adminPlans(domain) }));
}

const statusForm = z.object({ planId: z.string({ error: "Which plan?" }).trim().min(1, "Which plan?").max(64, "Which plan?") });

/** Retire or Restore one plan (its card shows a refusal: `retire:<planId>`). */
async function setStatus({ domain, fields, intent }: IntentCall) {
  const { planId } = parseInput(statusForm, fields);
  const plan = intent === "retire" ? await retirePlan(domain, planId) : await restorePlan(domain, planId);
  return { ok: true as const, intent, planId, message: plan.message, errors: {} as Record<string, string> };
}

/** The new plan's form (the page's main form), Retire and Restore on each card. */
export const action = pageAction({
  access: ACCESS.signedIn,
  defaultIntent: "create",
  failureIntent: (intent, form) => (intent === "create" ? "create" : `${intent}:${String(form.get("planId") ?? "")}`),
  intents: {
    create: async ({ domain, input }) => {
      const plan = await createPlan(domain, input(planInput));
      return {
        ok: true as const,
        intent: "create",
        planId: plan.id,
        message: `${plan.message} “${plan.name}” is listed for vendors.`,
        errors: {} as Record<string, string>,
      };
    },
    retire: setStatus,
    restore: setStatus,
  },
});

function PlanCard({ plan, failure }: { plan: AdminPlan; failure: string | null }) {
  const heading = `plan-${plan.id}`;
  return (
    <li className="rounded-2xl border border-maroon-100 bg-white p-4 md:p-6" data-testid="plan" aria-labelledby={heading}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 id={heading} className="text-lg font-bold break-words text-maroon-700">
            {plan.name}
          </h3>
          <p className="text-base font-semibold" data-testid="price">
            {pricePer(plan)}
          </p>
        </div>
        <div className="flex flex-wrap gap-1 text-xs font-semibold">
          {plan.isTrial && <span className="rounded-full bg-marigold-300 px-2 py-0.5 text-maroon-900">Free trial</span>}
          <span className={`rounded-full px-2 py-0.5 ${plan.isActive ? "bg-green-100 text-green-900" : "bg-ink/10 text-ink/80"}`} data-testid="status">
            {plan.isActive ? "Active" : "Retired"}
          </span>
        </div>
      </div>
      {plan.description && <p className="mt-2 text-sm break-words text-ink/80">{plan.description}</p>}
      <dl className="mt-3 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-2">
        <div>
          <dt className="inline text-ink/65">Active services: </dt>
          <dd className="inline">{plan.maxActiveServices === null ? "Unlimited" : formatCount(plan.maxActiveServices)}</dd>
        </div>
        <div>
          <dt className="inline text-ink/65">Featured placement: </dt>
          <dd className="inline">{plan.featuredPlacement ? "Yes" : "No"}</dd>
        </div>
        <div>
          <dt className="inline text-ink/65">Analytics: </dt>
          <dd className="inline">{ANALYTICS_DEPTH_LABELS[plan.analyticsDepth]}</dd>
        </div>
        <div>
          <dt className="inline text-ink/65">Subscribers now: </dt>
          <dd className="inline" data-testid="subscribers">
            {formatCount(plan.subscribers)}
          </dd>
        </div>
      </dl>
      {plan.features.length > 0 && (
        <ul className="mt-2 list-disc pl-5 text-sm break-words">
          {plan.features.map((f, i) => (
            <li key={i}>{f}</li>
          ))}
        </ul>
      )}
      {failure && (
        <p role="alert" className="mt-3 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
          {failure}
        </p>
      )}
      <div className="mt-4 flex flex-wrap items-center gap-3 border-t border-maroon-100 pt-4">
        <Link to={`/admin/plans/${plan.id}`} className="btn-secondary px-4 py-2" aria-describedby={heading}>
          Edit
        </Link>
        <Form method="post">
          <input type="hidden" name="planId" value={plan.id} />
          {plan.isActive ? (
            <SubmitButton name="intent" value="retire" pendingText="Retiring…" className="btn-secondary px-4 py-2">
              Retire<span className="sr-only"> {plan.name}</span>
            </SubmitButton>
          ) : (
            <SubmitButton name="intent" value="restore" pendingText="Restoring…" className="btn-primary px-4 py-2">
              Restore<span className="sr-only"> {plan.name}</span>
            </SubmitButton>
          )}
        </Form>
      </div>
    </li>
  );
}

export default function Plans({ loaderData, actionData }: Route.ComponentProps) {
  const { plans } = loaderData;
  const active = plans.filter((p) => p.isActive);
  const retired = plans.filter((p) => !p.isActive);
  const createFailure = actionData && !actionData.ok && actionData.intent === "create" ? actionData : null;
  const cardFailure = (id: string) =>
    actionData && !actionData.ok && (actionData.intent === `retire:${id}` || actionData.intent === `restore:${id}`) ? actionData.message : null;
  const done = actionData?.ok ? actionData.message : null;
  // A new plan's form starts empty again once it was created.
  const formKey = actionData?.ok && actionData.intent === "create" ? actionData.planId : "new";
  return (
    <div className="flex flex-col gap-4">
      <section className="rounded-2xl border border-maroon-100 bg-white p-5 md:p-7">
        <h1 className="text-3xl font-bold text-maroon-700">Plans</h1>
        <p className="mt-1 text-sm text-ink/75">
          What vendors can buy. Retiring a plan hides it from vendors and stops new purchases; its subscribers keep their period until it ends. A new price or
          duration applies to new purchases only: current subscriptions keep their dates. Limits, features and analytics apply to the plan's current subscribers
          at once.
        </p>
        {done && (
          <p role="status" className="mt-3 rounded-lg bg-green-50 px-3 py-2 text-sm text-green-800">
            {done}
          </p>
        )}
      </section>

      <section aria-labelledby="active-heading" className="flex flex-col gap-3">
        <h2 id="active-heading" className="text-xl font-bold">
          Active plans ({active.length})
        </h2>
        {active.length ? (
          <ul className="flex flex-col gap-3">
            {active.map((p) => (
              <PlanCard key={p.id} plan={p} failure={cardFailure(p.id)} />
            ))}
          </ul>
        ) : (
          <p className="text-sm">No active plans: vendors have nothing to buy. Create one below.</p>
        )}
      </section>

      {retired.length > 0 && (
        <section aria-labelledby="retired-heading" className="flex flex-col gap-3">
          <h2 id="retired-heading" className="text-xl font-bold">
            Retired plans ({retired.length})
          </h2>
          <ul className="flex flex-col gap-3">
            {retired.map((p) => (
              <PlanCard key={p.id} plan={p} failure={cardFailure(p.id)} />
            ))}
          </ul>
        </section>
      )}

      <section className="rounded-2xl border border-maroon-100 bg-white p-5 md:p-7" aria-labelledby="new-heading">
        <h2 id="new-heading" className="text-xl font-bold">
          New plan
        </h2>
        {createFailure && (
          <p role="alert" className="mt-3 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
            {createFailure.message}
          </p>
        )}
        <div className="mt-4 max-w-2xl">
          <PlanForm
            key={formKey}
            intent="create"
            values={createFailure?.values ? submittedValues(createFailure.values) : EMPTY_PLAN}
            errors={createFailure?.errors ?? {}}
            submitLabel="Create plan"
            pendingLabel="Creating…"
          />
        </div>
      </section>
    </div>
  );
}
