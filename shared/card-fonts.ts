/**
 * The typefaces a card may use (issue 13): self-hosted, Latin and Devanagari, the same in the
 * editor, the demo templates and the exports. A canvas naming any other family is refused by
 * shared/card-format.ts. The browser registers them from app/lib/card-fonts.ts.
 */
export const CARD_FONTS = [
  { family: "Playfair Display", script: "latin", style: "serif display", weights: [400, 700] },
  { family: "Cormorant Garamond", script: "latin", style: "serif", weights: [500, 700] },
  { family: "Great Vibes", script: "latin", style: "script", weights: [400] },
  { family: "Poppins", script: "latin+devanagari", style: "sans", weights: [400, 600] },
  { family: "Tiro Devanagari Hindi", script: "latin+devanagari", style: "serif", weights: [400] },
  { family: "Yatra One", script: "latin+devanagari", style: "display", weights: [400] },
] as const;

export type CardFontFamily = (typeof CARD_FONTS)[number]["family"];
export const CARD_FONT_FAMILIES: readonly string[] = CARD_FONTS.map((f) => f.family);
export const DEFAULT_CARD_FONT: CardFontFamily = "Playfair Display";
