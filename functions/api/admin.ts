import { z } from "zod";
import { changeRole, type RoleChange } from "#domain/accounts/index.ts";
import { ACCESS } from "#domain/core/index.ts";
import { confirmOptions, decideSpamReport, spamQueue } from "#domain/admin/index.ts";
import { Resource } from "./endpoint.ts";
import { userIdParams } from "./users.ts";
import { numeric } from "#shared/numbers.ts";

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

/** The queue of enquiries vendors reported as spam (functions/domain/admin/spam-queue.ts): admins and super admins. */
const reportParams = z.object({ id: z.string().min(1).max(64) });
const decisionResponses = {
  200: "The decision",
  404: "No such reported enquiry",
  409: "Already reviewed (or, to restore, the couple has a newer open enquiry)",
};

export const adminApi = new Resource("/admin", "Admin")
  .endpoint(...roleCall("give-admin", "Make a couple's account an admin"))
  .endpoint(...roleCall("revoke-admin", "Take admin or super-admin rights away (never from the last super admin)"))
  .endpoint(...roleCall("give-superadmin", "Make an account a super admin"))
  .endpoint(
    {
      method: "get",
      path: "/reported-leads",
      summary: "Enquiries reported as spam and not reviewed yet, newest report first",
      description:
        "20 a page (page=). Each with the message, service, vendor, the couple's name and e-mail, when it was reported, and how many of the couple's enquiries were reported (and confirmed).",
      query: z.object({ page: numeric(z.number().int().min(1).max(1000).optional()) }),
      access: ACCESS.admin,
    },
    async (c, { query }) => c.json({ success: true, ...(await spamQueue(c.get("domain"), query)) }),
  )
  .endpoint(
    {
      method: "post",
      path: "/reported-leads/:id/confirm",
      summary: "Confirm a reported enquiry as spam",
      description:
        "The enquiry stays spam, marked reviewed. Body {flagCouple?: boolean} also flags the couple's account (it restricts nothing). Once per report (409 after).",
      params: reportParams,
      body: confirmOptions,
      access: ACCESS.admin,
      responses: decisionResponses,
    },
    async (c, { params, body }) => {
      const { message, ...lead } = await decideSpamReport(c.get("domain"), params.id, "confirm", body);
      return c.json({ success: true, message, lead });
    },
  )
  .endpoint(
    {
      method: "post",
      path: "/reported-leads/:id/restore",
      summary: "Not spam: restore a reported enquiry",
      description:
        "The enquiry returns to its status before the report and counts again in the vendor's figures (its original day). Nobody is mailed. Once per report (409 after).",
      params: reportParams,
      access: ACCESS.admin,
      responses: decisionResponses,
    },
    async (c, { params }) => {
      const { message, ...lead } = await decideSpamReport(c.get("domain"), params.id, "restore");
      return c.json({ success: true, message, lead });
    },
  );
