import { cloudflare } from "@cloudflare/vite-plugin";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

// MANDAP_STATE lets the e2e suite run on its own local D1/R2 without touching the demo data.
const statePath = process.env.MANDAP_STATE ?? ".wrangler/state";

// Names this build in the page cache's key (functions/worker.ts): a deploy never serves pages
// rendered by the previous server code, even when no client file changed.
const buildId = new Date().toISOString();

export default defineConfig(({ command, isPreview }) => ({
  define: { __MANDAP_BUILD__: JSON.stringify(buildId) },
  plugins: [
    cloudflare({
      viteEnvironment: { name: "ssr" },
      persistState: { path: statePath },
      // `npm run dev` (the dev server, never a build) serves the development pages such as
      // /dev/mailbox and runs the sandbox payment gateway; builds never carry DEV_PAGES or
      // SANDBOX_GATEWAY (the start and e2e scripts opt their local preview in through
      // build/server/.dev.vars, see scripts/run.mjs). Both answer on loopback hosts only.
      ...(command === "serve" && !isPreview ? { config: { vars: { DEV_PAGES: "on", SANDBOX_GATEWAY: "on" } } } : {}),
    }),
    tailwindcss(),
    reactRouter(),
  ],
  // The hero's first image (app/app.css) goes into the stylesheet as a data URL, whatever its size.
  build: { assetsInlineLimit: (file: string) => (/[\\/]hero-1\.svg$/.test(file) ? true : undefined) },
  preview: { port: Number(process.env.PORT ?? 8787), strictPort: true },
  server: { port: Number(process.env.PORT ?? 5173) },
}));
