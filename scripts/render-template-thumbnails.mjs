#!/usr/bin/env node
// Renders every demo invitation template (db/seed/invite-templates.ts) with fabric itself, in
// Chromium, to db/seed/template-thumbnails/{id}.webp (480 px wide, WebP quality 0.8). The files
// are committed, so seeding works on a machine without Chromium; rerun this after changing a design:
//   node scripts/render-template-thumbnails.mjs            all templates
//   node scripts/render-template-thumbnails.mjs --png DIR  also writes full-size PNGs to DIR (for review)
//   node scripts/render-template-thumbnails.mjs --only tpl-royal-maroon
// It doubles as the check that every template loads in fabric 7: it exits non-zero when one fails
// to load, loses objects, places a path away from where it was drawn, or draws with a missing font.
/* global document, FontFace, fabric -- these run inside the page (page.evaluate), not in Node. */
import { chromium } from "@playwright/test";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { demoTemplates, THUMBNAIL_WIDTH, thumbnailFileOf } from "#db/seed/invite-templates.ts";
import { CARD_CUSTOM_PROPERTIES } from "#shared/card-format.ts";
import { ensureChromium } from "./chromium.mjs";

const { values } = parseArgs({ options: { png: { type: "string" }, only: { type: "string" }, quality: { type: "string", default: "0.8" } } });
const quality = Number(values.quality);

/** The faces app/lib/card-fonts.ts registers (read from that file, so the two never drift apart). */
function cardFontFaces() {
  const source = readFileSync("app/lib/card-fonts.ts", "utf8");
  const files = Object.fromEntries([...source.matchAll(/import (\w+) from "(@fontsource\/[^"?]+)\?url";/g)].map((m) => [m[1], m[2]]));
  const ranges = Object.fromEntries([...source.matchAll(/const (LATIN|DEVANAGARI) =\s*"([^"]+)";/g)].map((m) => [m[1], m[2]]));
  const faces = [...source.matchAll(/\{ family: "([^"]+)", url: (\w+), weight: (\d+), range: (LATIN|DEVANAGARI) \}/g)].map((m) => ({
    family: m[1],
    file: files[m[2]] ? resolve("node_modules", files[m[2]]) : "",
    weight: m[3],
    range: ranges[m[4]],
  }));
  if (!faces.length || faces.some((f) => !f.range || !f.file || !existsSync(f.file)))
    throw new Error("Could not read the card font faces from app/lib/card-fonts.ts");
  return faces;
}

