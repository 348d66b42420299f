/**
 * The message catalogues (messages/en.json, messages/hi.json) compile to shared/paraglide/: one
 * function per message, so a page's JavaScript carries only the messages it uses (docs/decisions/0046).
 * The output is generated, never committed: the app build and the test run compile it through the
 * Vite plugin (vite.config.ts, vitest.config.ts) and `npm run typecheck` runs this file first, so a
 * clean clone's `npm ci && npm test` produces it. One set of options for all three.
 *
 * The locale of a render is never read from module state: the server resolves it per request
 * (functions/platform/locale.ts), the browser from <html lang> (shared/locale.ts).
 */
/** @type {import("@inlang/paraglide-js").CompilerOptions} */
export const paraglideOptions = {
  project: "./project.inlang",
  outdir: "./shared/paraglide",
  strategy: ["globalVariable", "baseLocale"],
  // One module per message everywhere. The Vite plugin's own default is one module per language
  // outside production builds, i.e. in the test pool: at about 2,500 messages that module (1.9 MB)
  // no longer fits the pool's WebSocket frame and the test workers crash ("Message is too large").
  outputStructure: "message-modules",
  // The generated files carry their own ignore files; the project's ignore lists name the folder too.
  emitReadme: false,
};

if (import.meta.url === `file://${process.argv[1]}`) {
  const { compile } = await import("@inlang/paraglide-js");
  await compile(paraglideOptions);
}
