// The invitation gallery at scale (issue 13): "/templates with 500 templates meets the Lighthouse
// budget of the other public pages (performance >= 95 mobile)". The bench copies its database and
// fills the copy's gallery to 500 published templates (scripts/seed.mjs --templates 500: varied
// copies of the demo designs, each with its WebP thumbnail in R2), so the demo data you browse keeps
// its 30. run.mjs serves the copy with the built Worker and audits /templates next to the other
// public pages (lighthouse.mjs: performance, accessibility, best practices, SEO, bytes transferred).
//
//   node tests/bench/templates.mjs [--state .wrangler/state] [--port 8785] [--runs 3] [--path /templates]
// (needs a production build: react-router build). --path audits another page of the same copy,
// to try the bench before the gallery page exists.
import { cpSync, existsSync, rmSync } from "node:fs";
import { parseArgs } from "node:util";
import { pathToFileURL } from "node:url";
import { ensureChromium } from "../../scripts/chromium.mjs";
import { mustRun } from "../../scripts/run.mjs";
import { audit, startCompressingProxy } from "./lighthouse.mjs";
import { startScheduledWorker, waitFor } from "./scheduled-worker.mjs";

export const GALLERY_TEMPLATES = 500;
export const GALLERY_PATH = "/templates";

/** A copy of `sourceState` whose gallery holds `total` published templates; returns its state dir. */
export async function prepareTemplatesState(sourceState, { total = GALLERY_TEMPLATES, targetState = ".wrangler/bench-templates" } = {}) {
  if (existsSync(targetState)) rmSync(targetState, { recursive: true, force: true });
  cpSync(sourceState, targetState, { recursive: true });
  await mustRun(`gallery bench data (${total} templates)`, "node", ["scripts/seed.mjs", "--state", targetState, "--templates", String(total), "--quiet"]);
  return targetState;
}

/** What the gallery page answers before it is audited: status, bytes of HTML, and how many thumbnails it links. */
export async function galleryPage(base, path = GALLERY_PATH) {
  const res = await fetch(new URL(path, base), { headers: { cookie: "mandap_visited=1" } });
  const html = await res.text();
  return {
    path,
    status: res.status,
    htmlKB: Number((Buffer.byteLength(html) / 1024).toFixed(1)),
    thumbnails: (html.match(/templates\/[^"'/]+\/thumb\.webp/g) ?? []).length,
  };
}

/** The Lighthouse entry for the gallery, or null (with the reason printed) when the page does not answer 200. */
export function galleryAuditTarget(page, front) {
  if (page.status !== 200) {
    console.log(`\nGallery: ${page.path} answered ${page.status}, so it is not audited (is the gallery page built on this branch?).`);
    return null;
  }
  return { name: `gallery ${page.path} (${GALLERY_TEMPLATES} templates)`, url: `${front}${page.path}`, cookie: "mandap_visited=1" };
}

export function printGallery(page, row) {
  console.log(
    `\nGallery with ${GALLERY_TEMPLATES} templates: ${page.path} ${page.status}, HTML ${page.htmlKB} KB, ${page.thumbnails} thumbnails linked` +
      (row
        ? `; Lighthouse mobile performance ${row.performance} (${row.performanceRuns.join(", ")}), accessibility ${row.accessibility}, SEO ${row.seo}, best practices ${row.bestPractices}, transferred ${row.transferKB} KB, LCP ${row.lcpMs} ms`
        : ""),
  );
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { values } = parseArgs({
    options: {
      state: { type: "string", default: ".wrangler/state" },
      port: { type: "string", default: "8785" },
      runs: { type: "string", default: "3" },
      path: { type: "string", default: GALLERY_PATH },
    },
  });
  if (!existsSync("build/server/wrangler.json")) {
    console.error("No production build: run `npx react-router build` first.");
    process.exit(1);
  }
  const state = await prepareTemplatesState(values.state);
  const port = Number(values.port);
  const worker = startScheduledWorker(state, port);
  process.on("exit", () => worker.child.kill("SIGTERM"));
  try {
    await waitFor(worker.base);
    const page = await galleryPage(worker.base, values.path);
    process.env.CHROMIUM_PATH ??= ensureChromium();
    const proxy = await startCompressingProxy(worker.base, port + 1);
    const target = galleryAuditTarget(page, proxy.origin);
    const [row] = target ? await audit([target], Number(values.runs)) : [null];
    proxy.server.close();
    printGallery(page, row);
  } finally {
    worker.child.kill("SIGTERM");
  }
  process.exit(0);
}
