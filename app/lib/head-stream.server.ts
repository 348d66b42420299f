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
const HEAD_END = new TextEncoder().encode("</head>");

function indexOf(haystack: Uint8Array, needle: Uint8Array): number {
  outer: for (let i = 0; i <= haystack.length - needle.length; i++) {
    for (let j = 0; j < needle.length; j++) if (haystack[i + j] !== needle[j]) continue outer;
    return i;
  }
  return -1;
}

export function lowerModulePreloadPriority(body: ReadableStream<Uint8Array>): ReadableStream<Uint8Array> {
  let held = new Uint8Array(0);
  let passing = false;
  return body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        if (passing) return controller.enqueue(chunk);
        const joined = new Uint8Array(held.length + chunk.length);
        joined.set(held);
        joined.set(chunk, held.length);
        const end = indexOf(joined, HEAD_END);
        if (end === -1) {
          held = joined;
          return;
        }
        passing = true;
        held = new Uint8Array(0);
        const head = new TextDecoder().decode(joined.subarray(0, end)).replaceAll('<link rel="modulepreload"', '<link rel="modulepreload" fetchpriority="low"');
        controller.enqueue(new TextEncoder().encode(head));
        controller.enqueue(joined.subarray(end));
      },
      flush(controller) {
        if (held.length) controller.enqueue(held);
      },
    }),
  );
}
