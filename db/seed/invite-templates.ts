import type { CardCanvas, CardObject, CardPlaceholder } from "#shared/card-format.ts";
import type { CardFontFamily } from "#shared/card-fonts.ts";
import {
  archCmds,
  balloon,
  bananaLeaf,
  branch,
  circle,
  circleCmds,
  confetti,
  crescentCmds,
  crossCmds,
  diamondBandCmds,
  divider,
  dotRing,
  floralCorners,
  heartCmds,
  kalash,
  kolam,
  lantern,
  lotus,
  mandala,
  marigold,
  marigoldGarland,
  mirrorX,
  paisley,
  path,
  peacockFeather,
  place,
  rect,
  rings,
  rotate,
  roundPetalCmds,
  roundArchCmds,
  scallopCmds,
  starCmds,
  templeBell,
  templeBorderCmds,
  toran,
  type Cmd,
} from "./template-art.ts";

/**
 * The demo gallery's invitation templates (issue 13), in the editor's own format
 * (shared/card-format.ts: fabric 7 JSON with our custom properties), drawn with the vector motifs
 * of ./template-art.ts and only the card fonts of shared/card-fonts.ts. Texts that carry the
 * couple's details have a `placeholder`; decorative layers have a `layerName`.
 *
 * Thumbnails: `node scripts/render-template-thumbnails.mjs` renders each design with fabric in
 * Chromium to ./template-thumbnails/{id}.webp (committed); scripts/seed.mjs uploads them to R2 at
 * `templates/{id}/thumb.webp` (thumbnailKey). The ids tpl-marigold-classic (free) and
 * tpl-royal-maroon (₹499) are used by other areas' tests: keep them.
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
  /** R2 key of its thumbnail (uploaded by scripts/seed.mjs from ./template-thumbnails/{id}.webp). */
  thumbnailKey: string | null;
};

export const thumbnailKeyOf = (id: string) => `templates/${id}/thumb.webp`;
/** Where the committed render of a template's thumbnail lives, relative to the repository root. */
export const thumbnailFileOf = (id: string) => `db/seed/template-thumbnails/${id}.webp`;
/** Thumbnails are rendered this many pixels wide (height keeps the card's aspect ratio). */
export const THUMBNAIL_WIDTH = 480;

const A5 = { width: 600, height: 850 };
const STORY = { width: 540, height: 960 };

// ---------------------------------------------------------------- text

type TextOpts = {
  text: string;
  top: number;
  font?: CardFontFamily;
  size?: number;
  fill?: string;
  placeholder?: CardPlaceholder;
  layerName?: string;
  width?: number;
  left?: number;
  weight?: number;
  spacing?: number;
  lineHeight?: number;
  align?: "center" | "left" | "right";
  italic?: boolean;
  shadow?: { color: string; blur: number; offsetX?: number; offsetY?: number };
};

const DEFAULT_WEIGHT: Record<CardFontFamily, number> = {
  "Playfair Display": 400,
  "Cormorant Garamond": 500,
  "Great Vibes": 400,
  Poppins: 400,
  "Tiro Devanagari Hindi": 400,
  "Yatra One": 400,
};

function textbox(cardWidth: number, o: TextOpts): CardObject {
  const font = o.font ?? "Playfair Display";
  const obj: CardObject = {
    type: "Textbox",
    version: "7.4.0",
    originX: "center",
    originY: "top",
    left: o.left ?? cardWidth / 2,
    top: o.top,
    width: o.width ?? cardWidth - 120,
    text: o.text,
    fontFamily: font,
    fontSize: o.size ?? 24,
    fontWeight: o.weight ?? DEFAULT_WEIGHT[font],
    fontStyle: o.italic ? "italic" : "normal",
    fill: o.fill ?? "#3b2314",
    textAlign: o.align ?? "center",
    lineHeight: o.lineHeight ?? 1.16,
    charSpacing: o.spacing ?? 0,
  };
  if (o.shadow)
    obj.shadow = {
      color: o.shadow.color,
      blur: o.shadow.blur,
      offsetX: o.shadow.offsetX ?? 0,
      offsetY: o.shadow.offsetY ?? 2,
      affectStroke: false,
      nonScaling: false,
    };
  if (o.placeholder) obj.placeholder = o.placeholder;
  if (o.layerName) obj.layerName = o.layerName;
  return obj;
}

/** The couple's details as one text stack, each line's top computed from the sizes above it. */
type Line = Omit<TextOpts, "top"> & { gap?: number; lines?: number; flex?: number };
/** Average glyph width as a share of the font size (to estimate how many lines a text wraps to). */
const GLYPH: Record<CardFontFamily, number> = {
  "Playfair Display": 0.52,
  "Cormorant Garamond": 0.43,
  "Great Vibes": 0.4,
  Poppins: 0.56,
  "Tiro Devanagari Hindi": 0.5,
  "Yatra One": 0.55,
};
const lineCount = (cardWidth: number, l: Line) => {
  const size = l.size ?? 24;
  const perChar = size * GLYPH[l.font ?? "Playfair Display"] + ((l.spacing ?? 0) / 1000) * size;
  return Math.max(1, Math.ceil((l.text.length * perChar) / ((l.width ?? cardWidth - 120) * 0.94)));
};
const lineHeightOf = (cardWidth: number, l: Line) => (l.size ?? 24) * (l.lineHeight ?? 1.16) * (l.lines ?? lineCount(cardWidth, l));

/**
 * Texts one under another from `top`. With `bottom`, the spare height is shared among the lines
 * with a `flex` gap (at most 64 px each), and what is left centres the block.
 */
function stack(cardWidth: number, top: number, lines: Line[], bottom?: number): CardObject[] {
  const natural = lines.reduce((sum, l, i) => sum + lineHeightOf(cardWidth, l) + (i < lines.length - 1 ? (l.gap ?? 12) : 0), 0);
  const spare = bottom === undefined ? 0 : Math.max(0, bottom - top - natural);
  const weights = lines.reduce((sum, l) => sum + (l.flex ?? 0), 0);
  const perWeight = weights ? Math.min(spare / weights, 64) : 0;
  let y = top + (spare - perWeight * weights) / 2;
  return lines.map((l) => {
    const obj = textbox(cardWidth, { ...l, top: Math.round(y) });
    y += lineHeightOf(cardWidth, l) + (l.gap ?? 12) + (l.flex ?? 0) * perWeight;
    return obj;
  });
}

type Copy = {
  blessing?: string;
  heading: string;
  bride: string;
  groom: string;
  joiner?: string;
  subheading?: string;
  date: string;
  time: string;
  location: string;
  functions?: string;
  description: string;
};

type Look = {
  names: CardFontFamily;
  body: CardFontFamily;
  date: CardFontFamily;
  blessingFont?: CardFontFamily;
  ink: string;
  accent: string;
  soft: string;
  nameSize?: number;
  bodySize?: number;
  width?: number;
  nameShadow?: TextOpts["shadow"];
  /** Where the text block may end: spare height is spread between its sections. */
  bottom?: number;
};

/** The standard invitation text: blessing, heading, names, date, time, venue, functions, closing. */
function coupleText(w: number, top: number, copy: Copy, look: Look): CardObject[] {
  const nameSize = look.nameSize ?? 64;
  const body = look.bodySize ?? 20;
  const width = look.width ?? w - 140;
  const lines: Line[] = [];
  if (copy.blessing)
    lines.push({
      text: copy.blessing,
      font: look.blessingFont ?? "Tiro Devanagari Hindi",
      size: 22,
      fill: look.accent,
      layerName: "Blessing",
      gap: 18,
      width,
      flex: 1,
    });
  lines.push(
    { text: copy.heading, font: look.body, size: body, fill: look.ink, placeholder: "heading", gap: 10, width, flex: 1 },
    { text: copy.bride, font: look.names, size: nameSize, fill: look.accent, placeholder: "brideName", gap: 0, width, shadow: look.nameShadow },
    {
      text: copy.joiner ?? "weds",
      font: look.body,
      size: body + 2,
      fill: look.soft,
      layerName: "Joiner",
      italic: look.body === "Cormorant Garamond",
      gap: 2,
      width,
    },
    { text: copy.groom, font: look.names, size: nameSize, fill: look.accent, placeholder: "groomName", gap: 22, width, shadow: look.nameShadow, flex: 1.5 },
  );
  if (copy.subheading)
    lines.push({ text: copy.subheading, font: look.body, size: body - 2, fill: look.soft, placeholder: "subheading", gap: 14, width, flex: 0.5 });
  lines.push(
    { text: copy.date.toUpperCase(), font: look.date, size: body + 2, fill: look.ink, placeholder: "eventDate", spacing: 120, gap: 8, width },
    { text: copy.time, font: look.body, size: body, fill: look.ink, placeholder: "time", gap: 8, width },
    { text: copy.location, font: look.body, size: body, fill: look.ink, placeholder: "location", gap: 12, width, flex: 1 },
  );
  if (copy.functions) lines.push({ text: copy.functions, font: look.body, size: body - 3, fill: look.soft, placeholder: "functions", gap: 12, width, flex: 1 });
  lines.push({
    text: copy.description,
    font: look.body,
    size: body - 1,
    fill: look.accent,
    placeholder: "description",
    italic: look.body === "Cormorant Garamond",
    width,
  });
  return stack(w, top, lines, look.bottom);
}

const canvasOf = (size: { width: number; height: number }, background: string, objects: CardObject[]): CardCanvas => ({
  version: "7.4.0",
  width: size.width,
  height: size.height,
  background,
  objects,
});

/** A double-ruled frame inset from the card's edges. */
function frame(w: number, h: number, inset: number, color: string, gap = 8, rx = 0, weight = 2): CardObject[] {
  return [
    rect(inset, inset, w - inset * 2, h - inset * 2, { stroke: color, strokeWidth: weight, rx, layerName: "Outer frame" }),
    rect(inset + gap, inset + gap, w - (inset + gap) * 2, h - (inset + gap) * 2, {
      stroke: color,
      strokeWidth: 1,
      rx: rx ? rx - gap / 2 : 0,
      opacity: 0.8,
      layerName: "Inner frame",
    }),
  ];
}

// ---------------------------------------------------------------- the designs

