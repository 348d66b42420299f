import { createWorker } from "./app.ts";

/**
 * The Worker as tests run it: the same composition with a stand-in for the React Router build
 * (the workerd test pool cannot resolve `virtual:react-router/server-build`). Page rendering is
 * covered by the e2e suite against the production build.
 */
export default createWorker(
  async (request) => new Response(`pages:${request.method} ${new URL(request.url).pathname}`, { headers: { "Content-Type": "text/plain" } }),
);
