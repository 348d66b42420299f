import { describe, expect, it } from "vitest";
import { deferModuleScript, lowerModulePreloadPriority, scriptsAfterFirstPaint } from "#app/lib/head-stream.server.ts";

type HeadStream = (body: ReadableStream<Uint8Array>) => ReadableStream<Uint8Array>;

/** Streams `html` in pieces cut at the given byte offsets through `rewrite` and reads back what the page receives. */
async function throughStream(html: string, cuts: number[], rewrite: HeadStream = lowerModulePreloadPriority): Promise<string> {
  const bytes = new TextEncoder().encode(html);
  const edges = [0, ...cuts, bytes.length];
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (let i = 0; i < edges.length - 1; i++) controller.enqueue(bytes.slice(edges[i], edges[i + 1]));
      controller.close();
    },
  });
  return new Response(rewrite(body)).text();
}

const page =
  '<!DOCTYPE html><html><head><link rel="modulepreload" href="/a.js"/><link rel="stylesheet" href="/s.css"/></head><body><p>₹1,200 / thali — शादी</p><link rel="modulepreload" href="/late.js"/></body></html>';

describe("module preloads wait behind CSS", () => {
  it("marks the head's preloads low priority and leaves the body byte for byte", async () => {
    const out = await throughStream(page, []);
    expect(out).toContain('<link rel="modulepreload" fetchpriority="low" href="/a.js"/>');
    expect(out.slice(out.indexOf("</head>"))).toBe(page.slice(page.indexOf("</head>")));
  });

  it("keeps every character when chunks split '</head>' or a multi-byte character", async () => {
    const bytes = new TextEncoder().encode(page);
    const headEnd = new TextEncoder().encode(page.slice(0, page.indexOf("</head>"))).length;
    const rupee = new TextEncoder().encode(page.slice(0, page.indexOf("₹"))).length;
    const expected = await throughStream(page, []);
    for (const cuts of [
      [headEnd + 3],
      [headEnd - 2, headEnd + 9],
      [rupee + 1],
      [headEnd + 7, rupee + 2],
      Array.from({ length: bytes.length - 1 }, (_, i) => i + 1),
    ]) {
      expect(await throughStream(page, cuts)).toBe(expected);
    }
  });

  it("passes a document without a head through unchanged", async () => {
    expect(await throughStream("plain text, no head", [5])).toBe("plain text, no head");
  });
});

// The shape React Router 8 writes (its <Scripts/>), shortened.
const moduleScript =
  ';\nimport * as route0 from "/assets/root-A.js";\nimport * as route1 from "/assets/route-B.js";\n  window.__reactRouterManifest = {"entry":{"module":"/assets/entry.client-C.js","imports":["/assets/react-dom-D.js"]}};\n  window.__reactRouterRouteModules = {"root":route0,"routes/browse-list":route1};\n\nimport("/assets/entry.client-C.js");';
const discoveryPage =
  '<!DOCTYPE html><html><head><meta charSet="utf-8"/><link rel="modulepreload" href="/assets/entry.client-C.js" nonce="n0"/>' +
  '<link rel="stylesheet" href="/s.css"/><link rel="modulepreload" href="/assets/react-dom-D.js" nonce="n0"/></head>' +
  '<body><p>₹1,200 / thali — शादी</p><img src="/a.svg" fetchpriority="high"/>' +
  '<script nonce="n0">window.__reactRouterContext = {};</script>' +
  `<script nonce="n0" type="module" async="">${moduleScript}</script>` +
  '<script nonce="n0">window.__reactRouterContext.streamController.close();</script></body></html>';

/** Runs the rewritten module script's statements the way a browser would, against fake globals. */
async function runModuleScript(html: string, visibilityState = "visible") {
  const body = html.match(/<script nonce="n0" type="module" async="">([\s\S]*?)<\/script>/)?.[1];
  if (!body) throw new Error("no module script");
  const events: string[] = [];
  const head = { appendChild: (link: { rel: string; href: string }) => events.push(`${link.rel} ${link.href}`) };
  const document = { visibilityState, head, createElement: () => ({}) };
  const window: Record<string, unknown> = {};
  // Nothing may write the history entry (React Router does, once it starts).
  const history = {
    state: null as Record<string, unknown> | null,
    replaceState(state: Record<string, unknown>) {
      events.push(`history index ${String(state.idx)}`);
      this.state = state;
    },
  };
  const requestAnimationFrame = (f: () => void) => {
    events.push("frame");
    f();
  };
  const setTimeout = (f: () => void) => {
    events.push("after paint");
    f();
  };
  const load = (href: string) => {
    events.push(`import ${href}`);
    return Promise.resolve({ href });
  };
  // The script is a module (top-level await, dynamic import): run it as an async function body.
  const run = new Function(
    "document",
    "window",
    "history",
    "requestAnimationFrame",
    "setTimeout",
    "load",
    `return (async () => {${body.replaceAll("import(", "load(")}})();`,
  );
  await run(document, window, history, requestAnimationFrame, setTimeout, load);
  return { events, window };
}