function marigoldClassic(): CardCanvas {
  const { width: w, height: h } = A5;
  const c = { petals: "#f4a31c", deep: "#d9661a" };
  return canvasOf(A5, "#fff8ec", [
    ...frame(w, h, 22, "#c9822b", 7, 10),
    ...marigoldGarland(40, w - 40, 24, 46, 15, 15, c, "Top garland"),
    ...marigoldGarland(40, w - 40, h - 70, -30, 15, 13, c, "Bottom garland"),
    ...marigold(46, 40, 20, c, "Left marigold"),
    ...marigold(w - 46, 40, 20, c, "Right marigold"),
    ...coupleText(
      w,
      104,
      {
        blessing: "॥ श्री गणेशाय नमः ॥",
        heading: "Together with their families, we invite you to the wedding of",
        bride: "Ananya",
        groom: "Rohan",
        date: "Saturday, 13 February 2027",
        time: "Pheras at 7:00 pm",
        location: "Rambagh Palace, Jaipur",
        functions: "Haldi & Mehendi · 12 Feb   |   Sangeet · 12 Feb evening",
        description: "Your presence is our blessing",
      },
      { names: "Great Vibes", body: "Cormorant Garamond", date: "Playfair Display", ink: "#4a2511", accent: "#b4531b", soft: "#8a5a2b", bottom: h - 115 },
    ),
  ]);
}

function royalMaroon(): CardCanvas {
  const { width: w, height: h } = A5;
  const gold = "#e2b657";
  return canvasOf(A5, "#5b1a1a", [
    rect(0, 0, w, 150, { fill: "#4a1313", layerName: "Top band" }),
    ...mandala(w / 2, 0, 150, { outer: "#7a2424", inner: "#8c2e2e", dots: gold, line: "#b88a3d" }, "Top mandala"),
    ...frame(w, h, 20, gold, 8, 0, 2.5),
    path(templeBorderCmds(40, w - 40, h - 40, 16), { fill: gold, opacity: 0.85, layerName: "Bottom temple border" }),
    ...paisley(78, h - 110, 0.6, -20, { body: "#7a2424", line: gold, dot: gold }, "Left paisley"),
    ...paisley(w - 78, h - 110, 0.6, -20, { body: "#7a2424", line: gold, dot: gold }, "Right paisley", true),
    ...coupleText(
      w,
      170,
      {
        blessing: "॥ श्री गणेशाय नमः ॥",
        heading: "With the blessings of our elders, we request the honour of your presence at the wedding of",
        bride: "Ananya",
        groom: "Rohan",
        joiner: "&",
        date: "Saturday, 13 February 2027",
        time: "Baraat 6:00 pm · Pheras 8:30 pm",
        location: "Umaid Bhawan Palace, Jodhpur",
        description: "Dinner to follow",
      },
      {
        names: "Great Vibes",
        body: "Cormorant Garamond",
        date: "Playfair Display",
        ink: "#fbe9c6",
        accent: gold,
        soft: "#f0d9a8",
        nameShadow: { color: "rgba(0,0,0,0.45)", blur: 6, offsetY: 2 },
        bottom: h - 150,
      },
    ),
  ]);
}

function rajasthaniJharokha(): CardCanvas {
  const { width: w, height: h } = A5;
  const pink = "#c2185b";
  const gold = "#d4a017";
  return canvasOf(A5, "#fdf0e2", [
    rect(0, 0, w, h, { fill: "#f7d9c4", opacity: 0.5, layerName: "Wash" }),
    path(archCmds(w / 2, w - 90, 40, h - 40, 0.3).concat([["Z"]]), { fill: "#fffaf3", stroke: pink, strokeWidth: 3, layerName: "Jharokha arch" }),
    path(scallopCmds(70, w - 70, h - 40, 22, false), { stroke: pink, strokeWidth: 1.5, layerName: "Jharokha sill" }),
    path(archCmds(w / 2, w - 120, 62, h - 56, 0.3), { stroke: gold, strokeWidth: 1.5, layerName: "Jharokha inner line" }),
    ...peacockFeather(40, 150, 0.7, -18, { outer: "#0f6b6b", mid: "#1c8a3b", eye: "#1a237e", barb: "#4f8a6b" }),
    ...peacockFeather(w - 40, 150, 0.7, 18, { outer: "#0f6b6b", mid: "#1c8a3b", eye: "#1a237e", barb: "#4f8a6b" }),
    path(dotRing(w / 2, 130, 30, 16, 2.6), { fill: gold, layerName: "Sun dots" }),
    ...marigold(w / 2, 130, 18, { petals: "#f9a825", deep: pink }, "Centre flower"),
    ...coupleText(
      w,
      236,
      {
        blessing: "॥ शुभ विवाह ॥",
        heading: "Khamma Ghani! The Rathore and Shekhawat families invite you to celebrate",
        bride: "Meera",
        groom: "Arjun",
        joiner: "sang",
        date: "Sunday, 21 February 2027",
        time: "Phere at 9:00 pm",
        location: "Samode Haveli, Jaipur",
        functions: "Mayra · Haldi · Mehendi · Baraat",
        description: "Padharo Mhare Des",
      },
      {
        names: "Great Vibes",
        body: "Cormorant Garamond",
        date: "Playfair Display",
        blessingFont: "Yatra One",
        ink: "#5d1035",
        accent: pink,
        soft: "#8e4a6b",
        width: w - 230,
        bottom: h - 70,
      },
    ),
  ]);
}

function punjabiPhulkari(): CardCanvas {
  const { width: w, height: h } = A5;
  const colors = ["#e65100", "#ad1457", "#f9a825"];
  const band = (y: number) =>
    colors.map((c, i) =>
      path(diamondBandCmds(20 + i * 12, w - 20, y, 24 - i * 6), { fill: i ? "" : c, stroke: c, strokeWidth: i ? 1.5 : 0, layerName: `Phulkari band ${i + 1}` }),
    );
  return canvasOf(A5, "#fff4e0", [
    rect(0, 0, w, 70, { fill: "#7b1f3a", layerName: "Top band" }),
    rect(0, h - 70, w, 70, { fill: "#7b1f3a", layerName: "Bottom band" }),
    ...band(35),
    ...band(h - 35),
    path(diamondBandCmds(100, w - 100, 98, 10), { fill: "#f9a825", layerName: "Small diamonds" }),
    ...coupleText(
      w,
      120,
      {
        blessing: "शुभ विवाह",
        heading: "Sat Sri Akal and Jai Mata Di! Come dance with us at the wedding of",
        bride: "Simran",
        groom: "Karan",
        joiner: "&",
        date: "Friday, 5 March 2027",
        time: "Milni 10:00 am · Pheras 11:30 am",
        location: "The Grand Lawns, Ludhiana",
        functions: "Chunni · Jaggo · Mehendi · Sangeet",
        description: "Balle balle! Bring your dancing shoes",
      },
      {
        names: "Yatra One",
        body: "Poppins",
        date: "Poppins",
        blessingFont: "Yatra One",
        ink: "#3e1a24",
        accent: "#ad1457",
        soft: "#8d3b57",
        nameSize: 54,
        bodySize: 18,
        bottom: h - 95,
      },
    ),
  ]);
}

function gujaratiBandhani(): CardCanvas {
  const { width: w, height: h } = A5;
  const clusters: Cmd[] = [];
  for (let y = 30; y < h; y += 48)
    for (let x = 30 + ((y / 48) % 2) * 24; x < w; x += 48) {
      if (x > 70 && x < w - 70 && y > 70 && y < h - 70) continue;
      clusters.push(...circleCmds(x - 4, y, 2.4), ...circleCmds(x + 4, y, 2.4), ...circleCmds(x, y - 4, 2.4), ...circleCmds(x, y + 4, 2.4));
    }
  const mirrors: Cmd[] = [];
  for (let x = 100; x <= w - 100; x += 50) mirrors.push(...circleCmds(x, 88, 6));
  return canvasOf(A5, "#b71c1c", [
    path(clusters, { fill: "#ffe082", layerName: "Bandhani dots" }),
    rect(64, 64, w - 128, h - 128, { fill: "#fff8e7", rx: 6, layerName: "Panel" }),
    rect(74, 74, w - 148, h - 148, { stroke: "#c62828", strokeWidth: 1.5, rx: 4, layerName: "Panel rule" }),
    path(mirrors, { fill: "#e0e0e0", stroke: "#c62828", strokeWidth: 2, layerName: "Mirror work" }),
    ...kalash(w / 2, 196, 0.8, { pot: "#c62828", rim: "#f9a825", leaf: "#2e7d32", coconut: "#8d5524", mark: "#f9a825" }),
    ...coupleText(
      w,
      210,
      {
        blessing: "॥ श्री गणेशाय नमः ॥",
        heading: "The Patel and Shah families request your presence at the lagna of",
        bride: "Riddhi",
        groom: "Parth",
        joiner: "&",
        date: "Thursday, 18 February 2027",
        time: "Hast Melap at 7:15 pm",
        location: "Kankaria Lakefront, Ahmedabad",
        functions: "Mandvo · Pithi · Garba Raas",
        description: "Garba night to follow",
      },
      {
        names: "Great Vibes",
        body: "Cormorant Garamond",
        date: "Playfair Display",
        ink: "#4e1111",
        accent: "#b71c1c",
        soft: "#7d3b2b",
        nameSize: 56,
        bodySize: 18,
        width: w - 180,
        bottom: h - 90,
      },
    ),
  ]);
}

