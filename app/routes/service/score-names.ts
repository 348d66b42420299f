import type { SubScoreKey } from "#shared/listing-limits.ts";
import { m } from "#shared/paraglide/messages.js";

/** The review sub-scores' names in the page's language (shared/listing-limits.ts keeps the English the API uses). */
export const SCORE_NAMES: Record<SubScoreKey, () => string> = {
  quality: m.public_score_quality,
  responsiveness: m.public_score_responsiveness,
  professionalism: m.public_score_professionalism,
  value: m.public_score_value,
  flexibility: m.public_score_flexibility,
};
