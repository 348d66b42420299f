/**
 * Marks the page's module preloads `fetchpriority="low"` in the streamed HTML head. React Router
 * hoists a modulepreload for every chunk of the route into <head>, ahead of the stylesheet and the
 * hero image; on a slow phone connection those ~120 KB of JavaScript would otherwise compete with
 * the CSS and the largest image for the first paint. The page is readable and its links and forms
 * work before the scripts arrive, so the scripts can wait their turn.
 *
 * Works on bytes: the head is held until "</head>" arrives, only the head is decoded and rewritten
 * (it ends at an ASCII "<", so no character is cut), and everything after passes through untouched.
 */
const encoder = new TextEncoder();
const HEAD_END = encoder.encode("</head>");

function indexOf(haystack: Uint8Array, needle: Uint8Array, from = 0): number {
  outer: for (let i = from; i <= haystack.length - needle.length; i++) {
    for (let j = 0; j < needle.length; j++) if (haystack[i + j] !== needle[j]) continue outer;
    return i;
  }
  return -1;
}

function lastIndexOf(haystack: Uint8Array, needle: Uint8Array, before: number): number {
  outer: for (let i = Math.min(before, haystack.length - needle.length); i >= 0; i--) {
    for (let j = 0; j < needle.length; j++) if (haystack[i + j] !== needle[j]) continue outer;
    return i;
  }
  return -1;
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  if (a.length === 0) return b;
  const joined = new Uint8Array(a.length + b.length);
  joined.set(a);
  joined.set(b, a.length);
  return joined;
}

export function lowerModulePreloadPriority(body: ReadableStream<Uint8Array>): ReadableStream<Uint8Array> {
  let held: Uint8Array = new Uint8Array(0);
  let passing = false;
  return body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        if (passing) return controller.enqueue(chunk);
        const joined = concat(held, chunk);
        const end = indexOf(joined, HEAD_END);
        if (end === -1) {
          held = joined;
          return;
        }
        passing = true;
        held = new Uint8Array(0);
        const head = new TextDecoder().decode(joined.subarray(0, end)).replaceAll('<link rel="modulepreload"', '<link rel="modulepreload" fetchpriority="low"');
        controller.enqueue(encoder.encode(head));
        controller.enqueue(joined.subarray(end));
      },
      flush(controller) {
        if (held.length) controller.enqueue(held);
      },
    }),
  );
}

/**
 * The page's scripts start loading after its first paint.
 *
 * React Router writes a `modulepreload` for every chunk of the route into <head> and a module
 * script that imports them at the end of <body>, so ~130 KB (gzipped) of JavaScript starts
 * downloading as soon as the head is parsed. On a phone's connection it shares the bandwidth with
 * the stylesheet and the largest image, and when it arrives first its evaluation and React's
 * hydration (the longest tasks of a page load) hold back the first paint. The server's HTML is the
 * page (links and forms work without JavaScript), so this stream rewrites both: the preloads leave
 * the head, and the module script waits for the first frame to be painted, then adds the same
 * preloads (all chunks in parallel, no waterfall) and imports the route modules as before.
 * Decisions 0036 and 0037 have the measurements and the cost (hydration starts later by about one
 * frame on a fast connection and by the script download on a slow one).
 *
 * Used on the discovery pages only (home, browse, a service, a vendor: what a visitor from a search
 * engine lands on); the dashboards and editors, where a person acts at once, keep React Router's
 * loading with lowered priority. A form or link that needs the scripts and is used before they ran
 * is held and used again once they have (shared/early-taps.ts), so the wait loses no tap.
 *
 * Works on bytes and never cuts a character: the head is held until "</head>" and the module
 * script until its "</script>" (both end at an ASCII "<"), and everything else passes through as
 * it arrives. A page without preloads, or a module script of a shape this does not know (a future
 * React Router, the dev server's HMR imports), passes through unchanged.
 */
const MODULE_SCRIPT = encoder.encode(' type="module" async="">');
const SCRIPT_OPEN = encoder.encode("<script");
const SCRIPT_END = encoder.encode("</script>");
const LT = 0x3c;
const GT = 0x3e;