function marathiPaithani(): CardCanvas {
  const { width: w, height: h } = A5;
  const gold = "#d4a72c";
  return canvasOf(A5, "#fdf7ee", [
    rect(0, 0, w, 96, { fill: "#4a148c", layerName: "Paithani top" }),
    rect(0, h - 96, w, 96, { fill: "#4a148c", layerName: "Paithani bottom" }),
    path(templeBorderCmds(0, w, 96, 20), { fill: "#2e7d32", layerName: "Green temple border" }),
    path(templeBorderCmds(0, w, h - 96, 20, true), { fill: "#2e7d32", layerName: "Green temple border bottom" }),
    path([...templeBorderCmds(0, w, 80, 12), ...templeBorderCmds(0, w, h - 80, 12, true)], { fill: gold, layerName: "Zari border" }),
    ...peacockFeather(w / 2 - 60, 40, 0.45, -90, { outer: gold, mid: "#2e7d32", eye: "#1a237e", barb: gold }),
    ...peacockFeather(w / 2 + 60, 40, 0.45, 90, { outer: gold, mid: "#2e7d32", eye: "#1a237e", barb: gold }),
    ...lotus(w / 2, 52, 0.5, { back: "#f48fb1", front: "#ec407a" }),
    ...coupleText(
      w,
      130,
      {
        blessing: "॥ शुभ मंगल सावधान ॥",
        heading: "With the blessings of Shri Ganesh, the Deshpande and Kulkarni families invite you to the wedding of",
        bride: "Gauri",
        groom: "Aditya",
        joiner: "&",
        date: "Sunday, 7 March 2027",
        time: "Shubh Muhurta 12:35 pm",
        location: "Shubharambh Lawns, Pune",
        functions: "Sakhar Puda · Haldi · Seemant Poojan",
        description: "Aapli upasthiti prarthaniya",
      },
      {
        names: "Great Vibes",
        body: "Cormorant Garamond",
        date: "Playfair Display",
        blessingFont: "Yatra One",
        ink: "#311b4b",
        accent: "#6a1b9a",
        soft: "#5d4a6e",
        nameSize: 58,
        bodySize: 19,
        bottom: h - 125,
      },
    ),
  ]);
}

function bengaliAlpona(): CardCanvas {
  const { width: w, height: h } = A5;
  const white = "#fffaf0";
  const swirl: Cmd[] = [];
  for (let i = 0; i < 8; i++)
    swirl.push(
      ...rotate(
        [
          ["M", 0, -52],
          ["C", 16, -70, 36, -62, 34, -46],
          ["C", 32, -36, 20, -38, 22, -46],
        ],
        i * 45,
      ),
    );
  return canvasOf(A5, "#b3121f", [
    ...frame(w, h, 18, white, 8, 0, 2),
    path(scallopCmds(34, w - 34, 50, 24), { stroke: white, strokeWidth: 2, layerName: "Alpona scallops top" }),
    path(scallopCmds(34, w - 34, h - 50, 24, false), { stroke: white, strokeWidth: 2, layerName: "Alpona scallops bottom" }),
    path(place(swirl, w / 2, 132, 1), { stroke: white, strokeWidth: 2.2, layerName: "Alpona swirls" }),
    ...lotus(w / 2, 150, 0.55, { back: "#b3121f", front: "#b3121f", line: white }, "Alpona lotus"),
    path(dotRing(w / 2, 132, 68, 24, 2.4), { fill: white, layerName: "Alpona dots" }),
    ...coupleText(
      w,
      220,
      {
        blessing: "॥ शुभ विवाह ॥",
        heading: "Shubho Bibaho. The Chatterjee and Banerjee families invite you to the wedding of",
        bride: "Ishita",
        groom: "Arnab",
        joiner: "&",
        date: "Monday, 22 February 2027",
        time: "Lagna 9:40 pm · Bou Bhaat 24 Feb",
        location: "Tollygunge Club, Kolkata",
        description: "Come bless the couple",
      },
      {
        names: "Great Vibes",
        body: "Cormorant Garamond",
        date: "Playfair Display",
        ink: white,
        accent: "#ffe6a8",
        soft: "#ffd7cf",
        nameSize: 62,
        bottom: h - 80,
      },
    ),
  ]);
}

function haldiSunshine(): CardCanvas {
  const { width: w, height: h } = A5;
  const c = { petals: "#fdd835", deep: "#f57f17" };
  return canvasOf(A5, "#fff59d", [
    rect(24, 24, w - 48, h - 48, { fill: "#fffde7", rx: 24, layerName: "Panel" }),
    ...marigold(80, 80, 36, c, "Marigold top left"),
    ...marigold(150, 52, 22, c, "Marigold top"),
    ...marigold(w - 80, h - 80, 36, c, "Marigold bottom right"),
    ...marigold(w - 150, h - 52, 22, c, "Marigold bottom"),
    ...branch(60, h - 50, 150, 30, { stem: "#558b2f", leaf: "#7cb342" }, "Mango branch"),
    ...branch(w - 60, 50, 150, 210, { stem: "#558b2f", leaf: "#7cb342" }, "Mango branch top"),
    ...coupleText(
      w,
      150,
      {
        blessing: "हल्दी",
        heading: "Get ready to turn yellow! Join us for the Haldi of",
        bride: "Diya",
        groom: "Kabir",
        joiner: "&",
        date: "Friday, 12 February 2027",
        time: "10:00 am onwards",
        location: "Courtyard, Sunder Nagar, Delhi",
        description: "Dress code: yellow and old clothes",
      },
      {
        names: "Yatra One",
        body: "Poppins",
        date: "Poppins",
        blessingFont: "Yatra One",
        ink: "#4e3b00",
        accent: "#e65100",
        soft: "#8d6e00",
        nameSize: 56,
        bodySize: 18,
        bottom: h - 110,
      },
    ),
  ]);
}

function mehendiGreen(): CardCanvas {
  const { width: w, height: h } = A5;
  const leaf = { body: "#c5e1a5", line: "#33691e", dot: "#827717" };
  return canvasOf(A5, "#f1f8e9", [
    ...frame(w, h, 20, "#558b2f", 7, 14),
    ...paisley(90, 110, 0.9, -25, leaf, "Paisley top left"),
    ...paisley(w - 90, h - 110, 0.9, 155, leaf, "Paisley bottom right"),
    ...mandala(w - 70, 90, 46, { outer: "#aed581", inner: "#7cb342", dots: "#33691e" }, "Small mandala"),
    ...mandala(70, h - 90, 46, { outer: "#aed581", inner: "#7cb342", dots: "#33691e" }, "Small mandala bottom"),
    ...coupleText(
      w,
      170,
      {
        blessing: "मेहंदी",
        heading: "Music, mehendi and masti: join us for the Mehendi of",
        bride: "Tara",
        groom: "Vivaan",
        joiner: "&",
        date: "Thursday, 11 February 2027",
        time: "4:00 pm till late",
        location: "The Garden House, Chhatarpur, New Delhi",
        description: "Wear something green",
      },
      {
        names: "Great Vibes",
        body: "Cormorant Garamond",
        date: "Playfair Display",
        blessingFont: "Yatra One",
        ink: "#1b3d12",
        accent: "#33691e",
        soft: "#558b2f",
        nameSize: 62,
        bottom: h - 110,
      },
    ),
  ]);
}

function sangeetNight(): CardCanvas {
  const { width: w, height: h } = STORY;
  const gold = "#f3c96b";
  const stars: Cmd[] = [];
  for (let i = 0; i < 26; i++) stars.push(...starCmds(20 + ((i * 173) % (w - 40)), 20 + ((i * 97) % 200), 2 + (i % 3), 4, 0.35));
  return canvasOf(STORY, "#14163a", [
    path(stars, { fill: gold, opacity: 0.9, layerName: "Stars" }),
    ...mandala(w / 2, 230, 120, { outer: "#2a2d6e", inner: "#3c3f8f", dots: gold, line: "#6a6fc4" }, "Mandala"),
    ...marigoldGarland(0, w, 0, 60, 13, 13, { petals: "#ffb300", deep: "#e65100" }, "Garland"),
    ...coupleText(
      w,
      400,
      {
        blessing: "संगीत संध्या",
        heading: "An evening of music and dance for",
        bride: "Naina",
        groom: "Dev",
        joiner: "&",
        date: "Friday, 12 February 2027",
        time: "7:30 pm onwards",
        location: "Taj Lands End, Bandra, Mumbai",
        functions: "Cocktails · Performances · DJ",
        description: "Dress code: Indo-western glam",
      },
      {
        names: "Great Vibes",
        body: "Poppins",
        date: "Poppins",
        blessingFont: "Yatra One",
        ink: "#eef0ff",
        accent: gold,
        soft: "#b9bde8",
        nameSize: 64,
        bodySize: 18,
        nameShadow: { color: "rgba(243,201,107,0.5)", blur: 12, offsetY: 0 },
        bottom: h - 60,
      },
    ),
    path(templeBorderCmds(0, w, h - 20, 18), { fill: gold, opacity: 0.7, layerName: "Bottom border" }),
  ]);
}

function tamilKolam(): CardCanvas {
  const { width: w, height: h } = A5;
  const red = "#a31515";
  const bell = { metal: "#d4a017", shade: "#8a6508", chain: "#8a6508" };
  return canvasOf(A5, "#fffaf0", [
    rect(0, 0, 24, h, { fill: red, layerName: "Left border" }),
    rect(w - 24, 0, 24, h, { fill: red, layerName: "Right border" }),
    path([...templeBorderCmds(24, w - 24, h - 12, 16), ...templeBorderCmds(24, w - 24, 12, 16, true)], { fill: "#1b5e20", layerName: "Temple borders" }),
    rect(24, 0, 6, h, { fill: "#d4a017", layerName: "Zari line left" }),
    rect(w - 30, 0, 6, h, { fill: "#d4a017", layerName: "Zari line right" }),
    ...templeBell(70, 0, 130, 0.8, bell),
    ...templeBell(w - 70, 0, 130, 0.8, bell),
    ...toran(110, w - 110, 22, { leaf: "#2e7d32", vein: "#a5d6a7", flower: "#ffb300", deep: "#e65100", cord: "#8a6508" }, 7),
    ...kolam(w / 2, h - 130, 5, 22, { line: red, dots: "#5d4037" }),
    ...coupleText(
      w,
      120,
      {
        blessing: "॥ श्री गणेशाय नमः ॥",
        heading: "With the blessings of Lord Murugan, we invite you to the kalyanam of",
        bride: "Kavya",
        groom: "Karthik",
        joiner: "weds",
        date: "Wednesday, 10 February 2027",
        time: "Muhurtham 6:30 am to 7:30 am",
        location: "Sri Kapaleeshwarar Kalyana Mandapam, Chennai",
        description: "Reception at 7:00 pm the same day",
      },
      {
        names: "Great Vibes",
        body: "Cormorant Garamond",
        date: "Playfair Display",
        ink: "#3a1a0a",
        accent: red,
        soft: "#6d4c41",
        nameSize: 58,
        bodySize: 19,
        width: w - 160,
        bottom: h - 195,
      },
    ),
  ]);
}

