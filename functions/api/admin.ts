import { changeRole, type RoleChange } from "#domain/accounts.ts";
import { ACCESS } from "#domain/permissions.ts";
import { Resource } from "./endpoint.ts";
import { userIdParams } from "./users.ts";

/** Admin role calls (spec section 7 "Admin"); SUPER_ADMIN only. Other admin calls join this resource. */
const roleCall = (change: RoleChange, summary: string) =>
  [
    {
      method: "patch" as const,
      path: `/${change}/:id`,
      summary,
      params: userIdParams,
      access: ACCESS.superAdmin,
      responses: { 403: "Not a super admin", 404: "No such account", 409: "Role cannot change (e.g. the last super admin)" },
    },
    async (c: Parameters<Parameters<Resource["endpoint"]>[1]>[0], { params }: { params: { id: string } }) =>
      c.json({ success: true, ...(await changeRole(c.get("domain"), { userId: params.id, change })) }),
  ] as const;

export const adminApi = new Resource("/admin", "Admin")
  .endpoint(...roleCall("give-admin", "Make a couple's account an admin"))
  .endpoint(...roleCall("revoke-admin", "Take admin or super-admin rights away (never from the last super admin)"))
  .endpoint(...roleCall("give-superadmin", "Make an account a super admin"));
