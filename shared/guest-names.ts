import type { Dietary, GuestSide, RsvpResponse } from "./guest-schemas.ts";
import { m } from "./paraglide/messages.js";

/** The guest list's fixed words in the reader's language: one place for the pages and the domain. */
export const sideLabel = (side: GuestSide) => ({ BRIDE: m.couple_side_bride, GROOM: m.couple_side_groom, BOTH: m.couple_side_both })[side]();
export const dietaryLabel = (d: Dietary) =>
  ({ VEG: m.couple_diet_veg, JAIN: m.couple_diet_jain, NON_VEG: m.couple_diet_non_veg, VEGAN: m.couple_diet_vegan })[d]();
export const responseLabel = (r: RsvpResponse) => ({ ATTENDING: m.couple_rsvp_attending, DECLINED: m.couple_rsvp_declined, MAYBE: m.couple_rsvp_maybe })[r]();