function teluguKalash(): CardCanvas {
  const { width: w, height: h } = A5;
  const turmeric = "#f9c74f";
  return canvasOf(A5, "#fff3d6", [
    rect(18, 18, w - 36, h - 36, { stroke: "#c1121f", strokeWidth: 10, layerName: "Kumkum border" }),
    rect(34, 34, w - 68, h - 68, { stroke: turmeric, strokeWidth: 4, layerName: "Pasupu border" }),
    path([...scallopCmds(40, w - 40, 44, 20), ...scallopCmds(40, w - 40, h - 44, 20, false)], { stroke: "#c1121f", strokeWidth: 1.6, layerName: "Scallops" }),
    ...kalash(w / 2, 190, 1.1, { pot: "#d4a017", rim: "#c1121f", leaf: "#2d6a4f", coconut: "#7f4f24", mark: "#c1121f" }),
    ...lotus(90, h - 70, 0.6, { back: "#ffb3c1", front: "#e5383b" }, "Lotus left"),
    ...lotus(w - 90, h - 70, 0.6, { back: "#ffb3c1", front: "#e5383b" }, "Lotus right"),
    ...coupleText(
      w,
      205,
      {
        blessing: "॥ श्री वेंकटेश्वराय नमः ॥",
        heading: "Subha Lekha. Together with our families, we invite you to the pelli of",
        bride: "Sravya",
        groom: "Vamsi",
        joiner: "&",
        date: "Friday, 26 February 2027",
        time: "Sumuhurtham 10:48 pm",
        location: "N Convention, Madhapur, Hyderabad",
        description: "Bhojanam follows",
      },
      {
        names: "Great Vibes",
        body: "Cormorant Garamond",
        date: "Playfair Display",
        ink: "#3d0c02",
        accent: "#c1121f",
        soft: "#7f4f24",
        nameSize: 58,
        bodySize: 19,
        width: w - 170,
        bottom: h - 110,
      },
    ),
  ]);
}

function keralaKasavu(): CardCanvas {
  const { width: w, height: h } = A5;
  const gold = "#c9a227";
  return canvasOf(A5, "#fbf6e9", [
    rect(0, h - 64, w, 40, { fill: gold, layerName: "Kasavu band" }),
    rect(0, h - 72, w, 4, { fill: gold, layerName: "Kasavu line" }),
    rect(0, h - 20, w, 4, { fill: gold, layerName: "Kasavu line lower" }),
    path(templeBorderCmds(0, w, h - 64, 14), { fill: "#8b1e1e", layerName: "Kasavu temple border" }),
    ...bananaLeaf(50, h - 70, 0.9, 18, { leaf: "#3a7d44", rib: "#c8e6c9" }, "Banana leaf left"),
    ...bananaLeaf(w - 50, h - 70, 0.9, -18, { leaf: "#2f6b3a", rib: "#c8e6c9" }, "Banana leaf right"),
    ...templeBell(w / 2, 0, 90, 0.7, { metal: gold, shade: "#8a6d0b", chain: "#8a6d0b" }),
    ...coupleText(
      w,
      120,
      {
        blessing: "॥ शुभ विवाह ॥",
        heading: "With the blessings of Guruvayurappan, we invite you to the wedding of",
        bride: "Anjali",
        groom: "Vishnu",
        joiner: "&",
        date: "Sunday, 14 February 2027",
        time: "Muhurtham 10:30 am to 11:00 am",
        location: "Sree Krishna Temple, Guruvayur",
        functions: "Sadya at 12:00 noon",
        description: "Please bless the couple with your presence",
      },
      {
        names: "Great Vibes",
        body: "Cormorant Garamond",
        date: "Playfair Display",
        ink: "#2b2b1f",
        accent: "#8b6b0b",
        soft: "#5b5b3a",
        nameSize: 60,
        bodySize: 19,
        width: w - 200,
        bottom: h - 100,
      },
    ),
  ]);
}

function islamicTop(w: number, top: number, c: { arch: string; line: string; star: string; moon: string }, bottom: number): CardObject[] {
  return [
    path(archCmds(w / 2, w - 100, top, bottom).concat([["Z"]]), { fill: c.arch, stroke: c.line, strokeWidth: 2.5, layerName: "Arch" }),
    path(archCmds(w / 2, w - 124, top + 16, bottom - 12), { stroke: c.line, strokeWidth: 1, layerName: "Arch inner line" }),
    path(crescentCmds(w / 2 - 6, top + 80, 22, 0.32), { fill: c.moon, layerName: "Crescent" }),
    path(starCmds(w / 2 + 12, top + 76, 7, 5, 0.45), { fill: c.star, layerName: "Star" }),
  ];
}

function nikahEmerald(): CardCanvas {
  const { width: w, height: h } = A5;
  const gold = "#d8b46a";
  const stars: Cmd[] = [];
  for (let y = 40; y < h; y += 60) for (let x = 30 + ((y / 60) % 2) * 30; x < w; x += 60) stars.push(...starCmds(x, y, 12, 8, 0.7));
  return canvasOf(A5, "#0b4d3b", [
    path(stars, { stroke: "#13664f", strokeWidth: 1.2, layerName: "Jaali pattern" }),
    ...islamicTop(w, 40, { arch: "#0e3b2e", line: gold, star: gold, moon: gold }, h - 40),
    ...lantern(90, 0, 150, 0.8, { body: gold, glow: "#fff1c1", line: gold }),
    ...lantern(w - 90, 0, 110, 0.7, { body: gold, glow: "#fff1c1", line: gold }),
    ...coupleText(
      w,
      200,
      {
        blessing: "In the name of Allah, the Most Gracious, the Most Merciful",
        heading: "Together with their families, the Qureshi and Siddiqui households invite you to the Nikah of",
        bride: "Ayesha",
        groom: "Imran",
        joiner: "&",
        date: "Saturday, 20 February 2027",
        time: "After Asr, 4:30 pm",
        location: "Taj Falaknuma Palace, Hyderabad",
        description: "Dinner will be served after the Nikah",
      },
      {
        names: "Great Vibes",
        body: "Cormorant Garamond",
        date: "Playfair Display",
        blessingFont: "Cormorant Garamond",
        ink: "#f4ecd8",
        accent: gold,
        soft: "#cfe3d7",
        nameSize: 60,
        bodySize: 19,
        width: w - 200,
        bottom: h - 70,
      },
    ),
  ]);
}

function walimaIvory(): CardCanvas {
  const { width: w, height: h } = A5;
  const gold = "#b08d3c";
  return canvasOf(A5, "#fbf7ef", [
    ...frame(w, h, 22, gold, 8),
    ...islamicTop(w, 60, { arch: "#fffdf8", line: gold, star: gold, moon: "#0f5c4a" }, h - 60),
    path([...starCmds(70, h - 70, 18, 8, 0.7), ...starCmds(w - 70, h - 70, 18, 8, 0.7), ...starCmds(70, 70, 18, 8, 0.7), ...starCmds(w - 70, 70, 18, 8, 0.7)], {
      fill: "",
      stroke: gold,
      strokeWidth: 1.5,
      layerName: "Corner stars",
    }),
    ...coupleText(
      w,
      210,
      {
        heading: "With joy in our hearts, we invite you to the Walima of",
        bride: "Zoya",
        groom: "Faizan",
        joiner: "&",
        date: "Sunday, 21 February 2027",
        time: "8:00 pm onwards",
        location: "ITC Kohenur, Hyderabad",
        functions: "Nikah · Saturday 20 February, after Maghrib",
        description: "Your duas mean the world to us",
      },
      {
        names: "Great Vibes",
        body: "Cormorant Garamond",
        date: "Playfair Display",
        ink: "#2d2a22",
        accent: "#0f5c4a",
        soft: "#6d6350",
        nameSize: 60,
        bodySize: 19,
        width: w - 200,
        bottom: h - 90,
      },
    ),
  ]);
}

function nikahMidnight(): CardCanvas {
  const { width: w, height: h } = STORY;
  const gold = "#e9c46a";
  const ls = (
    [
      [60, 170, 0.8],
      [150, 110, 0.6],
      [w - 150, 130, 0.65],
      [w - 60, 190, 0.85],
    ] as const
  ).flatMap(([x, len, s]) => lantern(x, 0, len, s, { body: gold, glow: "#fff3c4", line: gold }));
  return canvasOf(STORY, "#0d1b2a", [
    path(dotRing(w / 2, 400, 210, 60, 1.6), { fill: "#1f3b57", layerName: "Halo" }),
    ...ls,
    path(crescentCmds(w / 2 - 10, 300, 44, 0.3), { fill: gold, layerName: "Crescent" }),
    path(starCmds(w / 2 + 22, 290, 12, 5, 0.45), { fill: gold, layerName: "Star" }),
    path(archCmds(w / 2, w - 80, 220, h - 40), { stroke: gold, strokeWidth: 1.5, layerName: "Arch line" }),
    ...coupleText(
      w,
      380,
      {
        blessing: "Bismillah",
        heading: "You are invited to the Nikah of",
        bride: "Sana",
        groom: "Armaan",
        joiner: "&",
        date: "Friday, 19 February 2027",
        time: "After Isha, 8:30 pm",
        location: "Palace Grounds, Bengaluru",
        description: "Walima on Sunday, InshaAllah",
      },
      {
        names: "Great Vibes",
        body: "Cormorant Garamond",
        date: "Playfair Display",
        blessingFont: "Great Vibes",
        ink: "#e0e6ee",
        accent: gold,
        soft: "#a9b7c6",
        nameSize: 62,
        bodySize: 20,
        width: w - 150,
        bottom: h - 80,
      },
    ),
  ]);
}

function sikhBand(w: number, y: number, c: string[]): CardObject[] {
  return [
    path(diamondBandCmds(0, w, y, 28), { fill: c[0], layerName: "Geometric band" }),
    path(diamondBandCmds(0, w, y, 14), { fill: c[1], layerName: "Geometric band inner" }),
    path(
      [
        ["M", 0, y - 18],
        ["L", w, y - 18],
        ["M", 0, y + 18],
        ["L", w, y + 18],
      ],
      { stroke: c[0], strokeWidth: 2, layerName: "Band rules" },
    ),
  ];
}

