// Writes the home page and discover page artworks (hero, category and tile images) as static
// SVG files under public/images/, made by the same generator as the demo data. Run with
// `node scripts/make-static-images.mjs` (Node 24 strips the TypeScript types) after changing it.
import { mkdirSync, writeFileSync } from "node:fs";
import { artworkSvg, HERO_IMAGES } from "#db/seed/images.ts";

const out = (dir, name, svg) => {
  mkdirSync(`public/images/${dir}`, { recursive: true });
  writeFileSync(`public/images/${dir}/${name}.svg`, svg);
};

const heroLabels = ["Mandap", "Pheras", "Sangeet", "Mehendi", "Haldi", "Reception"];
for (let i = 0; i < HERO_IMAGES; i++) out("hero", `hero-${i + 1}`, artworkSvg(heroLabels[i] ?? "Mandap", i + 3, 1600, 900));

for (const [slug, label] of [
  ["wedding-venue", "Wedding Venue"],
  ["wedding-vendor", "Wedding Vendor"],
  ["bride", "Bride"],
  ["groom", "Groom"],
  ["wedding-services", "Wedding Services"],
  ["other-services", "Other Services"],
  ["destination", "Destination Wedding"],
])
  out("categories", slug, artworkSvg(label, 1, 800, 600));
