import { z } from "zod";
import {
  acceptInvitation,
  changeMember,
  currentWeddingView,
  declineInvitation,
  invitePlanner,
  leaveWedding,
  openLiveChannel,
  pendingInvitations,
  removeMember,
  revokeInvitation,
  switchWedding,
  viewInvitation,
  weddingMembers,
} from "#domain/weddings/index.ts";
import { ACCESS } from "#domain/core/index.ts";
import { memberUpdateInput, planInviteInput } from "#shared/wedding-schemas.ts";
import { m } from "#shared/paraglide/messages.js";
import { weddingLiveFor } from "#platform/wedding-live.ts";
import { Resource } from "./endpoint.ts";

const id = z.string().min(1).max(64);
const PLANNER = { access: ACCESS.planner, refusal: m.couple_cp_vendor } as const;
const tokenParams = z.object({ token: z.string().min(1).max(128) });

/**
 * A wedding's co-planners (issue 33, docs/decisions/0049-weddings.md): the current wedding and the
 * weddings the account plans, its members, invitations to plan (invite, withdraw, open, accept,
 * decline), changing and removing a member, leaving and switching. Rules live in functions/domain/weddings/.
 */
export const weddingsApi = new Resource("/weddings", "Weddings and co-planners")
  .endpoint(
    { method: "get", path: "/current", summary: "The current wedding, the caller's role and rights in it, and every wedding the caller plans", ...PLANNER },
    async (c) => c.json({ success: true, ...(await currentWeddingView(c.get("domain"))) }),
  )
  .endpoint(
    {
      method: "get",
      path: "/members",
      summary: "Who plans the current wedding, and (to the couple and partners) the invitations waiting for an answer",
      description: "Members' e-mail addresses and numbers, and the invitations, only to those who manage co-planners.",
      ...PLANNER,
    },
    async (c) => {
      const domain = c.get("domain");
      const view = await weddingMembers(domain);
      return c.json({ success: true, ...view, invitations: view.wedding.managesPeople ? await pendingInvitations(domain) : [] });
    },
  )
  .endpoint(
    {
      method: "post",
      path: "/invitations",
      summary: "Invite a person by e-mail address or Indian mobile number to plan the current wedding (the couple and partners)",
      description:
        "role PARTNER, EDITOR (with areas: guests, budget, plan, invitations) or VIEWER; seesContacts. The link is sent by e-mail or SMS, works once, for 7 days.",
      body: planInviteInput,
      ...PLANNER,
      responses: { 201: "The invitation (without its link)", 409: "That person already plans this wedding" },
    },
    async (c, { body }) => c.json({ success: true, ...(await invitePlanner(c.get("domain"), body)) }, 201),
  )
  .endpoint(
    {
      method: "delete",
      path: "/invitations/:id",
      summary: "Withdraw an invitation waiting for an answer: its link stops working",
      params: z.object({ id }),
      ...PLANNER,
      responses: { 404: "No such pending invitation of this wedding" },
    },
    async (c, { params }) => c.json({ success: true, ...(await revokeInvitation(c.get("domain"), params.id)) }),
  )
  .endpoint(
    {
      method: "get",
      path: "/invitations/:token",
      summary: "What an invitation's link offers: who invites, the wedding, the role, and whether it can still be used",
      params: tokenParams,
      ...PLANNER,
      responses: { 404: "Not a valid link" },
    },
    async (c, { params }) => c.json({ success: true, invitation: await viewInvitation(c.get("domain"), params.token) }),
  )
  .endpoint(
    {
      method: "post",
      path: "/invitations/:token/accept",
      summary: "Accept an invitation (only the account holding the invited address or number); the wedding becomes the current one",
      params: tokenParams,
      ...PLANNER,
      responses: { 403: "Sent to another address or number", 404: "Not a valid link", 409: "Used, declined, withdrawn or expired" },
    },
    async (c, { params }) => c.json({ success: true, ...(await acceptInvitation(c.get("domain"), params.token)) }),
  )
  .endpoint(
    {
      method: "post",
      path: "/invitations/:token/decline",
      summary: "Decline an invitation (only the account holding the invited address or number)",
      params: tokenParams,
      ...PLANNER,
      responses: { 403: "Sent to another address or number", 404: "Not a valid link", 409: "Used, declined, withdrawn or expired" },
    },
    async (c, { params }) => c.json({ success: true, ...(await declineInvitation(c.get("domain"), params.token)) }),
  )
  .endpoint(
    {
      method: "put",
      path: "/members/:userId",
      summary: "Change a member's role, areas and whether they see guests' phone numbers (the couple and partners; never the couple)",
      params: z.object({ userId: id }),
      body: memberUpdateInput,
      ...PLANNER,
      responses: { 404: "Not a member of this wedding" },
    },
    async (c, { params, body }) => c.json({ success: true, ...(await changeMember(c.get("domain"), params.userId, body)) }),
  )
  .endpoint(
    {
      method: "delete",
      path: "/members/:userId",
      summary: "Remove a member at once: their next request no longer reaches this wedding (the couple and partners; never the couple)",
      params: z.object({ userId: id }),
      ...PLANNER,
      responses: { 404: "Not a member of this wedding" },
    },
    async (c, { params }) => c.json({ success: true, ...(await removeMember(c.get("domain"), params.userId)) }),
  )
  .endpoint(
    {
      method: "post",
      path: "/leave",
      summary: "Leave the current wedding (the couple cannot leave their own)",
      ...PLANNER,
      responses: { 409: "The couple's own wedding" },
    },
    async (c) => c.json({ success: true, ...(await leaveWedding(c.get("domain"))) }),
  )
  .endpoint(
    {
      method: "get",
      path: "/live",
      summary: "Follow the current wedding's changes live: a WebSocket (Upgrade: websocket) that hears { type: 'changed', area, by }",
      description:
        "wedding: the current wedding's id (GET /weddings/current). Any member may listen, viewers too; another wedding, or one the caller no longer plans, is 404. Removing a member closes their sockets (code 4403). Send 'ping' to be answered 'pong'.",
      query: z.object({ wedding: z.string().max(64).optional() }),
      ...PLANNER,
      responses: { 101: "The socket", 404: "Not a wedding the caller plans now", 426: "Not a WebSocket upgrade" },
    },
    async (c, { query }) => {
      const w = await openLiveChannel(c.get("domain"), query);
      const live = weddingLiveFor(c.env);
      if (c.req.header("Upgrade")?.toLowerCase() !== "websocket" || !live) return c.json({ success: false, message: m.api_live_websocket_only() }, 426);
      return live.connect(w.weddingId, w.actor.id, c.req.raw);
    },
  )
  .endpoint(
    {
      method: "post",
      path: "/:weddingId/switch",
      summary: "Make one of the caller's weddings the current one",
      params: z.object({ weddingId: id }),
      ...PLANNER,
      responses: { 404: "The caller does not plan this wedding" },
    },
    async (c, { params }) => c.json({ success: true, ...(await switchWedding(c.get("domain"), params.weddingId)) }),
  );
