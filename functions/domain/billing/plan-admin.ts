import type { Row } from "#db/rows.ts";
import type { plans } from "#db/schema/index.ts";
import { type DomainContext, Conflict, Invalid, NotFound, newId, ACCESS, requireRole, parseInput } from "../core/index.ts";
import { planFromRow, type PlanRow, type PlanSummary } from "./plans.ts";
import { planInput, type PlanInput } from "#shared/plan-schemas.ts";
import { m } from "#shared/paraglide/messages.js";

/**
 * Plans as admins manage them (/admin/plans and POST /plan, PUT /plan/{id}, POST
 * /plan/{id}/retire|restore, GET /admin/plans): admins and super admins only.
 *
 * Rules:
 * - A name is unique among active plans, ignoring case; a retired plan's name may be reused.
 * - At most one active trial plan (price 0); every paid plan costs at least ₹1 (the schema).
 * - Retiring hides a plan from vendors (GET /plan lists active plans only) and stops new
 *   purchases; it never touches subscriptions, so subscribers keep their period to its end.
 * - Editing price or duration changes what new purchases pay and get: a subscription keeps the
 *   dates it was given and a payment the amount it was made for. Limits, features and featured
 *   placement are read from the plan, so they change for the plan's current subscribers at once.
 * - A plan that has subscriptions cannot switch between trial and paid (make a new plan instead).
 * The uniqueness and one-trial checks are part of the write itself (INSERT/UPDATE ... WHERE NOT
 * EXISTS), so two admins saving at once cannot both win.
 */

export type AdminPlan = PlanSummary & {
  isActive: boolean;
  /** Subscriptions in force now (ACTIVE, not ended). */
  subscribers: number;
  /** Every subscription ever made on the plan (any status). */
  subscriptions: number;
  createdAt: number;
  updatedAt: number;
};

type AdminPlanRow = PlanRow & Row<typeof plans, "is_active" | "created_at" | "updated_at"> & { subscribers: number; subscriptions: number };

export const PLAN_MESSAGES = {
  get notFound() {
    return m.api_plans_not_found();
  },
  get nameTaken() {
    return m.api_plans_name_taken();
  },
  get trialTaken() {
    return m.api_plans_trial_taken();
  },
  get kindLocked() {
    return m.api_plans_kind_locked();
  },
  get alreadyRetired() {
    return m.api_plans_already_retired();
  },
  get alreadyActive() {
    return m.api_plans_already_active();
  },
  get created() {
    return m.api_plans_created();
  },
  get saved() {
    return m.api_plans_saved();
  },
  get retired() {
    return m.api_plans_retired();
  },
  get restored() {
    return m.api_plans_restored();
  },
};

const SELECT = `SELECT p.id, p.name, p.description, p.price, p.duration_days, p.is_trial, p.features, p.max_active_services, p.featured_placement,
       p.analytics_depth, p.is_active, p.created_at, p.updated_at,
       (SELECT count(*) FROM subscriptions s WHERE s.plan_id = p.id AND s.status = 'ACTIVE' AND s.end_date > ?1) AS subscribers,
       (SELECT count(*) FROM subscriptions s WHERE s.plan_id = p.id) AS subscriptions
  FROM plans p`;

function toPlan(r: AdminPlanRow): AdminPlan {
  const plan = planFromRow(r);
  // The admin answer's fields in the order it always had (the plan's, then the admin's own).
  return {
    id: plan.id,
    name: plan.name,
    description: plan.description,
    price: plan.price,
    durationDays: plan.durationDays,
    isTrial: plan.isTrial,
    features: plan.features,
    maxActiveServices: plan.maxActiveServices,
    featuredPlacement: plan.featuredPlacement,
    analyticsDepth: plan.analyticsDepth,
    isActive: Boolean(r.is_active),
    createdAt: r.created_at,
    updatedAt: r.updated_at,
    subscribers: r.subscribers,
    subscriptions: r.subscriptions,
  };
}

const requireAdmin = (ctx: DomainContext) => requireRole(ctx.actor, ACCESS.admin, "Only admins manage plans.");

/** Every plan, active first (cheapest first), then retired ones, with their subscriber counts. */
export async function adminPlans(ctx: DomainContext): Promise<AdminPlan[]> {
  requireAdmin(ctx);
  const { results } = await ctx.db.prepare(`${SELECT} ORDER BY p.is_active DESC, p.price, p.duration_days, p.name`).bind(ctx.now).all<AdminPlanRow>();
  return results.map(toPlan);
}

/** One plan as an admin sees it (404 when there is none). */
export async function adminPlan(ctx: DomainContext, id: string): Promise<AdminPlan> {
  requireAdmin(ctx);
  const row = await ctx.db.prepare(`${SELECT} WHERE p.id = ?2`).bind(ctx.now, id).first<AdminPlanRow>();
  if (!row) throw new NotFound(PLAN_MESSAGES.notFound);
  return toPlan(row);
}

/** Conditions that keep the rules in the write: no other active plan with the name; no other active trial. */
const NAME_FREE = "NOT EXISTS (SELECT 1 FROM plans o WHERE o.is_active = 1 AND o.id <> ?1 AND lower(o.name) = lower(?2))";
const TRIAL_FREE = "(?3 = 0 OR NOT EXISTS (SELECT 1 FROM plans o WHERE o.is_active = 1 AND o.is_trial = 1 AND o.id <> ?1))";

