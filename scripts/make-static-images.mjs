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
// The first hero image is drawn by the stylesheet (app/app.css, inlined as a data URL by
// vite.config.ts), so the home page's first paint needs no image request; the others are files.
writeFileSync("app/assets/hero-1.svg", artworkSvg(heroLabels[0], 3, 1600, 900));
for (let i = 1; i < HERO_IMAGES; i++) out("hero", `hero-${i + 1}`, artworkSvg(heroLabels[i] ?? "Mandap", i + 3, 1600, 900));

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
