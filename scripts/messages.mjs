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
  // One module per message for the app and its dev server, so a page carries only its messages. The
  // test pool alone compiles one module per language (vitest.config.ts): that crashed the pool once
  // ("Message is too large") while the modules still carried source maps; without them (the config's
  // withoutSourceMaps) the 2.4 MB index fits, and a test file's runtime starts in half the time.
  outputStructure: "message-modules",
  // The generated files carry their own ignore files; the project's ignore lists name the folder too.
  emitReadme: false,
};

if (import.meta.url === `file://${process.argv[1]}`) {
  const { compile } = await import("@inlang/paraglide-js");
  await compile(paraglideOptions);
}