function anandKarajSaffron(): CardCanvas {
  const { width: w, height: h } = A5;
  const navy = "#1a2a5e";
  return canvasOf(A5, "#fff6e5", [
    rect(0, 0, w, 84, { fill: "#f08a24", layerName: "Kesri top" }),
    ...sikhBand(w, 84, [navy, "#ffd166"]),
    rect(0, h - 60, w, 60, { fill: "#f08a24", layerName: "Kesri bottom" }),
    ...sikhBand(w, h - 60, [navy, "#ffd166"]),
    path(starCmds(w / 2, 150, 26, 8, 0.62), { fill: "#f08a24", stroke: navy, strokeWidth: 1.5, layerName: "Eight-point star" }),
    path(dotRing(w / 2, 150, 38, 16, 2.2), { fill: navy, layerName: "Star dots" }),
    ...coupleText(
      w,
      200,
      {
        heading: "With the blessings of Waheguru, the Gill and Sandhu families invite you to the Anand Karaj of",
        bride: "Harleen",
        groom: "Jasmeet",
        joiner: "&",
        date: "Sunday, 28 February 2027",
        time: "Milni 9:00 am · Laavan 10:30 am",
        location: "Gurdwara Bangla Sahib, New Delhi",
        functions: "Langar to follow · Reception 7:00 pm",
        description: "Your presence will make our day complete",
      },
      {
        names: "Great Vibes",
        body: "Cormorant Garamond",
        date: "Playfair Display",
        ink: "#1f1a33",
        accent: navy,
        soft: "#6b4a2b",
        nameSize: 58,
        bodySize: 19,
        bottom: h - 95,
      },
    ),
  ]);
}

function anandKarajRoyal(): CardCanvas {
  const { width: w, height: h } = A5;
  const gold = "#e6b450";
  const tiles: Cmd[] = [];
  for (let y = 0; y <= h; y += 40) for (let x = 0; x <= w; x += 40) tiles.push(...starCmds(x, y, 8, 4, 0.35));
  return canvasOf(A5, "#0f1f4b", [
    path(tiles, { fill: "#1a2e66", layerName: "Geometric ground" }),
    rect(50, 50, w - 100, h - 100, { fill: "#0f1f4b", stroke: gold, strokeWidth: 2, layerName: "Panel" }),
    rect(60, 60, w - 120, h - 120, { stroke: gold, strokeWidth: 0.8, layerName: "Panel rule" }),
    ...mandala(w / 2, 50, 70, { outer: "#24408f", inner: "#e6b450", dots: gold }, "Top medallion"),
    ...mandala(w / 2, h - 50, 70, { outer: "#24408f", inner: "#e6b450", dots: gold }, "Bottom medallion"),
    ...coupleText(
      w,
      150,
      {
        heading: "By the grace of Waheguru, we invite you to the Anand Karaj of",
        bride: "Noor",
        groom: "Arjan",
        joiner: "&",
        date: "Saturday, 6 March 2027",
        time: "Laavan at 11:00 am",
        location: "Gurdwara Sri Guru Singh Sabha, Southall",
        functions: "Chunni · Jaggo · Doli",
        description: "Reception dinner at 7:30 pm",
      },
      {
        names: "Great Vibes",
        body: "Cormorant Garamond",
        date: "Playfair Display",
        ink: "#f1ead8",
        accent: gold,
        soft: "#c8cfe6",
        nameSize: 62,
        bodySize: 19,
        width: w - 180,
        bottom: h - 130,
      },
    ),
  ]);
}

function christianWhiteGold(): CardCanvas {
  const { width: w, height: h } = A5;
  const gold = "#b8923a";
  return canvasOf(A5, "#ffffff", [
    ...frame(w, h, 24, gold, 6),
    path(roundArchCmds(w / 2, w - 140, 70, h - 70), { stroke: gold, strokeWidth: 1.6, layerName: "Church window arch" }),
    path(crossCmds(w / 2, 122, 40), { fill: gold, layerName: "Cross" }),
    ...branch(w / 2 - 20, 190, 110, -72, { stem: "#7d8b5a", leaf: "#9aa873" }, "Olive left"),
    ...branch(w / 2 + 20, 190, 110, 72, { stem: "#7d8b5a", leaf: "#9aa873" }, "Olive right"),
    ...coupleText(
      w,
      210,
      {
        heading: "Together with their families, request the pleasure of your company at the Holy Matrimony of",
        bride: "Maria",
        groom: "Joel",
        joiner: "&",
        date: "Saturday, 17 April 2027",
        time: "Nuptial Mass at 4:00 pm",
        location: "St. Thomas Cathedral Basilica, Mylapore, Chennai",
        functions: "Reception follows at 7:00 pm",
        description: "Love is patient, love is kind",
      },
      {
        names: "Great Vibes",
        body: "Cormorant Garamond",
        date: "Playfair Display",
        ink: "#2b2b2b",
        accent: gold,
        soft: "#6d6d6d",
        nameSize: 60,
        bodySize: 19,
        width: w - 200,
        bottom: h - 145,
      },
    ),
    ...rings(w / 2, h - 110, 14, gold),
  ]);
}

function christianChapel(): CardCanvas {
  const { width: w, height: h } = A5;
  const sage = "#6b7f5e";
  const church: Cmd[] = [
    ["M", -60, 0],
    ["L", -60, -60],
    ["L", -20, -96],
    ["L", -20, -150],
    ["L", 0, -176],
    ["L", 20, -150],
    ["L", 20, -96],
    ["L", 60, -60],
    ["L", 60, 0],
    ["Z"],
    ...roundArchCmds(0, 26, -40, 0),
    ...roundArchCmds(0, 14, -140, -112),
    ["Z"],
  ];
  return canvasOf(A5, "#f4f1e8", [
    rect(30, 30, w - 60, h - 60, { fill: "#fbfaf5", stroke: sage, strokeWidth: 1.2, layerName: "Card" }),
    path(place(church, w / 2, 230, 0.8), { stroke: sage, strokeWidth: 2, layerName: "Chapel" }),
    path(crossCmds(w / 2, 64, 18), { fill: sage, layerName: "Steeple cross" }),
    ...floralCorners(w, h, 38, 0.8, { vine: sage, leaf: "#97a88a", bloom: "#e9c9c1", heart: "#c68b7e" }),
    ...coupleText(
      w,
      260,
      {
        heading: "With grateful hearts, we invite you to celebrate our marriage",
        bride: "Sarah",
        groom: "Daniel",
        joiner: "&",
        date: "Saturday, 8 May 2027",
        time: "Ceremony at 3:30 pm",
        location: "Christ Church, Shimla",
        functions: "High tea on the Ridge at 5:30 pm",
        description: "Two are better than one. Ecclesiastes 4:9",
      },
      {
        names: "Great Vibes",
        body: "Cormorant Garamond",
        date: "Playfair Display",
        ink: "#2f3a2b",
        accent: "#4e6043",
        soft: "#7a7a6a",
        nameSize: 58,
        bodySize: 19,
        bottom: h - 80,
      },
    ),
  ]);
}

function modernMonogram(): CardCanvas {
  const { width: w, height: h } = A5;
  const gold = "#b89b5e";
  return canvasOf(A5, "#111111", [
    rect(30, 30, w - 60, h - 60, { stroke: gold, strokeWidth: 1, layerName: "Hairline frame" }),
    path(circleCmds(w / 2, 170, 70), { stroke: gold, strokeWidth: 1.2, layerName: "Monogram ring" }),
    path(dotRing(w / 2, 170, 80, 48, 1.2), { fill: gold, layerName: "Monogram dots" }),
    textbox(w, { text: "A | R", top: 142, font: "Playfair Display", size: 44, fill: gold, layerName: "Monogram", spacing: 100 }),
    ...coupleText(
      w,
      290,
      {
        heading: "Please join us for the wedding of",
        bride: "Aisha",
        groom: "Rehan",
        joiner: "and",
        date: "12 . 12 . 2027",
        time: "Seven in the evening",
        location: "The Leela Palace, Udaipur",
        description: "Black tie",
      },
      {
        names: "Playfair Display",
        body: "Poppins",
        date: "Playfair Display",
        ink: "#e9e4d8",
        accent: "#f1e6cc",
        soft: gold,
        nameSize: 48,
        bodySize: 16,
        bottom: h - 120,
      },
    ),
    ...divider(w / 2, h - 90, 140, gold),
  ]);
}

function pastelBlush(): CardCanvas {
  const { width: w, height: h } = A5;
  return canvasOf(A5, "#fdf1f0", [
    rect(26, 26, w - 52, h - 52, { fill: "#fffafa", rx: 18, layerName: "Panel" }),
    ...floralCorners(w, h, 24, 1.05, { vine: "#9db39a", leaf: "#b7cfb2", bloom: "#f4b6c2", heart: "#e38ea2" }),
    ...coupleText(
      w,
      180,
      {
        heading: "Together with our families, we invite you to celebrate our wedding",
        bride: "Kiara",
        groom: "Ishaan",
        joiner: "&",
        date: "Sunday, 14 November 2027",
        time: "5:00 pm · Sundowner vows",
        location: "Ahilya Fort, Maheshwar",
        functions: "Mehendi brunch · Sangeet · Wedding",
        description: "Kindly reply by 1 October",
      },
      {
        names: "Great Vibes",
        body: "Cormorant Garamond",
        date: "Playfair Display",
        ink: "#5b4650",
        accent: "#c05b78",
        soft: "#8f7a84",
        nameSize: 64,
        bodySize: 20,
        bottom: h - 80,
      },
    ),
  ]);
}

function terracottaArch(): CardCanvas {
  const { width: w, height: h } = A5;
  const terra = "#c0643c";
  const sun: Cmd[] = [];
  for (let i = 0; i < 12; i++)
    sun.push(
      ...rotate(
        [
          ["M", 0, -70],
          ["L", 0, -86],
        ],
        i * 30 - 75,
      ),
    );
  return canvasOf(A5, "#f3e6d8", [
    path(roundArchCmds(w / 2, w - 120, 60, h).concat([["Z"]]), { fill: "#e7c9ae", layerName: "Sand arch" }),
    path(roundArchCmds(w / 2, w - 200, 120, h).concat([["Z"]]), { fill: "#fbf4ec", layerName: "Inner arch" }),
    path(roundArchCmds(w / 2 + 175, 130, 700, h).concat([["Z"]]), { fill: terra, opacity: 0.9, layerName: "Terracotta arch" }),
    path(roundArchCmds(w / 2 - 185, 100, 745, h).concat([["Z"]]), { fill: "#d9925f", opacity: 0.9, layerName: "Ochre arch" }),
    path(place(sun, w / 2, 170, 0.5), { stroke: terra, strokeWidth: 3, layerName: "Sun rays" }),
    circle(w / 2, 170, 24, { fill: terra, layerName: "Sun" }),
    ...coupleText(
      w,
      220,
      {
        heading: "Join us as we say I do",
        bride: "Nisha",
        groom: "Aman",
        joiner: "&",
        date: "Saturday, 23 January 2027",
        time: "4:00 pm",
        location: "Suryagarh, Jaisalmer",
        description: "Desert sunsets and slow dances",
      },
      {
        names: "Playfair Display",
        body: "Poppins",
        date: "Poppins",
        ink: "#4a2c20",
        accent: terra,
        soft: "#8a5a45",
        nameSize: 44,
        bodySize: 16,
        width: w - 240,
        bottom: h - 165,
      },
    ),
  ]);
}

