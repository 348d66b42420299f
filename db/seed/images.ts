import { Random } from "./random.ts";

/**
 * Demo images made by the project (no external URLs): SVG artworks, different for each
 * subcategory and variant, deterministic, a few kilobytes each. Served from R2 like uploads.
 */
export const IMAGE_WIDTH = 1200;
export const IMAGE_HEIGHT = 800;
/**
 * Artworks per subcategory: a browse page's 24 cards can each have their own (db/seed/covers.ts).
 * A listing's photos come from the first PHOTO_VARIANTS (the generator's draw, unchanged).
 */
export const IMAGES_PER_SUBCATEGORY = 24;
export const PHOTO_VARIANTS = 8;
export const HERO_IMAGES = 6;

const PALETTES: readonly (readonly [string, string, string, string])[] = [
  ["#7f1d3c", "#c2416b", "#f9c04a", "#fff1d6"],
  ["#1e3a5f", "#3d6e9e", "#f2a007", "#fdf3e1"],
  ["#5b2a86", "#9a4fc7", "#f6c453", "#f7efff"],
  ["#0f5c4d", "#2d9c7f", "#f4b942", "#eefaf5"],
  ["#8a2b06", "#d4622a", "#ffd27a", "#fff4e6"],
  ["#6b0f1a", "#b91646", "#ffb347", "#fff0f3"],
  ["#283618", "#606c38", "#dda15e", "#fefae0"],
  ["#3c096c", "#c77dff", "#ffd166", "#f8f0ff"],
  ["#7a3e00", "#c8782a", "#ffe08a", "#fff6e0"],
  ["#004e64", "#25a18e", "#ffd166", "#eefbf8"],
  ["#8e0e3c", "#e0457b", "#ffcf56", "#fff0f5"],
  ["#22333b", "#5e6472", "#e0a458", "#f4f1ea"],
];

function hash(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function mandala(cx: number, cy: number, r: number, petals: number, color: string, opacity: number): string {
  const parts: string[] = [];
  for (let i = 0; i < petals; i++) {
    const a = (360 / petals) * i;
    parts.push(
      `<ellipse cx="${cx}" cy="${cy - r / 2}" rx="${(r / 6).toFixed(1)}" ry="${(r / 2).toFixed(1)}" transform="rotate(${a.toFixed(1)} ${cx} ${cy})"/>`,
    );
  }
  return `<g fill="${color}" opacity="${opacity}">${parts.join("")}<circle cx="${cx}" cy="${cy}" r="${(r / 5).toFixed(1)}"/></g>`;
}

/** An artwork for one subcategory and variant; the label is drawn small in a corner. */
export function artworkSvg(label: string, variant: number, width = IMAGE_WIDTH, height = IMAGE_HEIGHT): string {
  const rnd = new Random(hash(`${label}:${variant}`));
  const [deep, mid, gold, light] = PALETTES[(hash(label) + variant) % PALETTES.length] as (typeof PALETTES)[number];
  // Past the palettes, the gradient runs the other way: no two of a subcategory's artworks look alike.
  const flip = Math.floor(variant / PALETTES.length) % 2 === 1;
  const shapes: string[] = [];
  const arches = rnd.int(3, 5);
  for (let i = 0; i < arches; i++) {
    const w = width / arches;
    const x = i * w;
    const top = height * (0.35 + rnd.next() * 0.2);
    shapes.push(
      `<path d="M${x + w * 0.1} ${height} V${top + w * 0.4} A${w * 0.4} ${w * 0.4} 0 0 1 ${x + w * 0.9} ${top + w * 0.4} V${height}Z" fill="${light}" opacity="${(0.12 + rnd.next() * 0.15).toFixed(2)}"/>`,
    );
  }
  const blooms = rnd.int(2, 4);
  for (let i = 0; i < blooms; i++) {
    shapes.push(
      mandala(rnd.int(80, width - 80), rnd.int(80, height - 200), rnd.int(90, 220), rnd.pick([8, 12, 16]), i % 2 ? gold : light, 0.35 + rnd.next() * 0.3),
    );
  }
  const garland: string[] = [];
  for (let x = 0; x <= width; x += 40) garland.push(`<circle cx="${x}" cy="${(30 + Math.sin(x / 90) * 18).toFixed(1)}" r="11"/>`);
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}">
<defs><linearGradient id="g" x1="${flip ? 1 : 0}" y1="0" x2="${flip ? 0 : 1}" y2="1"><stop offset="0" stop-color="${deep}"/><stop offset="1" stop-color="${mid}"/></linearGradient></defs>
<rect width="${width}" height="${height}" fill="url(#g)"/>${shapes.join("")}
<g fill="${gold}" opacity=".85">${garland.join("")}</g>
<text x="${width - 40}" y="${height - 40}" text-anchor="end" font-family="Georgia, serif" font-size="38" fill="${light}" opacity=".9">${escapeXml(label)}</text>
</svg>`;
}

/** R2 key of a subcategory's demo image. */
export function demoImageKey(subcategorySlug: string, variant: number): string {
  return `seed/img/${subcategorySlug}-${variant}.svg`;
}

export function demoLogoKey(n: number): string {
  return `seed/logo/${n}.svg`;
}

export const LOGO_VARIANTS = 12;

export function logoSvg(n: number): string {
  const [deep, , gold, light] = PALETTES[n % PALETTES.length] as (typeof PALETTES)[number];
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 200" width="200" height="200"><rect width="200" height="200" rx="40" fill="${deep}"/>${mandala(100, 100, 130, 8 + (n % 3) * 4, gold, 0.9)}<circle cx="100" cy="100" r="20" fill="${light}"/></svg>`;
}
