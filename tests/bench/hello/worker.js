// The ceiling: the cheapest possible Worker, run by the same launcher as the app.
// `?bytes=N` answers N bytes of HTML instead (the ceiling for a page of that size: the launcher
// and the client move the same bytes as for a cached page, with no work in the Worker).
const pages = new Map();
export default {
  fetch(request) {
    const bytes = Number(new URL(request.url).searchParams.get("bytes") ?? 0);
    if (bytes > 0 && bytes <= 4_000_000) {
      if (!pages.has(bytes)) pages.set(bytes, new TextEncoder().encode("<p>".padEnd(bytes, "a")));
      return new Response(pages.get(bytes), { headers: { "Content-Type": "text/html; charset=utf-8" } });
    }
    return new Response("hello", { headers: { "Content-Type": "text/plain" } });
  },
};