function anniversarySilver(): CardCanvas {
  const { width: w, height: h } = A5;
  const silver = "#8d99a6";
  return canvasOf(A5, "#f5f7fa", [
    ...frame(w, h, 24, silver, 8, 12),
    textbox(w, { text: "25", top: 70, font: "Playfair Display", size: 150, weight: 700, fill: "#d3dae2", layerName: "Big number" }),
    textbox(w, { text: "YEARS OF TOGETHERNESS", top: 250, font: "Poppins", size: 14, spacing: 400, fill: silver, layerName: "Years line" }),
    ...branch(96, h - 48, 96, 58, { stem: silver, leaf: "#b6c0cb" }, "Silver branch left"),
    ...branch(w - 96, h - 48, 96, -58, { stem: silver, leaf: "#b6c0cb" }, "Silver branch right"),
    ...coupleText(
      w,
      300,
      {
        heading: "Please join us to celebrate the silver wedding anniversary of",
        bride: "Sunita",
        groom: "Rajesh",
        joiner: "&",
        date: "Saturday, 10 April 2027",
        time: "7:30 pm onwards",
        location: "The Imperial, Janpath, New Delhi",
        description: "Hosted with love by Riya and Kunal",
      },
      {
        names: "Great Vibes",
        body: "Cormorant Garamond",
        date: "Playfair Display",
        ink: "#333d47",
        accent: "#5a6b7c",
        soft: "#7b8794",
        nameSize: 56,
        bodySize: 19,
        bottom: h - 150,
      },
    ),
  ]);
}

function birthdayBalloons(): CardCanvas {
  const { width: w, height: h } = STORY;
  return canvasOf(STORY, "#fff7ed", [
    ...confetti(w, h, [30, 330], ["#f94144", "#f9c74f", "#43aa8b", "#577590"]),
    ...balloon(120, 170, 1.4, "#f94144", "#9e9e9e"),
    ...balloon(270, 130, 1.6, "#f9c74f", "#9e9e9e"),
    ...balloon(420, 180, 1.4, "#43aa8b", "#9e9e9e"),
    textbox(w, { text: "Aarav turns", top: 390, font: "Poppins", size: 30, weight: 600, fill: "#264653", layerName: "Title" }),
    textbox(w, {
      text: "ONE",
      top: 430,
      font: "Yatra One",
      size: 110,
      fill: "#f3722c",
      layerName: "Age",
      shadow: { color: "rgba(38,70,83,0.25)", blur: 0, offsetX: 4, offsetY: 4 },
    }),
    ...stack(w, 590, [
      { text: "Come for cake, games and lots of giggles", font: "Poppins", size: 18, fill: "#264653", placeholder: "heading", gap: 18 },
      { text: "Sunday, 7 March 2027", font: "Poppins", size: 22, weight: 600, fill: "#264653", placeholder: "eventDate", gap: 6 },
      { text: "4:00 pm to 7:00 pm", font: "Poppins", size: 18, fill: "#264653", placeholder: "time", gap: 6 },
      { text: "Little Blooms Play Cafe, Koramangala, Bengaluru", font: "Poppins", size: 18, fill: "#264653", placeholder: "location", lines: 2, gap: 22 },
      { text: "With love,", font: "Great Vibes", size: 30, fill: "#f3722c", layerName: "Sign-off", gap: 0 },
      { text: "Priya", font: "Great Vibes", size: 34, fill: "#f3722c", placeholder: "brideName", gap: 0 },
      { text: "Nikhil", font: "Great Vibes", size: 34, fill: "#f3722c", placeholder: "groomName", gap: 14 },
      { text: "RSVP to Priya, 98xxxxxx21", font: "Poppins", size: 14, fill: "#577590", placeholder: "description" },
    ]),
  ]);
}

function saveTheDateLove(): CardCanvas {
  const { width: w } = STORY;
  const rose = "#e05a7a";
  const hearts: Cmd[] = [];
  for (let i = 0; i < 18; i++) hearts.push(...place(heartCmds(10 + (i % 4) * 5), 30 + ((i * 131) % (w - 60)), 40 + ((i * 83) % 220), 1, ((i * 37) % 60) - 30));
  for (let i = 0; i < 10; i++) hearts.push(...place(heartCmds(8 + (i % 3) * 5), 40 + ((i * 157) % (w - 80)), 870 + ((i * 29) % 60), 1, ((i * 53) % 60) - 30));
  return canvasOf(STORY, "#fff0f3", [
    path(hearts, { fill: "#f7b7c6", layerName: "Scattered hearts" }),
    path(place(heartCmds(360), w / 2, 585, 1), { fill: "#ffffff", stroke: rose, strokeWidth: 2, layerName: "Big heart" }),
    textbox(w, { text: "Save the Date", top: 285, font: "Great Vibes", size: 72, fill: rose, layerName: "Title" }),
    ...stack(w, 452, [
      { text: "Ritika", font: "Playfair Display", size: 40, fill: "#5c2233", placeholder: "brideName", gap: 0, width: 300 },
      { text: "&", font: "Great Vibes", size: 34, fill: rose, layerName: "Joiner", gap: 0, width: 300 },
      { text: "Sameer", font: "Playfair Display", size: 40, fill: "#5c2233", placeholder: "groomName", gap: 14, width: 300 },
      { text: "11 . 11 . 2027", font: "Poppins", size: 20, weight: 600, fill: "#5c2233", placeholder: "eventDate", spacing: 150, width: 300, gap: 4 },
      { text: "Goa", font: "Poppins", size: 16, fill: "#8a4a5c", placeholder: "location", width: 300 },
    ]),
    ...stack(w, 790, [
      { text: "We are getting married!", font: "Poppins", size: 16, fill: "#8a4a5c", placeholder: "heading", gap: 6 },
      { text: "Formal invitation to follow", font: "Cormorant Garamond", size: 20, italic: true, fill: rose, placeholder: "description" },
    ]),
  ]);
}

function romanceRoses(): CardCanvas {
  const { width: w, height: h } = A5;
  const rose = (x: number, y: number, s: number, deg: number): CardObject[] => {
    const swirl: Cmd[] = [
      ["M", 0, 0],
      ["C", 10, -4, 12, 8, 2, 10],
      ["C", -12, 12, -14, -10, 0, -14],
      ["C", 18, -16, 22, 10, 6, 18],
      ["C", -14, 26, -26, 4, -18, -14],
    ];
    return [
      path(
        place(
          roundPetalCmds(22, 40).concat(
            rotate(roundPetalCmds(22, 40), 72),
            rotate(roundPetalCmds(22, 40), 144),
            rotate(roundPetalCmds(22, 40), 216),
            rotate(roundPetalCmds(22, 40), 288),
          ),
          x,
          y,
          s,
          deg,
        ),
        { fill: "#b3163c", layerName: "Rose" },
      ),
      path(place(swirl, x, y, s, deg), { stroke: "#5e0a1f", strokeWidth: 1.6, layerName: "Rose swirl" }),
      ...branch(x + 10 * s, y + 18 * s, 70 * s, deg + 140, { stem: "#2f5d3a", leaf: "#3f7a4b" }, "Rose stem"),
    ];
  };
  return canvasOf(A5, "#2b0a12", [
    ...frame(w, h, 24, "#d4a5a5", 8, 0, 1.2),
    ...rose(96, 104, 1.3, 0),
    ...rose(w - 110, h - 120, 1.6, 180),
    ...rose(w - 90, 90, 1, 30),
    ...coupleText(
      w,
      230,
      {
        heading: "An evening of candlelight and roses, for",
        bride: "Tanya",
        groom: "Varun",
        joiner: "&",
        date: "Sunday, 14 February 2027",
        time: "8:00 pm",
        location: "The Rooftop, Bandra, Mumbai",
        description: "Come celebrate love with us",
      },
      {
        names: "Great Vibes",
        body: "Cormorant Garamond",
        date: "Playfair Display",
        ink: "#f6e3e3",
        accent: "#f3b5c0",
        soft: "#d4a5a5",
        nameSize: 66,
        bodySize: 20,
        nameShadow: { color: "rgba(179,22,60,0.6)", blur: 14, offsetY: 0 },
        bottom: h - 150,
      },
    ),
  ]);
}

function coupleRoka(): CardCanvas {
  const { width: w, height: h } = A5;
  const teal = "#1f6f6b";
  const gold = "#c99a3b";
  return canvasOf(A5, "#eef6f3", [
    rect(26, 26, w - 52, h - 52, { fill: "#ffffff", rx: 8, layerName: "Panel" }),
    path(scallopCmds(26, w - 26, 26, 22), { fill: "", stroke: teal, strokeWidth: 1.5, layerName: "Scallops top" }),
    path(mirrorX(scallopCmds(26, w - 26, h - 26, 22, false), w / 2), { stroke: teal, strokeWidth: 1.5, layerName: "Scallops bottom" }),
    ...rings(w / 2, 150, 30, gold),
    path(starCmds(w / 2 - 13, 114, 7, 4, 0.35), { fill: gold, layerName: "Ring sparkle" }),
    ...coupleText(
      w,
      230,
      {
        blessing: "सगाई",
        heading: "Two families, one promise. Join us for the Roka and ring ceremony of",
        bride: "Pooja",
        groom: "Siddharth",
        joiner: "&",
        date: "Sunday, 3 January 2027",
        time: "12:30 pm · Lunch follows",
        location: "The Oberoi, Gurugram",
        description: "With love, the Mehra and Kapoor families",
      },
      {
        names: "Great Vibes",
        body: "Cormorant Garamond",
        date: "Playfair Display",
        blessingFont: "Yatra One",
        ink: "#1e3b39",
        accent: teal,
        soft: "#5d7a77",
        nameSize: 60,
        bodySize: 19,
        bottom: h - 110,
      },
    ),
    ...divider(w / 2, h - 80, 160, gold),
  ]);
}

