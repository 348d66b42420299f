import type { CardCanvas, CardObject } from "#shared/card-format.ts";

/**
 * The demo gallery's invitation templates (issue 13), in the editor's own format
 * (shared/card-format.ts). Thumbnails are rendered from these by the editor's renderer.
 *
 * OWNER: the "designs" helper of issue 13 grows this to the full demo gallery; the two below exist
 * from the foundation so every area has a free and a paid published template to work with.
 */
export type DemoTemplate = {
  id: string;
  name: string;
  description: string;
  canvas: CardCanvas;
  price: number;
  mood: "WEDDING" | "BIRTHDAY" | "ROMANCE" | "ANNIVERSARY" | "CORPORATE" | "LOVE" | "COUPLE";
  requirement: "HOT" | "POPULAR" | "LATEST" | null;
  tags: string[];
  designer: string;
  rating: number;
  /** R2 key of its thumbnail, or null until one is rendered. */
  thumbnailKey: string | null;
};

const text = (props: Partial<CardObject> & { text: string; top: number }): CardObject => ({
  type: "Textbox",
  version: "7.4.0",
  originX: "center",
  originY: "top",
  left: 300,
  width: 500,
  fontFamily: "Playfair Display",
  fontSize: 28,
  fill: "#5b1a1a",
  textAlign: "center",
  ...props,
});

function classicCard(palette: { paper: string; ink: string; accent: string }): CardCanvas {
  return {
    version: "7.4.0",
    width: 600,
    height: 840,
    background: palette.paper,
    objects: [
      {
        type: "Rect",
        version: "7.4.0",
        originX: "left",
        originY: "top",
        left: 24,
        top: 24,
        width: 552,
        height: 792,
        fill: "transparent",
        stroke: palette.accent,
        strokeWidth: 4,
        rx: 12,
        ry: 12,
        layerName: "Border",
      },
      text({ text: "॥ श्री गणेशाय नमः ॥", top: 70, fontFamily: "Tiro Devanagari Hindi", fontSize: 22, fill: palette.accent, layerName: "Blessing" }),
      text({ text: "Together with their families", top: 150, fontFamily: "Cormorant Garamond", fontSize: 24, fill: palette.ink, placeholder: "heading" }),
      text({ text: "Ananya", top: 220, fontFamily: "Great Vibes", fontSize: 72, fill: palette.accent, placeholder: "brideName" }),
      text({ text: "weds", top: 320, fontFamily: "Cormorant Garamond", fontSize: 26, fill: palette.ink }),
      text({ text: "Rohan", top: 370, fontFamily: "Great Vibes", fontSize: 72, fill: palette.accent, placeholder: "groomName" }),
      text({ text: "Saturday, 13 February 2027", top: 500, fontSize: 26, fill: palette.ink, placeholder: "eventDate" }),
      text({ text: "7:00 pm onwards", top: 545, fontFamily: "Cormorant Garamond", fontSize: 24, fill: palette.ink, placeholder: "time" }),
      text({ text: "Rambagh Palace, Jaipur", top: 600, fontFamily: "Cormorant Garamond", fontSize: 24, fill: palette.ink, placeholder: "location" }),
      text({
        text: "Your presence is our blessing",
        top: 720,
        fontFamily: "Cormorant Garamond",
        fontSize: 20,
        fill: palette.accent,
        placeholder: "description",
      }),
    ],
  };
}

export function demoTemplates(): DemoTemplate[] {
  return [
    {
      id: "tpl-marigold-classic",
      name: "Marigold Classic",
      description: "A cream card with a marigold border, Ganesh blessing in Devanagari and script names.",
      canvas: classicCard({ paper: "#fff8ec", ink: "#4a2511", accent: "#b4531b" }),
      price: 0,
      mood: "WEDDING",
      requirement: "POPULAR",
      tags: ["hindu", "traditional", "devanagari"],
      designer: "Mandap Studio",
      rating: 4.6,
      thumbnailKey: null,
    },
    {
      id: "tpl-royal-maroon",
      name: "Royal Maroon",
      description: "Deep maroon and gold, for a palace wedding.",
      canvas: classicCard({ paper: "#5b1a1a", ink: "#fbe9c6", accent: "#e2b657" }),
      price: 499,
      mood: "WEDDING",
      requirement: "HOT",
      tags: ["hindu", "royal", "devanagari"],
      designer: "Mandap Studio",
      rating: 4.8,
      thumbnailKey: null,
    },
  ];
}

/** The rows for invite_templates (all PUBLISHED), created at `now`, a minute apart. */
export function demoTemplateRows(now: number) {
  return demoTemplates().map((t, i) => ({
    id: t.id,
    name: t.name,
    description: t.description,
    canvas: JSON.stringify(t.canvas),
    width: t.canvas.width,
    height: t.canvas.height,
    price: t.price,
    amount_category: t.price > 0 ? "PAID" : "FREE",
    mood: t.mood,
    requirement: t.requirement,
    tags: JSON.stringify(t.tags),
    designer: t.designer,
    thumbnail_key: t.thumbnailKey,
    rating: t.rating,
    status: "PUBLISHED",
    view_count: 0,
    use_count: 0,
    created_by: null,
    created_at: now - i * 60_000,
    updated_at: now - i * 60_000,
  }));
}
