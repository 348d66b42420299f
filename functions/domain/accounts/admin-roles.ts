/** The admin role calls: the admin team list and giving or taking admin and super-admin roles. */
import { type DomainContext, Conflict, Forbidden, NotFound, ACCESS, requireRole, auditEntry } from "../core/index.ts";
import type { Role } from "#db/schema/identity.ts";
import { ACCOUNT_MESSAGES } from "#shared/account-messages.ts";
import { userByEmail, userById } from "./account-common.ts";
import { m } from "#shared/paraglide/messages.js";

export type RoleChange = "give-admin" | "revoke-admin" | "give-superadmin";

const ONLY_SUPER_ADMINS = m.api_e_only_a_super_admin_can_change_admin;

/**
 * The admin role calls. Only a SUPER_ADMIN may call them; the last SUPER_ADMIN can never be
 * demoted (the check is inside the UPDATE, so two concurrent demotions cannot both win).
 */
export async function changeRole(
  ctx: DomainContext,
  { userId: targetId, change }: { userId: string; change: RoleChange },
): Promise<{ message: string; user: { id: string; user_name: string; email: string; role: Role } }> {
  const d1 = ctx.db;
  requireRole(ctx.actor, ACCESS.superAdmin, ONLY_SUPER_ADMINS());
  const target = await userById(d1, targetId);
  if (!target) throw new NotFound(m.api_e_we_could_not_find_that_account());
  if (target.role === "VENDOR") throw new Conflict(m.api_e_vendor_accounts_cannot_be_given_admin_roles());
  let next: Role;
  let sql = "UPDATE users SET role = ?2, updated_at = ?3 WHERE id = ?1";
  if (change === "give-admin") {
    if (target.role !== "USER")
      throw new Conflict(target.role === "ADMIN" ? m.api_e_already_admin({ name: target.user_name }) : m.api_e_already_super_admin({ name: target.user_name }));
    next = "ADMIN";
  } else if (change === "give-superadmin") {
    if (target.role === "SUPER_ADMIN") throw new Conflict(m.api_e_already_super_admin({ name: target.user_name }));
    next = "SUPER_ADMIN";
  } else {
    if (target.role === "USER") throw new Conflict(m.api_e_not_an_admin({ name: target.user_name }));
    next = "USER";
    sql += " AND (role <> 'SUPER_ADMIN' OR (SELECT count(*) FROM users WHERE role = 'SUPER_ADMIN') > 1)";
  }
  const [result] = await d1.batch([
    d1.prepare(sql).bind(targetId, next, ctx.now),
    auditEntry(
      ctx,
      {
        action: `role.${change}`,
        subject: { type: "user", id: targetId },
        summary: `${change === "give-admin" ? "Made" : change === "give-superadmin" ? "Made" : "Took admin rights from"} ${target.user_name}${change === "give-admin" ? " an admin" : change === "give-superadmin" ? " a super admin" : ""}`,
        before: { role: target.role },
        after: { role: next },
      },
      { ifChanged: true },
    ),
  ]);
  if (!result?.meta.changes) throw new Conflict(ACCOUNT_MESSAGES.lastSuperAdmin);
  const label = next === "USER" ? "no longer an admin" : next === "ADMIN" ? "now an admin" : "now a super admin";
  return { message: `${target.user_name} is ${label}.`, user: { id: target.id, user_name: target.user_name, email: target.email, role: next } };
}

/** The admin team (for the role pages): admins and super admins, for admins only. */
export async function listAdminTeam(ctx: DomainContext) {
  requireRole(ctx.actor, ACCESS.admin, new Forbidden().message);
  const { results } = await ctx.db
    .prepare("SELECT id, user_name, email, role FROM users WHERE role IN ('ADMIN', 'SUPER_ADMIN') ORDER BY role DESC, user_name LIMIT 200")
    .all<{ id: string; user_name: string; email: string; role: Role }>();
  return results;
}

/** The role pages name the account by e-mail; the API by id. */
export async function changeRoleByEmail(ctx: DomainContext, { email, change }: { email: string; change: RoleChange }) {
  requireRole(ctx.actor, ACCESS.superAdmin, ONLY_SUPER_ADMINS());
  const target = await userByEmail(ctx.db, email);
  if (!target) throw new NotFound(m.api_e_there_is_no_account_with_that_e_mail());
  return changeRole(ctx, { userId: target.id, change });
}
