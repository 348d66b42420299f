import { m } from "#shared/paraglide/messages.js";
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
      z.array(idField, { error: () => m.api_v_event_ids_a_list_of_function_ids_2() }).max(100, { error: () => m.api_v_event_ids_at_most_100_functions() }),
    )
    .optional(),
  rsvpOpen: z
    .preprocess(
      (v) => (v === "true" || v === "on" || v === "1" ? true : v === "false" || v === "0" || v === "off" ? false : v),
      z.boolean({ error: () => m.api_v_rsvp_open_yes_or_no() }),
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
      .number({ error: () => m.api_v_party_size_a_number_of_people() })
      .int({ error: () => m.api_v_party_size_a_whole_number_of_people() })
      .min(1, { error: () => m.api_v_party_size_at_least_1() })
      .max(PARTY_SIZE_MAX, { error: () => m.api_v_party_size_at_most_people({ max: PARTY_SIZE_MAX }) })
      .default(1),
  ),
  dietary: z.preprocess(
    (v) => (blank(v) ? null : v),
    z.enum(DIETARY_PREFERENCES, { error: () => m.api_v_dietary_choose_veg_jain_non_veg_or_vegan() }).nullable(),
  ),
  message: z.preprocess(
    (v) => (blank(v) ? null : v),
    z
      .string({ error: () => m.api_v_message_must_be_text() })
      .trim()
      .max(MESSAGE_MAX, { error: () => m.api_v_message_use_at_most_characters({ max: MESSAGE_MAX }) })
      .nullable(),
  ),
  answers: z
    .record(idField, z.enum(RSVP_RESPONSES, { error: () => m.api_v_answer_attending_not_attending_or_maybe() }), { error: "answers: an answer per function." })
    .refine((a) => Object.keys(a).length > 0, { error: () => m.api_v_please_answer_for_at_least_one_function() })
    .refine((a) => Object.keys(a).length <= 100, { error: () => m.api_v_too_many_answers_at_once() }),
  website: z.unknown().optional(),
});

export type InviteRequestInput = z.infer<typeof inviteRequestInput>;
