import { z } from "zod";
import {
  approveRequest,
  declineRequest,
  invitationBySlug,
  inviteRequestInput,
  listRequests,
  publishCard,
  publishInput,
  requestInvite,
  unpublishCard,
} from "#domain/invitations/index.ts";
import { ACCESS } from "#domain/core/index.ts";
import { Resource } from "./endpoint.ts";
import { m } from "#shared/paraglide/messages.js";

const id = z.string().min(1).max(64);
const cardParams = z.object({ cardId: id });
const slugParams = z.object({ slug: z.string().min(1).max(120) });
const requestParams = z.object({ id });
const PLANNER = { access: ACCESS.planner, refusal: m.api_only_couples_invitation } as const;

/** Issue 13, einvite: publishing a card as the live e-invite, its public page's RSVP and the couple's approvals. Rules live in functions/domain/invitations/ (invite-publishing.ts, invitation-view.ts, invite-requests.ts, request-decisions.ts). */
export const invitationsApi = new Resource("/invitation", "E-invites")
  .endpoint(
    {
      method: "get",
      path: "/requests",
      weddingStore: true,
      summary: "Requests from the public invitation page: pending first, then the latest answered",
      ...PLANNER,
    },
    async (c) => c.json({ success: true, requests: await listRequests(c.get("domain")) }),
  )
  .endpoint(
    {
      method: "post",
      path: "/requests/:id/approve",
      weddingStore: true,
      summary: "Approve a request: a household with its own RSVP link, the guest, invitations and answers, in one batch",
      params: requestParams,
      ...PLANNER,
      responses: { 200: "Approved", 404: "Not your request", 409: "Already answered" },
    },
    async (c, { params }) => c.json({ success: true, ...(await approveRequest(c.get("domain"), params.id)) }),
  )
  .endpoint(
    {
      method: "post",
      path: "/requests/:id/decline",
      summary: "Decline a request (nothing else changes)",
      params: requestParams,
      ...PLANNER,
      responses: { 200: "Declined", 404: "Not your request", 409: "Already answered" },
    },
    async (c, { params }) => {
      await declineRequest(c.get("domain"), params.id);
      return c.json({ success: true, message: m.api_request_declined() });
    },
  )
  .endpoint(
    {
      method: "get",
      path: "/view/:slug",
      summary: "The live e-invite behind a share link: the couple, the card picture and the schedule per function",
      params: slugParams,
      access: ACCESS.public,
      responses: { 200: "The invitation", 404: "Unknown or unpublished" },
    },
    async (c, { params }) => {
      const inv = await invitationBySlug(c.get("domain"), params.slug);
      c.header("Cache-Control", "public, max-age=60");
      return c.json({
        success: true,
        invitation: {
          couple: inv.couple,
          title: inv.title,
          description: inv.description,
          cardImageUrl: inv.cardImageUrl,
          cardWidth: inv.cardWidth,
          cardHeight: inv.cardHeight,
          functions: inv.functions,
          rsvpOpen: inv.rsvpOpen,
          url: inv.shareUrl,
          whatsappUrl: inv.whatsappUrl,
        },
      });
    },
  )
  .endpoint(
    {
      method: "post",
      path: "/view/:slug/requests",
      summary: "Ask to come (guests without a personal link): name, phone, party size, dietary, answers per function; the couple approves",
      description: "One request per invitation and phone: sending again updates the pending one. Rate limited per network address and phone.",
      params: slugParams,
      body: inviteRequestInput,
      access: ACCESS.public,
      responses: { 201: "Request saved", 404: "Unknown or unpublished", 409: "RSVP closed, or already answered", 429: "Too many requests" },
    },
    async (c, { params, body }) => {
      const outcome = await requestInvite(c.get("domain"), params.slug, body);
      c.header("Cache-Control", "private, no-store");
      return c.json({ success: true, ...outcome }, outcome.status === "created" ? 201 : 200);
    },
  )
  .endpoint(
    {
      method: "post",
      path: "/:cardId/publish",
      summary: "Publish the card as the couple's live e-invite (one per couple: the share link moves to this card)",
      params: cardParams,
      body: publishInput,
      ...PLANNER,
      responses: { 200: "The share link", 403: "Paid template not bought", 404: "Not your card or function", 409: "The card has no picture yet" },
    },
    async (c, { params, body }) => c.json({ success: true, message: m.api_invitation_live(), ...(await publishCard(c.get("domain"), params.cardId, body)) }),
  )
  .endpoint(
    {
      method: "delete",
      path: "/:cardId/publish",
      summary: "Take the invitation down (its page answers 404; publishing again brings the same link back)",
      params: cardParams,
      ...PLANNER,
      responses: { 200: "Unpublished", 404: "Not your card" },
    },
    async (c, { params }) => {
      await unpublishCard(c.get("domain"), params.cardId);
      return c.json({ success: true, message: m.api_invitation_private() });
    },
  );