describe("scripts load after the first paint", () => {
  it("takes the preloads out of the head and leaves the rest of it", async () => {
    const out = await throughStream(discoveryPage, [], scriptsAfterFirstPaint);
    const head = out.slice(0, out.indexOf("</head>"));
    expect(head).not.toContain("modulepreload");
    expect(head).toContain('<meta charSet="utf-8"/>');
    expect(head).toContain('<link rel="stylesheet" href="/s.css"/>');
  });

  it("imports the same modules, after a painted frame, with every preload added before the first import", async () => {
    const { events, window } = await runModuleScript(await throughStream(discoveryPage, [], scriptsAfterFirstPaint));
    expect(events).toEqual([
      "frame",
      "after paint",
      "modulepreload /assets/entry.client-C.js",
      "modulepreload /assets/react-dom-D.js",
      "import /assets/root-A.js",
      "import /assets/route-B.js",
      "import /assets/entry.client-C.js",
    ]);
    // React Router finds its route modules where it always does.
    expect(window.__reactRouterRouteModules).toEqual({ root: { href: "/assets/root-A.js" }, "routes/browse-list": { href: "/assets/route-B.js" } });
  });

  it("does not wait for a frame in a tab opened in the background (it draws none until shown)", async () => {
    const { events } = await runModuleScript(await throughStream(discoveryPage, [], scriptsAfterFirstPaint), "hidden");
    expect(events.slice(0, 2)).toEqual(["modulepreload /assets/entry.client-C.js", "modulepreload /assets/react-dom-D.js"]);
    expect(events).not.toContain("frame");
  });

  it("leaves every byte outside the head's preloads and the module script as it was", async () => {
    const out = await throughStream(discoveryPage, [], scriptsAfterFirstPaint);
    const after = (s: string) => s.slice(s.indexOf("</script>", s.indexOf('type="module"')));
    const between = (s: string) => s.slice(s.indexOf("</head>"), s.indexOf('type="module"'));
    expect(after(out)).toBe(after(discoveryPage));
    expect(between(out)).toBe(between(discoveryPage));
  });

  it("gives the same page however the stream is cut, through tags and multi-byte characters", async () => {
    const bytes = new TextEncoder().encode(discoveryPage);
    const expected = await throughStream(discoveryPage, [], scriptsAfterFirstPaint);
    const at = (s: string) => new TextEncoder().encode(discoveryPage.slice(0, discoveryPage.indexOf(s))).length;
    for (const cuts of [
      [at("</head>") + 3],
      [at("₹") + 1, at("शादी") + 2],
      [at(' type="module"') + 4],
      [at('<script nonce="n0" type') + 2, at("import * as route1") + 5],
      [at('</script><script nonce="n0">window.__reactRouterContext.streamController') + 4],
      Array.from({ length: bytes.length - 1 }, (_, i) => i + 1),
    ]) {
      expect(await throughStream(discoveryPage, cuts, scriptsAfterFirstPaint)).toBe(expected);
    }
  });

  it("passes a page without preloads through unchanged", async () => {
    const plain = discoveryPage.replace(/<link rel="modulepreload"[^>]*>/g, "");
    expect(await throughStream(plain, [40, 300], scriptsAfterFirstPaint)).toBe(plain);
    expect(await throughStream("plain text, no head", [5], scriptsAfterFirstPaint)).toBe("plain text, no head");
  });

  it("keeps a module script of another shape as React Router wrote it", async () => {
    const dev = discoveryPage.replace(
      moduleScript,
      'import "/@vite/client";\nimport * as route0 from "/app/root.tsx";\nwindow.__reactRouterRouteModules = {"root":route0};',
    );
    const out = await throughStream(dev, [], scriptsAfterFirstPaint);
    expect(out.slice(out.indexOf('type="module"'))).toBe(dev.slice(dev.indexOf('type="module"')));
    expect(deferModuleScript("export const x = 1;", [])).toBeNull();
  });
});