/** Why a guarded write changed nothing: the name, or the trial (field messages for the form). */
async function refusal(ctx: DomainContext, id: string, name: string, isTrial: boolean): Promise<Invalid> {
  const clash = await ctx.db
    .prepare(
      `SELECT (SELECT count(*) FROM plans o WHERE o.is_active = 1 AND o.id <> ?1 AND lower(o.name) = lower(?2)) AS names,
              (SELECT count(*) FROM plans o WHERE o.is_active = 1 AND o.is_trial = 1 AND o.id <> ?1) AS trials`,
    )
    .bind(id, name)
    .first<{ names: number; trials: number }>();
  const fields: Record<string, string> = {};
  if (clash?.names) fields.name = PLAN_MESSAGES.nameTaken;
  if (isTrial && clash?.trials) fields.isTrial = PLAN_MESSAGES.trialTaken;
  if (!Object.keys(fields).length) fields.name = PLAN_MESSAGES.nameTaken;
  return new Invalid(fields.name ?? fields.isTrial ?? PLAN_MESSAGES.nameTaken, fields);
}

const columns = (p: PlanInput) => [
  p.name,
  p.isTrial ? 1 : 0,
  p.description,
  p.price,
  p.durationDays,
  JSON.stringify(p.features),
  p.maxActiveServices,
  p.featuredPlacement ? 1 : 0,
  p.analyticsDepth,
];

/** Creates an active plan. */
export async function createPlan(ctx: DomainContext, raw: unknown): Promise<AdminPlan & { message: string }> {
  requireAdmin(ctx);
  const input = parseInput(planInput, raw);
  const id = newId(ctx.now);
  const { meta } = await ctx.db
    .prepare(
      `INSERT INTO plans (id, name, is_trial, description, price, duration_days, features, max_active_services, featured_placement, analytics_depth,
                          is_active, created_at, updated_at)
       SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, 1, ?11, ?11
       WHERE ${NAME_FREE} AND ${TRIAL_FREE}`,
    )
    .bind(id, ...columns(input), ctx.now)
    .run();
  if (!meta.changes) throw await refusal(ctx, id, input.name, input.isTrial);
  return { ...(await adminPlan(ctx, id)), message: PLAN_MESSAGES.created };
}

/** Edits a plan (active or retired). New purchases get the new price and duration; subscriptions keep theirs. */
export async function updatePlan(ctx: DomainContext, id: string, raw: unknown): Promise<AdminPlan & { message: string }> {
  requireAdmin(ctx);
  const input = parseInput(planInput, raw);
  const current = await adminPlan(ctx, id);
  if (current.isTrial !== input.isTrial && current.subscriptions > 0) throw new Invalid(PLAN_MESSAGES.kindLocked, { isTrial: PLAN_MESSAGES.kindLocked });
  // A retired plan's name and trial flag only matter again when it is restored (checked then).
  const { meta } = await ctx.db
    .prepare(
      `UPDATE plans SET name = ?2, is_trial = ?3, description = ?4, price = ?5, duration_days = ?6, features = ?7, max_active_services = ?8,
              featured_placement = ?9, analytics_depth = ?10, updated_at = ?11
       WHERE id = ?1 AND (is_active = 0 OR (${NAME_FREE} AND ${TRIAL_FREE}))`,
    )
    .bind(id, ...columns(input), ctx.now)
    .run();
  if (!meta.changes) throw await refusal(ctx, id, input.name, input.isTrial);
  return { ...(await adminPlan(ctx, id)), message: PLAN_MESSAGES.saved };
}

/** Retires a plan: vendors no longer see it or buy it; nothing touches its subscriptions. */
export async function retirePlan(ctx: DomainContext, id: string): Promise<AdminPlan & { message: string }> {
  requireAdmin(ctx);
  const current = await adminPlan(ctx, id);
  if (!current.isActive) throw new Conflict(PLAN_MESSAGES.alreadyRetired);
  const { meta } = await ctx.db.prepare("UPDATE plans SET is_active = 0, updated_at = ?2 WHERE id = ?1 AND is_active = 1").bind(id, ctx.now).run();
  if (!meta.changes) throw new Conflict(PLAN_MESSAGES.alreadyRetired);
  return { ...(await adminPlan(ctx, id)), message: PLAN_MESSAGES.retired };
}

/** Restores a retired plan, if its name is free among active plans and (a trial) no other trial is active. */
export async function restorePlan(ctx: DomainContext, id: string): Promise<AdminPlan & { message: string }> {
  requireAdmin(ctx);
  const current = await adminPlan(ctx, id);
  if (current.isActive) throw new Conflict(PLAN_MESSAGES.alreadyActive);
  const { meta } = await ctx.db
    .prepare(`UPDATE plans SET is_active = 1, updated_at = ?4 WHERE id = ?1 AND is_active = 0 AND ${NAME_FREE} AND ${TRIAL_FREE}`)
    .bind(id, current.name, current.isTrial ? 1 : 0, ctx.now)
    .run();
  if (!meta.changes) {
    const fresh = await adminPlan(ctx, id);
    if (fresh.isActive) throw new Conflict(PLAN_MESSAGES.alreadyActive);
    const why = await refusal(ctx, id, current.name, current.isTrial);
    // Restoring has no form fields: the refusal is a conflict with the existing active plan.
    throw new Conflict(why.message);
  }
  return { ...(await adminPlan(ctx, id)), message: PLAN_MESSAGES.restored };
}
