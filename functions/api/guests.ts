import { z } from "zod";
import {
  addGuest,
  createHousehold,
  deleteGuest,
  deleteHousehold,
  exportGuests,
  headCounts,
  importGuests,
  listHouseholds,
  NOT_ANSWERED_PAGE_SIZE,
  remindHousehold,
  resetHouseholdLink,
  searchGuests,
  setInvitations,
  shareHousehold,
  updateGuest,
  updateHousehold,
  answerRsvp,
  rsvpByToken,
} from "#domain/guests/index.ts";
import { ACCESS } from "#domain/core/index.ts";
import {
  guestInput,
  guestQuery,
  guestUpdateInput,
  headCountQuery,
  householdInput,
  householdUpdateInput,
  IMPORT_REQUEST_BYTES_MAX,
  importInput,
  invitationsInput,
  rsvpInput,
  shareInput,
} from "#shared/guest-schemas.ts";
import { Resource } from "./endpoint.ts";
import { versionInput } from "#shared/row-version.ts";
import { m } from "#shared/paraglide/messages.js";

const id = z.string().min(1).max(64);
const guestParams = z.object({ guestId: id });
const householdParams = z.object({ id });
const tokenParams = z.object({ token: z.string().min(1).max(128) });
const PLANNER = { access: ACCESS.planner, refusal: m.api_only_couples_guests } as const;