function lotusTemple(): CardCanvas {
  const { width: w, height: h } = STORY;
  const pink = "#d6336c";
  return canvasOf(STORY, "#fff4ec", [
    rect(20, 20, w - 40, h - 40, { stroke: "#e8a33d", strokeWidth: 2, rx: 200, layerName: "Pill frame" }),
    ...mandala(w / 2, 180, 110, { outer: "#ffd8a8", inner: "#ffa94d", dots: "#e8590c" }, "Mandala"),
    ...lotus(w / 2, 220, 0.9, { back: "#fcc2d7", front: pink }),
    ...toran(60, w - 60, 30, { leaf: "#2b8a3e", vein: "#b2f2bb", flower: "#ffa94d", deep: "#e8590c", cord: "#a0522d" }, 7),
    ...coupleText(
      w,
      330,
      {
        blessing: "॥ शुभ विवाह ॥",
        heading: "With the blessings of our families, we invite you to the wedding of",
        bride: "Shruti",
        groom: "Abhishek",
        joiner: "weds",
        date: "Tuesday, 4 May 2027",
        time: "Pheras at 8:00 pm",
        location: "Ganga Kinare, Rishikesh",
        functions: "Haldi · Mehendi · Sangeet · Vidaai",
        description: "Your blessings are our greatest gift",
      },
      {
        names: "Great Vibes",
        body: "Cormorant Garamond",
        date: "Playfair Display",
        ink: "#4a2a1a",
        accent: pink,
        soft: "#8a5a3a",
        nameSize: 64,
        bodySize: 20,
        width: w - 120,
        bottom: h - 60,
      },
    ),
  ]);
}

function corporateDiwali(): CardCanvas {
  const { width: w, height: h } = A5;
  const gold = "#d9a441";
  const diya: Cmd[] = [["M", -40, 0], ["C", -30, 24, 30, 24, 40, 0], ["Z"]];
  const flame: Cmd[] = [["M", 0, -4], ["C", 10, -14, 8, -28, 0, -40], ["C", -8, -28, -10, -14, 0, -4], ["Z"]];
  const diyas = [120, w / 2, w - 120];
  return canvasOf(A5, "#1d1230", [
    path(dotRing(w / 2, 200, 170, 72, 1.6), { fill: gold, opacity: 0.6, layerName: "Dot halo" }),
    ...mandala(w / 2, 200, 120, { outer: "#3b2560", inner: "#5b3a8a", dots: gold }, "Rangoli"),
    path(
      diyas.flatMap((x) => place(diya, x, 380, 1)),
      { fill: "#c2571a", layerName: "Diyas" },
    ),
    path(
      diyas.flatMap((x) => place(flame, x, 378, 1)),
      { fill: "#ffd166", layerName: "Flames" },
    ),
    ...stack(w, 430, [
      { text: "Diwali Milan 2027", font: "Playfair Display", size: 40, weight: 700, fill: gold, placeholder: "heading", gap: 10 },
      { text: "Hosted by", font: "Poppins", size: 14, fill: "#c9b8e8", layerName: "Hosts label", spacing: 200, gap: 4 },
      { text: "Meenakshi Rao", font: "Great Vibes", size: 36, fill: "#f4e6c8", placeholder: "brideName", gap: 0 },
      { text: "Arvind Rao", font: "Great Vibes", size: 36, fill: "#f4e6c8", placeholder: "groomName", gap: 16 },
      { text: "Friday, 29 October 2027", font: "Poppins", size: 18, weight: 600, fill: "#f4e6c8", placeholder: "eventDate", gap: 6 },
      { text: "7:00 pm · Dinner and cards", font: "Poppins", size: 16, fill: "#f4e6c8", placeholder: "time", gap: 6 },
      { text: "Rao & Co. Terrace, Indiranagar, Bengaluru", font: "Poppins", size: 16, fill: "#f4e6c8", placeholder: "location", gap: 16 },
      { text: "For our teams and their families", font: "Cormorant Garamond", size: 20, italic: true, fill: gold, placeholder: "description" },
    ]),
    path(templeBorderCmds(0, w, h - 20, 20), { fill: gold, opacity: 0.8, layerName: "Bottom border" }),
  ]);
}

