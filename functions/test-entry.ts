import { createWorker } from "./app.ts";

/** Each wedding's store (decision 0055): a Durable Object class is exported by the Worker's entry. */
export { WeddingStore } from "./stores/wedding-store/index.ts";
/** The Durable Object class of live planning (wrangler.jsonc durable_objects): exported by the Worker's entry. */
export { WeddingLive } from "./platform/wedding-live.ts";

/**
 * The Worker as tests run it: the same composition with a stand-in for the React Router build
 * (the workerd test pool cannot resolve `virtual:react-router/server-build`). Page rendering is
 * covered by the e2e suite against the production build.
 */
export default createWorker(
  async (request) => new Response(`pages:${request.method} ${new URL(request.url).pathname}`, { headers: { "Content-Type": "text/plain" } }),
);