/** Guest list and RSVP (issue 12): the couple's own; another couple's is 404. Rules live in functions/domain/guests/. */
export const guestsApi = new Resource("/guests", "Guest list and RSVP", { weddingStore: true })
  .endpoint(
    {
      method: "get",
      path: "/",
      summary: "The couple's guests by household, 100 a page, with search and filters",
      description:
        "q (name, household, phone, e-mail, city), side, dietary, householdId, eventId (invited to), answer (ATTENDING, DECLINED, MAYBE, NONE), page.",
      query: guestQuery,
      ...PLANNER,
    },
    async (c, { query }) => c.json({ success: true, ...(await searchGuests(c.get("domain"), query)) }),
  )
  .endpoint(
    {
      method: "post",
      path: "/",
      summary: "Add a guest (into householdId, or a new household of one)",
      idempotent: true,
      body: guestInput,
      ...PLANNER,
      responses: { 201: "The guest", 404: "Not your household" },
    },
    async (c, { body }) => c.json({ success: true, ...(await addGuest(c.get("domain"), body)) }, 201),
  )
  .endpoint({ method: "get", path: "/households", summary: "The couple's households with their RSVP links and invitations", ...PLANNER }, async (c) =>
    c.json({ success: true, households: await listHouseholds(c.get("domain")) }),
  )
  .endpoint(
    {
      method: "post",
      path: "/households",
      summary: "Add a household (a family invited together)",
      idempotent: true,
      body: householdInput,
      ...PLANNER,
      responses: { 201: "The household" },
    },
    async (c, { body }) => c.json({ success: true, ...(await createHousehold(c.get("domain"), body)) }, 201),
  )
  .endpoint(
    {
      method: "put",
      path: "/households/:id",
      summary: "Rename a household or change its notes (version: the household's version the edit was made on)",
      params: householdParams,
      body: householdUpdateInput,
      ...PLANNER,
      responses: {
        200: "The household",
        404: "Not your household",
        409: "Changed by someone else since that version: nothing saved; current is the household as it is now",
      },
    },
    async (c, { params, body }) => c.json({ success: true, ...(await updateHousehold(c.get("domain"), params.id, body)) }),
  )
  .endpoint(
    {
      method: "delete",
      path: "/households/:id",
      summary: "Remove a household with its guests, invitations and answers (version: the household's version the removal was decided on)",
      params: householdParams,
      query: versionInput,
      ...PLANNER,
      responses: {
        200: "Removed",
        404: "Not your household",
        409: "Changed by someone else since that version: nothing removed; current is the household as it is now",
      },
    },
    async (c, { params, query }) => c.json({ success: true, ...(await deleteHousehold(c.get("domain"), params.id, query)) }),
  )
  .endpoint(
    {
      method: "post",
      path: "/households/:id/reset-link",
      summary: "Give the household a new RSVP link; the old one stops working",
      params: householdParams,
      ...PLANNER,
      responses: { 200: "The household with its new link", 404: "Not your household" },
    },
    async (c, { params }) => c.json({ success: true, message: m.api_new_link_made(), household: await resetHouseholdLink(c.get("domain"), params.id) }),
  )
  .endpoint(
    {
      method: "put",
      path: "/households/:id/invitations",
      summary: "The functions the household is invited to (the complete set); un-inviting removes its answers for that function",
      params: householdParams,
      body: invitationsInput,
      ...PLANNER,
      responses: { 200: "The household", 404: "Not your household or function" },
    },
    async (c, { params, body }) => c.json({ success: true, ...(await setInvitations(c.get("domain"), params.id, body)) }),
  )
  .endpoint(
    {
      method: "post",
      path: "/households/:id/remind",
      summary: "E-mail the household's guests who have an address a reminder to answer (once per 12 hours)",
      params: householdParams,
      ...PLANNER,
      responses: { 200: "Reminded", 404: "Not your household", 409: "Nothing to remind, or no e-mail address", 429: "Reminded recently" },
    },
    async (c, { params }) => c.json({ success: true, message: m.api_reminder_sent(), ...(await remindHousehold(c.get("domain"), params.id)) }),
  )
  .endpoint(
    {
      method: "post",
      path: "/households/:id/share",
      summary: "Share the household's RSVP link by WhatsApp (English or Hindi) or e-mail: records when it was shared and answers the link to open",
      params: householdParams,
      body: shareInput,
      ...PLANNER,
      responses: { 200: "The link to open", 404: "Not your household", 409: "Not invited yet, or no e-mail address" },
    },
    async (c, { params, body }) => c.json({ success: true, ...(await shareHousehold(c.get("domain"), params.id, body)) }),
  )
  .endpoint(
    {
      method: "post",
      path: "/import",
      summary: "Import guests from CSV text (header row; good rows in one batch, bad rows listed with reasons)",
      idempotent: true,
      description:
        "Body {csv}: columns Household, Name, Side, Relation, Phone, Email, City, Dietary, Stay, Pickup (any order and case), or their Hindi names as a Hindi export writes them; cells' fixed words (side, dietary, yes or no) in either language. At most 512 KB and 1000 rows.",
      body: importInput,
      // The JSON cap (256 KB) would refuse a CSV the import takes (512 KB).
      maxBodyBytes: IMPORT_REQUEST_BYTES_MAX,
      ...PLANNER,
      responses: { 200: "What was imported and the rows that were not" },
    },
    async (c, { body }) => c.json({ success: true, ...(await importGuests(c.get("domain"), body.csv)) }),
  )
  .endpoint(
    { method: "get", path: "/export", summary: "The guest list as CSV (the import's columns, in the language of the answer)", ...PLANNER },
    async (c) => {
      const csv = await exportGuests(c.get("domain"));
      return c.body(csv, 200, {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": 'attachment; filename="guests.csv"',
        "Cache-Control": "private, no-store",
      });
    },
  )
  .endpoint(
    {
      method: "get",
      path: "/headcounts",
      summary: `Head-counts per function and per dietary preference, and who has not answered, ${NOT_ANSWERED_PAGE_SIZE} households a page`,
      description:
        "functions: every function's counts. notAnswered: a page (page, pageSize) of the households, by name, where a guest has not answered for a function they are invited to; notAnsweredCount: how many households in all.",
      query: headCountQuery,
      ...PLANNER,
    },
    async (c, { query }) => c.json({ success: true, ...(await headCounts(c.get("domain"), query)) }),
  )
  .endpoint(
    {
      method: "put",
      path: "/:guestId",
      summary: "Change a guest (the fields sent; householdId moves them; version: the guest's version the edit was made on)",
      params: guestParams,
      body: guestUpdateInput,
      ...PLANNER,
      responses: {
        200: "The guest",
        404: "Not your guest or household",
        409: "Changed by someone else since that version: nothing saved; current is the guest as it is now",
      },
    },
    async (c, { params, body }) => c.json({ success: true, ...(await updateGuest(c.get("domain"), params.guestId, body)) }),
  )
  .endpoint(
    {
      method: "delete",
      path: "/:guestId",
      summary: "Remove a guest and their answers (version: the guest's version the removal was decided on)",
      params: guestParams,
      query: versionInput,
      ...PLANNER,
      responses: {
        200: "Removed",
        404: "Not your guest",
        409: "Changed by someone else since that version: nothing removed; current is the guest as it is now",
      },
    },
    async (c, { params, query }) => c.json({ success: true, ...(await deleteGuest(c.get("domain"), params.guestId, query)) }),
  );

/** The household's personal RSVP link (no account): it reads and answers only its own household's invitations. */
export const rsvpApi = new Resource("/rsvp", "RSVP by personal link", { weddingStore: true })
  .endpoint(
    {
      method: "get",
      path: "/:token",
      summary: "The invitation behind a personal link: the couple, the functions, the household's guests and answers",
      params: tokenParams,
      access: ACCESS.public,
      responses: { 200: "The invitation", 404: "Not a valid link" },
    },
    async (c, { params }) => {
      c.header("Cache-Control", "private, no-store");
      c.header("X-Robots-Tag", "noindex");
      return c.json({ success: true, invitation: await rsvpByToken(c.get("domain"), params.token) });
    },
  )
  .endpoint(
    {
      method: "post",
      path: "/:token",
      summary: "Save the household's answers: [{guestId, eventId, response ATTENDING|DECLINED|MAYBE, partySize}]",
      params: tokenParams,
      body: rsvpInput,
      access: ACCESS.public,
      responses: { 200: "The saved answers", 404: "Not a valid link, or a guest or function not on it", 429: "Too many changes" },
    },
    async (c, { params, body }) => {
      c.header("Cache-Control", "private, no-store");
      return c.json({ success: true, message: m.api_rsvp_saved(), invitation: await answerRsvp(c.get("domain"), params.token, body) });
    },
  );