const templates = demoTemplates().filter((t) => !values.only || t.id === values.only);
if (!templates.length) throw new Error(`No template ${values.only}`);
const faces = cardFontFaces();

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? ensureChromium(), args: ["--no-sandbox"] });
let failures = 0;
let totalBytes = 0;
try {
  const page = await browser.newPage({ deviceScaleFactor: 1 });
  const consoleErrors = [];
  page.on("pageerror", (e) => consoleErrors.push(String(e)));
  await page.setContent("<!doctype html><html><body></body></html>");
  await page.addScriptTag({ path: "node_modules/fabric/dist/index.min.js" });
  const loaded = await page.evaluate(
    async (list) => {
      for (const f of list) {
        const bytes = Uint8Array.from(atob(f.data), (c) => c.charCodeAt(0));
        const face = new FontFace(f.family, bytes.buffer, { weight: f.weight, unicodeRange: f.range });
        document.fonts.add(await face.load());
      }
      await document.fonts.ready;
      return [...document.fonts].filter((f) => f.status === "loaded").length;
    },
    faces.map((f) => ({ family: f.family, weight: f.weight, range: f.range, data: readFileSync(f.file).toString("base64") })),
  );
  if (loaded !== faces.length) throw new Error(`Only ${loaded} of ${faces.length} font faces loaded`);

  for (const t of templates) {
    const result = await page.evaluate(
      async ({ canvas, width, quality, props, png }) => {
        const problems = [];
        const el = document.createElement("canvas");
        const c = new fabric.StaticCanvas(el, { width: canvas.width, height: canvas.height, enableRetinaScaling: false, renderOnAddRemove: false });
        try {
          await c.loadFromJSON(canvas);
        } catch (e) {
          return { problems: [`loadFromJSON failed: ${e?.message ?? e}`] };
        }
        const objects = c.getObjects();
        if (objects.length !== canvas.objects.length) problems.push(`${canvas.objects.length} objects in the JSON, ${objects.length} loaded`);
        objects.forEach((o, i) => {
          const src = canvas.objects[i];
          if (o instanceof fabric.Path && (Math.abs(o.left - o.pathOffset.x) > 0.6 || Math.abs(o.top - o.pathOffset.y) > 0.6))
            problems.push(`path ${i} (${src.layerName}) is at ${o.left},${o.top} but drawn around ${o.pathOffset.x.toFixed(2)},${o.pathOffset.y.toFixed(2)}`);
          if (o instanceof fabric.Textbox) {
            const spec = `${o.fontStyle === "italic" ? "italic " : ""}${o.fontWeight} 20px "${o.fontFamily}"`;
            if (!document.fonts.check(spec, o.text)) problems.push(`text ${i} "${o.text.slice(0, 20)}" needs a font not loaded: ${spec}`);
            if (o.getBoundingRect().left < -1 || o.getBoundingRect().left + o.getBoundingRect().width > canvas.width + 1)
              problems.push(`text ${i} "${o.text.slice(0, 20)}" overflows the card`);
          }
        });
        const boxes = objects.filter((o) => o instanceof fabric.Textbox).map((o) => ({ o, r: o.getBoundingRect() }));
        boxes.forEach((a, i) => {
          if (a.r.top + a.r.height > canvas.height + 1) problems.push(`text "${a.o.text.slice(0, 20)}" runs off the bottom`);
          for (const b of boxes.slice(i + 1)) {
            const overlapX = Math.min(a.r.left + a.r.width, b.r.left + b.r.width) - Math.max(a.r.left, b.r.left);
            const overlapY = Math.min(a.r.top + a.r.height, b.r.top + b.r.height) - Math.max(a.r.top, b.r.top);
            if (overlapX > 2 && overlapY > 2) problems.push(`texts "${a.o.text.slice(0, 20)}" and "${b.o.text.slice(0, 20)}" overlap`);
          }
        });
        // The round trip the editor does keeps our own properties.
        const back = c.toObject(props);
        const lost = canvas.objects.filter(
          (o, i) => (o.placeholder && back.objects[i]?.placeholder !== o.placeholder) || (o.layerName && back.objects[i]?.layerName !== o.layerName),
        );
        if (lost.length) problems.push(`${lost.length} objects lost placeholder/layerName in toObject`);
        c.renderAll();
        const url = c.toDataURL({ format: "webp", quality, multiplier: width / canvas.width });
        const full = png ? c.toDataURL({ format: "png", multiplier: 1 }) : null;
        const texts = objects.filter((o) => o instanceof fabric.Textbox).length;
        c.dispose();
        return { problems, url, full, objects: objects.length, texts };
      },
      { canvas: t.canvas, width: THUMBNAIL_WIDTH, quality, props: [...CARD_CUSTOM_PROPERTIES], png: Boolean(values.png) },
    );
    if (result.problems.length) {
      failures++;
      console.error(`✗ ${t.id}:\n  ${result.problems.join("\n  ")}`);
      if (!result.url) continue;
    }
    if (!result.url.startsWith("data:image/webp;base64,")) {
      failures++;
      console.error(`✗ ${t.id}: the browser did not encode WebP`);
      continue;
    }
    const bytes = Buffer.from(result.url.split(",")[1], "base64");
    const file = thumbnailFileOf(t.id);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, bytes);
    totalBytes += bytes.length;
    if (values.png) {
      mkdirSync(values.png, { recursive: true });
      writeFileSync(join(values.png, `${t.id}.png`), Buffer.from(result.full.split(",")[1], "base64"));
    }
    console.log(
      `${result.problems.length ? "✗" : "✓"} ${t.id.padEnd(28)} ${t.canvas.width}x${t.canvas.height}  ${String(result.objects).padStart(3)} objects  ${(bytes.length / 1024).toFixed(1).padStart(5)} KB`,
    );
  }
  if (consoleErrors.length) {
    failures++;
    console.error(`Page errors:\n  ${consoleErrors.join("\n  ")}`);
  }
} finally {
  await browser.close();
}
console.log(
  `\n${templates.length - failures} of ${templates.length} templates rendered; thumbnails ${(totalBytes / 1024).toFixed(1)} KB in all (${totalBytes} bytes).`,
);
process.exit(failures ? 1 : 0);
