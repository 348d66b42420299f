/** What publishing and the public page's request form may send (zod schemas). */
import { z } from "zod";
import { phone as indianMobile } from "#shared/account-schemas.ts";
import { DIETARY_PREFERENCES, emailField, PARTY_SIZE_MAX, RSVP_RESPONSES, guestName } from "#shared/guest-schemas.ts";
import { numeric } from "#shared/numbers.ts";

export const MESSAGE_MAX = 500;

export const blank = (v: unknown) => v === undefined || v === null || (typeof v === "string" && v.trim() === "");

const idField = z.string().trim().min(1).max(64);

/** POST /invitation/{cardId}/publish: the functions to show (none given: all of them) and whether the public page takes requests. */
export const publishInput = z.object({
  eventIds: z
    .preprocess(
      (v) => (v === undefined || v === null ? undefined : typeof v === "string" ? (v === "" ? [] : [v]) : v),
      z.array(idField, { error: "eventIds: a list of function ids." }).max(100, "eventIds: at most 100 functions."),
    )
    .optional(),
  rsvpOpen: z
    .preprocess(
      (v) => (v === "true" || v === "on" || v === "1" ? true : v === "false" || v === "0" || v === "off" ? false : v),
      z.boolean({ error: "rsvpOpen: yes or no." }),
    )
    .optional(),
});

export type PublishInput = z.infer<typeof publishInput>;

/** The public page's request form (and its API twin). `website` is a honeypot people never see. */
export const inviteRequestInput = z.object({
  name: guestName,
  phone: z.preprocess((v) => (v === undefined || v === null ? "" : v), indianMobile),
  /** Optional: where the personal RSVP link is mailed once the couple approves. */
  email: emailField.optional(),
  partySize: numeric(
    z
      .number({ error: "Party size: a number of people." })
      .int("Party size: a whole number of people.")
      .min(1, "Party size: at least 1.")
      .max(PARTY_SIZE_MAX, `Party size: at most ${PARTY_SIZE_MAX} people.`)
      .default(1),
  ),
  dietary: z.preprocess((v) => (blank(v) ? null : v), z.enum(DIETARY_PREFERENCES, { error: "Dietary: choose veg, jain, non-veg or vegan." }).nullable()),
  message: z.preprocess(
    (v) => (blank(v) ? null : v),
    z.string({ error: "Message must be text." }).trim().max(MESSAGE_MAX, `Message: use at most ${MESSAGE_MAX} characters.`).nullable(),
  ),
  answers: z
    .record(idField, z.enum(RSVP_RESPONSES, { error: "Answer: attending, not attending or maybe." }), { error: "answers: an answer per function." })
    .refine((a) => Object.keys(a).length > 0, "Please answer for at least one function.")
    .refine((a) => Object.keys(a).length <= 100, "Too many answers at once."),
  website: z.unknown().optional(),
});

export type InviteRequestInput = z.infer<typeof inviteRequestInput>;
