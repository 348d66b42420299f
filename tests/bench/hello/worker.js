// The ceiling: the cheapest possible Worker, run by the same launcher as the app.
export default {
  fetch() {
    return new Response("hello", { headers: { "Content-Type": "text/plain" } });
  },
};
