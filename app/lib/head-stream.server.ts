/**
 * Marks the page's module preloads `fetchpriority="low"` in the streamed HTML head. React Router
 * hoists a modulepreload for every chunk of the route into <head>, ahead of the stylesheet and the
 * hero image; on a slow phone connection those ~120 KB of JavaScript would otherwise compete with
 * the CSS and the largest image for the first paint. The page is readable and its links and forms
 * work before the scripts arrive, so the scripts can wait their turn.
 */
export function lowerModulePreloadPriority(body: ReadableStream<Uint8Array>): ReadableStream<Uint8Array> {
  const decoder = new TextDecoder();
  const encoder = new TextEncoder();
  let head = "";
  let passing = false;
  return body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        if (passing) return controller.enqueue(chunk);
        head += decoder.decode(chunk, { stream: true });
        const end = head.indexOf("</head>");
        if (end === -1) return;
        passing = true;
        controller.enqueue(encoder.encode(head.slice(0, end).replaceAll('<link rel="modulepreload"', '<link rel="modulepreload" fetchpriority="low"') + head.slice(end)));
        head = "";
      },
      flush(controller) {
        if (!passing && head) controller.enqueue(encoder.encode(head + decoder.decode()));
      },
    }),
  );
}