type Meta = Omit<DemoTemplate, "canvas" | "thumbnailKey">;
const DESIGNS: [Meta, () => CardCanvas][] = [
  [
    {
      id: "tpl-marigold-classic",
      name: "Marigold Classic",
      description:
        "Cream paper strung with hand-drawn marigold garlands, a Ganesh vandana in Devanagari and flowing script names. Our most-loved free design for a North Indian wedding.",
      price: 0,
      mood: "WEDDING",
      requirement: "POPULAR",
      tags: ["hindu", "north-indian", "traditional", "marigold", "cream", "devanagari"],
      designer: "Mandap Studio",
      rating: 4.6,
    },
    marigoldClassic,
  ],
  [
    {
      id: "tpl-royal-maroon",
      name: "Royal Maroon",
      description: "Deep maroon and antique gold with a rising mandala, paisleys and a temple border: made for palace weddings in Rajasthan and beyond.",
      price: 499,
      mood: "WEDDING",
      requirement: "HOT",
      tags: ["hindu", "north-indian", "royal", "maroon", "gold", "devanagari"],
      designer: "Mandap Studio",
      rating: 4.8,
    },
    royalMaroon,
  ],
  [
    {
      id: "tpl-rajasthani-jharokha",
      name: "Jharokha Haveli",
      description: "A rani-pink cusped jharokha window framed by peacock feathers, with a Marwari welcome. For haveli and fort weddings.",
      price: 699,
      mood: "WEDDING",
      requirement: "HOT",
      tags: ["hindu", "rajasthani", "marwari", "royal", "pink", "devanagari"],
      designer: "Kesariya Design House",
      rating: 4.7,
    },
    rajasthaniJharokha,
  ],
  [
    {
      id: "tpl-punjabi-phulkari",
      name: "Phulkari Baraat",
      description: "Bold phulkari diamonds in marigold, magenta and gold: a loud, happy card for a Punjabi wedding with all the dhol.",
      price: 0,
      mood: "WEDDING",
      requirement: "POPULAR",
      tags: ["hindu", "punjabi", "colourful", "phulkari", "orange", "devanagari"],
      designer: "Lahori Gate Studio",
      rating: 4.4,
    },
    punjabiPhulkari,
  ],
  [
    {
      id: "tpl-gujarati-bandhani",
      name: "Bandhani Lagna",
      description: "Red bandhani tie-dye dots, mirror-work roundels and a kalash: a Gujarati lagna card with garba energy.",
      price: 299,
      mood: "WEDDING",
      requirement: null,
      tags: ["hindu", "gujarati", "traditional", "red", "bandhani", "devanagari"],
      designer: "Kutch Collective",
      rating: 4.5,
    },
    gujaratiBandhani,
  ],
  [
    {
      id: "tpl-marathi-paithani",
      name: "Paithani Mangal",
      description: "Purple paithani with green temple borders, gold zari and a lotus between two peacock feathers. Shubh Mangal Savdhan in Devanagari.",
      price: 0,
      mood: "WEDDING",
      requirement: "LATEST",
      tags: ["hindu", "marathi", "traditional", "purple", "green", "devanagari"],
      designer: "Mandap Studio",
      rating: 4.6,
    },
    marathiPaithani,
  ],
  [
    {
      id: "tpl-bengali-alpona",
      name: "Alpona Red",
      description: "White alpona swirls and a lotus on sindoor red, the colours of a Bengali bride. Shubho Bibaho.",
      price: 399,
      mood: "WEDDING",
      requirement: null,
      tags: ["hindu", "bengali", "traditional", "red", "white", "alpona", "devanagari"],
      designer: "Shola Studio Kolkata",
      rating: 4.7,
    },
    bengaliAlpona,
  ],
  [
    {
      id: "tpl-haldi-sunshine",
      name: "Haldi Sunshine",
      description: "Turmeric yellow with fat marigolds and mango leaves: a playful Haldi invite for WhatsApp.",
      price: 0,
      mood: "WEDDING",
      requirement: "LATEST",
      tags: ["hindu", "haldi", "playful", "yellow", "marigold", "devanagari"],
      designer: "Mandap Studio",
      rating: 4.3,
    },
    haldiSunshine,
  ],
  [
    {
      id: "tpl-mehendi-green",
      name: "Mehendi Garden",
      description: "Henna-green paisleys and small mandalas for an afternoon of mehendi and music.",
      price: 0,
      mood: "WEDDING",
      requirement: null,
      tags: ["hindu", "mehendi", "green", "paisley", "devanagari"],
      designer: "Henna & Ink",
      rating: 4.2,
    },
    mehendiGreen,
  ],
  [
    {
      id: "tpl-sangeet-night",
      name: "Sangeet Under the Stars",
      description: "A midnight-blue phone story with a gold mandala and a marigold string: share it straight to WhatsApp and Instagram.",
      price: 249,
      mood: "WEDDING",
      requirement: "HOT",
      tags: ["hindu", "sangeet", "story", "navy", "gold", "devanagari"],
      designer: "Neon Mehfil",
      rating: 4.6,
    },
    sangeetNight,
  ],
  [
    {
      id: "tpl-tamil-kolam",
      name: "Kolam Kalyanam",
      description: "Temple bells, a mango-leaf thoranam and a kolam drawn dot by dot, on cream with a red and green silk border.",
      price: 0,
      mood: "WEDDING",
      requirement: "POPULAR",
      tags: ["hindu", "south-indian", "tamil", "kolam", "temple", "red", "devanagari"],
      designer: "Kanchi Prints",
      rating: 4.8,
    },
    tamilKolam,
  ],
  [
    {
      id: "tpl-telugu-kalash",
      name: "Subha Lekha Kalash",
      description: "Pasupu and kumkum borders around a brass kalash with mango leaves and coconut, with lotuses at the foot. For a Telugu pelli.",
      price: 349,
      mood: "WEDDING",
      requirement: null,
      tags: ["hindu", "south-indian", "telugu", "kalash", "yellow", "devanagari"],
      designer: "Godavari Designs",
      rating: 4.5,
    },
    teluguKalash,
  ],
  [
    {
      id: "tpl-kerala-kasavu",
      name: "Kasavu & Banana Leaf",
      description: "Off-white with a gold kasavu band, banana leaves and a temple bell: a calm Kerala wedding card with a sadya line.",
      price: 0,
      mood: "WEDDING",
      requirement: "LATEST",
      tags: ["hindu", "south-indian", "kerala", "kasavu", "cream", "gold", "devanagari"],
      designer: "Malabar Paper Co.",
      rating: 4.7,
    },
    keralaKasavu,
  ],
  [
    {
      id: "tpl-nikah-emerald",
      name: "Emerald Nikah",
      description: "Emerald green and gold: a pointed arch, crescent and star, hanging lanterns and a jaali of eight-pointed stars.",
      price: 599,
      mood: "WEDDING",
      requirement: "HOT",
      tags: ["muslim", "nikah", "arches", "green", "gold"],
      designer: "Noor Atelier",
      rating: 4.9,
    },
    nikahEmerald,
  ],
  [
    {
      id: "tpl-walima-ivory",
      name: "Ivory Walima",
      description: "Ivory and gold with an arched frame, a green crescent and star corners. Elegant and quiet, for a walima dinner.",
      price: 0,
      mood: "WEDDING",
      requirement: null,
      tags: ["muslim", "walima", "elegant", "ivory", "gold"],
      designer: "Noor Atelier",
      rating: 4.5,
    },
    walimaIvory,
  ],
  [
    {
      id: "tpl-nikah-midnight",
      name: "Midnight Lanterns",
      description: "A phone-story Nikah invite: midnight blue, four golden lanterns and a crescent moon.",
      price: 299,
      mood: "WEDDING",
      requirement: "POPULAR",
      tags: ["muslim", "nikah", "story", "navy", "gold"],
      designer: "Noor Atelier",
      rating: 4.6,
    },
    nikahMidnight,
  ],
  [
    {
      id: "tpl-anand-karaj-saffron",
      name: "Kesri Anand Karaj",
      description: "Kesri saffron and navy with geometric bands and an eight-pointed star, for the Anand Karaj and langar.",
      price: 0,
      mood: "WEDDING",
      requirement: "POPULAR",
      tags: ["sikh", "anand-karaj", "geometric", "saffron", "navy"],
      designer: "Lahori Gate Studio",
      rating: 4.7,
    },
    anandKarajSaffron,
  ],
  [
    {
      id: "tpl-anand-karaj-royal",
      name: "Royal Blue Laavan",
      description: "Royal blue with a gold star lattice and two medallions: a formal Anand Karaj card for gurdwara and reception.",
      price: 449,
      mood: "WEDDING",
      requirement: null,
      tags: ["sikh", "anand-karaj", "royal", "blue", "gold"],
      designer: "Lahori Gate Studio",
      rating: 4.6,
    },
    anandKarajRoyal,
  ],
  [
    {
      id: "tpl-christian-white-gold",
      name: "Cathedral White & Gold",
      description: "White and gold with a cathedral window arch, cross, olive branches and wedding rings, for a church wedding.",
      price: 0,
      mood: "WEDDING",
      requirement: "POPULAR",
      tags: ["christian", "church", "white", "gold", "elegant"],
      designer: "Grace Letterpress",
      rating: 4.7,
    },
    christianWhiteGold,
  ],
  [
    {
      id: "tpl-christian-chapel",
      name: "Hill Chapel",
      description: "A line-drawn chapel and soft floral corners in sage and blush: for a hill-station church wedding.",
      price: 399,
      mood: "WEDDING",
      requirement: "LATEST",
      tags: ["christian", "church", "sage", "floral", "pastel"],
      designer: "Grace Letterpress",
      rating: 4.5,
    },
    christianChapel,
  ],
  [
    {
      id: "tpl-modern-monogram",
      name: "Noir Monogram",
      description: "Black, champagne gold and a ringed monogram: a modern black-tie invitation with nothing extra.",
      price: 999,
      mood: "WEDDING",
      requirement: "LATEST",
      tags: ["modern", "minimal", "monogram", "black", "gold"],
      designer: "Studio Eleven",
      rating: 4.8,
    },
    modernMonogram,
  ],
  [
    {
      id: "tpl-pastel-blush",
      name: "Blush Garden",
      description: "Blush pink florals and sage vines in every corner: a soft pastel card for day weddings and destination vows.",
      price: 0,
      mood: "WEDDING",
      requirement: "HOT",
      tags: ["modern", "pastel", "floral", "pink", "sage"],
      designer: "Petal & Post",
      rating: 4.6,
    },
    pastelBlush,
  ],
  [
    {
      id: "tpl-terracotta-arch",
      name: "Terracotta Sunset",
      description: "Layered terracotta and ochre arches under a desert sun: modern boho for a Jaisalmer or Goa wedding.",
      price: 249,
      mood: "WEDDING",
      requirement: "LATEST",
      tags: ["modern", "boho", "terracotta", "arches", "desert"],
      designer: "Studio Eleven",
      rating: 4.4,
    },
    terracottaArch,
  ],
  [
    {
      id: "tpl-lotus-ganga",
      name: "Ganga Lotus Story",
      description: "A phone-story wedding invite with a pink lotus on a saffron mandala and a mango-leaf toran.",
      price: 199,
      mood: "WEDDING",
      requirement: null,
      tags: ["hindu", "north-indian", "story", "lotus", "saffron", "devanagari"],
      designer: "Kesariya Design House",
      rating: 4.3,
    },
    lotusTemple,
  ],
  [
    {
      id: "tpl-anniversary-silver",
      name: "Silver Jubilee",
      description: "A quiet silver anniversary card with a big 25, silver branches and script names. Change the number for any milestone.",
      price: 0,
      mood: "ANNIVERSARY",
      requirement: null,
      tags: ["anniversary", "silver", "elegant", "grey"],
      designer: "Grace Letterpress",
      rating: 4.4,
    },
    anniversarySilver,
  ],
  [
    {
      id: "tpl-birthday-balloons",
      name: "First Birthday Balloons",
      description: "Balloons, confetti and a big ONE: a bright phone-story invite for a first birthday party.",
      price: 0,
      mood: "BIRTHDAY",
      requirement: "POPULAR",
      tags: ["birthday", "kids", "story", "colourful", "playful"],
      designer: "Petal & Post",
      rating: 4.5,
    },
    birthdayBalloons,
  ],
  [
    {
      id: "tpl-save-the-date-hearts",
      name: "Save the Date Hearts",
      description: "A phone-story save-the-date with scattered hearts and one big heart holding your names and date.",
      price: 199,
      mood: "LOVE",
      requirement: "HOT",
      tags: ["save-the-date", "love", "story", "pink", "hearts"],
      designer: "Petal & Post",
      rating: 4.2,
    },
    saveTheDateLove,
  ],
  [
    {
      id: "tpl-romance-roses",
      name: "Candlelight Roses",
      description: "Wine-dark with crimson roses and a soft glow on the names: for a Valentine's party or a romantic dinner.",
      price: 299,
      mood: "ROMANCE",
      requirement: null,
      tags: ["romance", "roses", "red", "dark", "valentine"],
      designer: "Studio Eleven",
      rating: 4.1,
    },
    romanceRoses,
  ],
  [
    {
      id: "tpl-roka-rings",
      name: "Roka Rings",
      description: "Teal and gold with two rings and a sparkle: for the roka, sagai or ring ceremony.",
      price: 0,
      mood: "COUPLE",
      requirement: "LATEST",
      tags: ["engagement", "roka", "couple", "teal", "gold", "devanagari"],
      designer: "Mandap Studio",
      rating: 4.3,
    },
    coupleRoka,
  ],
  [
    {
      id: "tpl-diwali-milan",
      name: "Diwali Milan",
      description: "Diyas under a rangoli mandala on deep plum: a festive invite for an office or family Diwali party.",
      price: 349,
      mood: "CORPORATE",
      requirement: null,
      tags: ["corporate", "diwali", "festive", "plum", "gold"],
      designer: "Neon Mehfil",
      rating: 4.0,
    },
    corporateDiwali,
  ],
];

export function demoTemplates(): DemoTemplate[] {
  return DESIGNS.map(([meta, draw]) => ({ ...meta, canvas: draw(), thumbnailKey: thumbnailKeyOf(meta.id) }));
}

/** The rows for invite_templates (all PUBLISHED), created at `now`, a minute apart. */
export function demoTemplateRows(now: number) {
  return demoTemplates().map((t, i) => templateRow(t, now - i * 60_000));
}

function templateRow(t: DemoTemplate, at: number) {
  return {
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
    created_at: at,
    updated_at: at,
  };
}

const BENCH_VARIANTS = ["Classic", "Gold", "Heritage", "Festive", "Premium", "Deluxe", "Signature", "Edition", "Blush", "Royal"];
const BENCH_PRICES = [0, 0, 199, 249, 299, 399, 499, 599, 799, 999];

/**
 * Extra published templates for the gallery benchmark (`npm run db:seed -- --templates 500`):
 * varied copies of the demo designs (name, price, requirement, rating, date, views) that reuse
 * their canvases and thumbnails. Ids tpl-bench-0001…; `total` counts the demo designs too.
 */
export function benchTemplateRows(total: number, now: number) {
  const demos = demoTemplates();
  const rows = [];
  const requirements = ["HOT", "POPULAR", "LATEST", null, null] as const;
  for (let i = 0; i < total - demos.length; i++) {
    const base = demos[i % demos.length] as DemoTemplate;
    const variant = BENCH_VARIANTS[Math.floor(i / demos.length) % BENCH_VARIANTS.length] ?? "Edition";
    const price = BENCH_PRICES[(i * 7) % BENCH_PRICES.length] ?? 0;
    const rating = Math.round((4 + ((i * 37) % 10) / 10) * 10) / 10;
    const row = templateRow({ ...base, price, requirement: requirements[i % requirements.length] ?? null, rating }, now - (demos.length + i) * 3_600_000);
    const round = Math.floor(i / (demos.length * BENCH_VARIANTS.length)) + 1;
    rows.push({
      ...row,
      id: `tpl-bench-${String(i + 1).padStart(4, "0")}`,
      name: `${base.name} ${variant}${round > 1 ? ` ${round}` : ""}`,
      view_count: (i * 131) % 5000,
      use_count: (i * 17) % 400,
    });
  }
  return rows;
}
