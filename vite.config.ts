import { cloudflare } from "@cloudflare/vite-plugin";
import { paraglideVitePlugin } from "@inlang/paraglide-js";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { relative } from "node:path";
import { defineConfig, type Plugin } from "vite";
import { paraglideOptions } from "./scripts/messages.mjs";

// MANDAP_STATE lets the e2e suite run on its own local D1/R2 without touching the demo data.
const statePath = process.env.MANDAP_STATE ?? ".wrangler/state";

// Names this build in the page cache's key (functions/worker.ts): a deploy never serves pages
// rendered by the previous server code, even when no client file changed.
const buildId = new Date().toISOString();

/**
 * Server code never reaches the browser: a client build whose module graph resolves a file under
 * functions/ or db/ fails, naming each file and who imported it. A route uses the domain in its
 * loader and action only (React Router removes those from the client build, and their imports with
 * them); a value the page's component needs (a URL, a message) lives in shared/.
 */
function serverCodeStaysOnServer(): Plugin {
  const leaks = new Set<string>();
  const root = process.cwd();
  const serverSide = (id: string) => /^(functions|db)\//.test(relative(root, id));
  return {
    name: "mandap:server-code-stays-on-server",
    enforce: "pre",
    applyToEnvironment: (environment) => environment.name === "client",
    async resolveId(source, importer, options) {
      if (!importer || serverSide(importer)) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      const leak = resolved && serverSide(resolved.id) ? `${relative(root, resolved.id)} (imported by ${relative(root, importer)})` : null;
      if (leak && !leaks.has(leak)) {
        leaks.add(leak);
        // Said at once too: a server module can break the build before it ends (a WASM import).
        this.warn(`server code in the client build: ${leak}`);
      }
      return resolved;
    },
    buildEnd() {
      if (leaks.size === 0) return;
      const list = [...leaks].map((leak) => `  ${leak}`).join("\n");
      this.error(`Server code in the client build:\n${list}\nKeep domain calls in loaders and actions; move values a component needs to shared/.`);
    },
  };
}

/**
 * Code that only ever runs in a browser stays out of the Worker: the card editor's canvas library
 * (fabric) and the budget chart (uPlot) are imported by effects (`import("fabric")`), which never
 * run while a page is rendered on the server, yet the bundler would still put them in the Worker's
 * upload. The server build gets a stand-in that fails loudly if it is ever run there
 * (`npm run deploy:check` checks that none of them is in the upload; docs/deploy.md).
 */
const CLIENT_ONLY_PACKAGES = ["fabric", "uplot"];
function clientOnlyStaysInBrowser(): Plugin {
  const STAND_IN = "\0mandap:client-only:";
  const packageOf = (source: string) => CLIENT_ONLY_PACKAGES.find((name) => source === name || source.startsWith(`${name}/`));
  return {
    name: "mandap:client-only-stays-in-browser",
    enforce: "pre",
    applyToEnvironment: (environment) => environment.name === "ssr",
    resolveId(source) {
      const name = packageOf(source);
      return name ? `${STAND_IN}${name}` : null;
    },
    load(id) {
      if (!id.startsWith(STAND_IN)) return null;
      const name = id.slice(STAND_IN.length);
      return `throw new Error(${JSON.stringify(`${name} runs in the browser only: it is not in the server build (vite.config.ts)`)});\nexport default undefined;\n`;
    },
  };
}

/**
 * How the browser's JavaScript is cut into files (docs/decisions/0053, 2026-11-30). Each file is
 * gzipped on its own, so many small files cost more than the same code in one. Two files hold what
 * every page loads anyway: "framework" (React, React DOM, the scheduler, React Router) and "shell"
 * (app/root.tsx and everything it imports statically: header, footer, language switch, toasts'
 * trigger, the messages they use). A module reached only through a dynamic import() is not part of
 * the shell, and a route's own modules stay in the chunks the bundler makes for it.
 */
const FRAMEWORK = /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/;
const ROOT_ROUTE = /[\\/]app[\\/]root\.tsx(\?|$)/;
// Modules that only re-export others (every message, a folder's index): the root importing one of
// them does not use all of what they name, so the walk up does not go through them.
const BARREL = /[\\/](paraglide[\\/]messages(\.js|[\\/]_index\.js)|index\.tsx?)$/;
function shellChunk(id: string, ctx: { getModuleInfo(id: string): { importers: readonly string[] } | null }) {
  // Walks up the static importers: the module is in the shell when root.tsx is one of its ancestors.
  const seen = new Set([id]);
  const queue = [id];
  for (let module = queue.pop(); module !== undefined; module = queue.pop()) {
    if (ROOT_ROUTE.test(module)) return "shell";
    for (const importer of ctx.getModuleInfo(module)?.importers ?? []) {
      if (!seen.has(importer) && !BARREL.test(importer)) {
        seen.add(importer);
        queue.push(importer);
      }
    }
  }
  return null;
}

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
    // Compiles messages/*.json to shared/paraglide/ before the app is bundled (scripts/messages.mjs).
    paraglideVitePlugin(paraglideOptions),
    tailwindcss(),
    reactRouter(),
    serverCodeStaysOnServer(),
    clientOnlyStaysInBrowser(),
  ],
  // The hero's first image (app/app.css) goes into the stylesheet as a data URL, whatever its size.
  build: { assetsInlineLimit: (file: string) => (/[\\/]hero-1\.svg$/.test(file) ? true : undefined) },
  environments: {
    client: {
      build: {
        rolldownOptions: {
          output: {
            codeSplitting: {
              groups: [
                { name: "framework", test: FRAMEWORK, priority: 2 },
                { name: shellChunk, priority: 1 },
              ],
            },
          },
        },
      },
    },
  },
  preview: { port: Number(process.env.PORT ?? 8787), strictPort: true },
  server: { port: Number(process.env.PORT ?? 5173) },
}));
