import { m } from "#shared/paraglide/messages.js";
/** What a card request may send: title, template, canvas and the details that fill its placeholders (zod schemas). */
import { z } from "zod";

export const DETAIL_FIELDS = ["heading", "subheading", "brideName", "groomName", "eventDate", "time", "location", "description"] as const;

export type DetailField = (typeof DETAIL_FIELDS)[number];

export const COLUMN: Record<DetailField, string> = {
  heading: "heading",
  subheading: "subheading",
  brideName: "bride_name",
  groomName: "groom_name",
  eventDate: "event_date",
  time: "time",
  location: "location",
  description: "description",
};

const detail = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text.` })
    .trim()
    .max(max, `${label}: at most ${max} characters.`)
    .nullable()
    .optional();

const detailShape = {
  heading: detail("Heading", 200),
  subheading: detail("Subheading", 300),
  brideName: detail("Bride's name", 80),
  groomName: detail("Groom's name", 80),
  eventDate: detail("Date", 80),
  time: detail("Time", 80),
  location: detail("Location", 300),
  description: detail("Description", 2000),
};

export const title = z
  .string({ error: () => m.api_v_title_must_be_text() })
  .trim()
  .max(120, { error: () => m.api_v_title_at_most_120_characters() });

export const createCardInput = z.object({
  templateId: z.string().trim().min(1).max(64).nullable().optional(),
  title: title.optional(),
  canvas: z.unknown().optional(),
  ...detailShape,
});

export type CreateCardInput = z.infer<typeof createCardInput>;

export const updateCardInput = z.object({
  revision: z
    .number({ error: () => m.api_v_revision_must_be_a_whole_number() })
    .int({ error: () => m.api_v_revision_must_be_a_whole_number() })
    .min(0)
    .max(1_000_000_000)
    .optional(),
  canvas: z.unknown().optional(),
  title: title.min(1, { error: () => m.api_v_give_the_card_a_title() }).optional(),
  ...detailShape,
});

export const cleanDetail = (v: string | null | undefined) => (v === undefined ? undefined : v?.trim() ? v.trim() : null);
