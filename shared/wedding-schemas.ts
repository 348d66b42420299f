import { z } from "zod";
import { m } from "./paraglide/messages.js";
import { parseIndianMobile } from "./phone-schemas.ts";
import { say } from "./say.ts";
import { WEDDING_AREAS } from "./stored-values.ts";

/**
 * Co-planners (issue 33, docs/decisions/0049-weddings.md): inviting a person to plan a wedding and
 * changing a member's rights, shared by the "Family & planner" page's forms and /api/v1/weddings.
 * A form sends strings (checkboxes "on" or nothing, areas as repeated fields); the API sends JSON.
 */
export { WEDDING_AREAS };

/** The roles a person can be invited to or given (the couple's own role is never given). */
export const INVITABLE_ROLES = ["PARTNER", "EDITOR", "VIEWER"] as const;
/** How long an invitation's link works. */
export const PLAN_INVITE_TTL_DAYS = 7;
export const PLAN_INVITE_TTL_MS = PLAN_INVITE_TTL_DAYS * 24 * 3_600_000;
export const INVITEE_NAME_MAX = 80;

const blank = (v: unknown) => v === undefined || v === null || (typeof v === "string" && v.trim() === "");

const checkbox = z.preprocess(
  (v) => (v === "true" || v === "on" || v === "1" ? true : v === "false" || v === "0" || blank(v) ? false : v),
  z.boolean(say(m.api_v_correct_fields)),
);

/** Areas as a JSON list, one form value, or a comma list; kept once each, in the catalogue's order. */
const areasField = z.preprocess(
  (v) => (blank(v) ? [] : typeof v === "string" ? v.split(",").map((a) => a.trim()) : v),
  z
    .array(z.enum(WEDDING_AREAS, say(m.couple_cp_v_area_unknown)), say(m.couple_cp_v_area_unknown))
    .max(WEDDING_AREAS.length * 2, say(m.couple_cp_v_area_unknown))
    .transform((list) => WEDDING_AREAS.filter((a) => list.includes(a))),
);

const rightsShape = {
  role: z.enum(INVITABLE_ROLES, say(m.couple_cp_v_role)),
  /** The parts an EDITOR changes (at least one); ignored for the other roles. */
  areas: areasField.optional().default([]),
  /** May see guests' phone numbers and e-mail addresses (an editor of guests always does). */
  seesContacts: checkbox.optional().default(false),
};

type Rights = { role: (typeof INVITABLE_ROLES)[number]; areas: (typeof WEDDING_AREAS)[number][]; seesContacts: boolean };

/** An editor needs at least one area; the other roles keep none. */
function checkRights<T extends Rights>(value: T, ctx: z.RefinementCtx): void {
  if (value.role === "EDITOR" && value.areas.length === 0) ctx.addIssue({ code: "custom", path: ["areas"], message: m.couple_cp_v_areas() });
}
const normalise = <T extends Rights>(value: T): T => ({ ...value, areas: value.role === "EDITOR" ? value.areas : [] });

/**
 * Whom the invitation goes to: an e-mail address (lower-cased) or an Indian mobile number (E.164).
 * The output parses again to itself (the API validates the body and the domain parses its input).
 */
export const inviteeContact = z.string(say(m.couple_cp_v_contact)).transform((v, ctx) => {
  const text = v.trim();
  if (text.includes("@")) {
    const email = z.email().max(254).safeParse(text.toLowerCase());
    if (email.success) return email.data;
  } else if (text) {
    const phone = parseIndianMobile(text);
    if (phone.ok) return phone.e164;
    ctx.addIssue({ code: "custom", message: phone.message });
    return z.NEVER;
  }
  ctx.addIssue({ code: "custom", message: m.couple_cp_v_contact() });
  return z.NEVER;
});

export const planInviteInput = z
  .object({
    /** An e-mail address or an Indian mobile number. */
    contact: inviteeContact,
    /** The invitee's name, used in the greeting when they have no account yet. */
    name: z.preprocess(
      (v) => (blank(v) ? null : v),
      z.string(say(m.couple_cp_v_name_long)).trim().max(INVITEE_NAME_MAX, say(m.couple_cp_v_name_long)).nullable(),
    ),
    ...rightsShape,
  })
  .superRefine(checkRights)
  .transform(normalise);

export const memberUpdateInput = z.object(rightsShape).superRefine(checkRights).transform(normalise);

/** The address or the number of a parsed contact. */
export const contactParts = (contact: string) => (contact.includes("@") ? { email: contact, phone: null } : { email: null, phone: contact });

export type PlanInviteInput = z.infer<typeof planInviteInput>;
export type MemberUpdateInput = z.infer<typeof memberUpdateInput>;