const PRELOAD_LINK = /<link rel="modulepreload"[^>]*?href="([^"]+)"[^>]*>/g;

/** The head without its module preloads, and their addresses in order. */
export function takeModulePreloads(head: string): { head: string; hrefs: string[] } {
  const hrefs: string[] = [];
  const rest = head.replace(PRELOAD_LINK, (_tag, href: string) => {
    hrefs.push(href);
    return "";
  });
  return { head: rest, hrefs };
}

const STATIC_ROUTE_IMPORT = /import \* as (\w+) from ("[^"\\]+");/g;

/**
 * React Router's module script with its static imports made dynamic, behind the first paint, or
 * null when the script is not the shape this knows.
 */
export function deferModuleScript(script: string, hrefs: string[]): string | null {
  const routes: { name: string; from: string }[] = [];
  const rest = script.replace(STATIC_ROUTE_IMPORT, (_m, name: string, from: string) => {
    routes.push({ name, from });
    return "";
  });
  // Anything else imported statically (the dev server's HMR runtime) keeps React Router's script.
  if (routes.length === 0 || /(^|[;\s])import\s*["'{*\w]/.test(rest) || /\bexport\b/.test(rest)) return null;
  const waitForPaint = 'await new Promise((go) => (document.visibilityState === "visible" ? requestAnimationFrame(() => setTimeout(go, 0)) : go()));';
  const preload = `for (const href of ${JSON.stringify(hrefs)}) document.head.appendChild(Object.assign(document.createElement("link"), { rel: "modulepreload", href }));`;
  const load = `const [${routes.map((r) => r.name).join(", ")}] = await Promise.all([${routes.map((r) => `import(${r.from})`).join(", ")}]);`;
  return `${waitForPaint}\n${preload}\n${load}${rest}`;
}

export function scriptsAfterFirstPaint(body: ReadableStream<Uint8Array>): ReadableStream<Uint8Array> {
  let held: Uint8Array = new Uint8Array(0);
  let phase: "head" | "body" | "through" = "head";
  let hrefs: string[] = [];
  return body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        if (phase === "through") return controller.enqueue(chunk);
        let buffer = concat(held, chunk);
        held = new Uint8Array(0);
        if (phase === "head") {
          const end = indexOf(buffer, HEAD_END);
          if (end === -1) {
            held = buffer;
            return;
          }
          const taken = takeModulePreloads(new TextDecoder().decode(buffer.subarray(0, end)));
          controller.enqueue(encoder.encode(taken.head));
          hrefs = taken.hrefs;
          buffer = buffer.subarray(end);
          phase = hrefs.length ? "body" : "through";
          if (phase === "through") return controller.enqueue(buffer);
        }
        // Body: pass bytes on until React Router's module script, which is held whole and rewritten.
        const marker = indexOf(buffer, MODULE_SCRIPT);
        if (marker === -1) {
          // Hold back an unfinished tag at the end: it may be the start of the module script.
          const lastOpen = buffer.lastIndexOf(LT);
          const cut = lastOpen !== -1 && buffer.indexOf(GT, lastOpen) === -1 ? lastOpen : buffer.length;
          controller.enqueue(buffer.subarray(0, cut));
          held = buffer.slice(cut);
          return;
        }
        const tagStart = lastIndexOf(buffer, SCRIPT_OPEN, marker);
        const contentStart = marker + MODULE_SCRIPT.length;
        const close = indexOf(buffer, SCRIPT_END, contentStart);
        if (close === -1) {
          controller.enqueue(buffer.subarray(0, tagStart));
          held = buffer.slice(tagStart);
          return;
        }
        const script = new TextDecoder().decode(buffer.subarray(contentStart, close));
        const deferred = deferModuleScript(script, hrefs);
        // A script of a shape this does not know runs as React Router wrote it (its imports load the
        // chunks one level at a time, slower but whole).
        controller.enqueue(buffer.subarray(0, contentStart));
        controller.enqueue(deferred === null ? buffer.subarray(contentStart, close) : encoder.encode(deferred));
        controller.enqueue(buffer.subarray(close));
        phase = "through";
      },
      flush(controller) {
        if (held.length) controller.enqueue(held);
      },
    }),
  );
}
