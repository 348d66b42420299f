import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { paraglideVitePlugin } from "@inlang/paraglide-js";
import { cpSync, mkdirSync } from "node:fs";
import type { Plugin } from "vite";
import { defineConfig } from "vitest/config";
import { paraglideOptions } from "./scripts/messages.mjs";

/**
 * The static assets the Worker reads at run time (the PDF fonts, app/lib/pdf-fonts.server.ts), at
 * the paths their `?url` imports name in the pool (/node_modules/…, as Vite's dev server serves
 * them), copied into a folder the pool's ASSETS binding serves (the whole project is too many files).
 */
const TEST_ASSETS = ".wrangler/test-assets";
const TEST_ASSET_FOLDERS = ["node_modules/@fontsource/noto-sans-devanagari/files"];
function testAssets(): string {
  for (const folder of TEST_ASSET_FOLDERS) {
    mkdirSync(`${TEST_ASSETS}/${folder}`, { recursive: true });
    cpSync(folder, `${TEST_ASSETS}/${folder}`, { recursive: true, filter: (file) => !file.endsWith(".woff2") });
  }
  return TEST_ASSETS;
}

/**
 * Generated and third-party modules reach the test pool without source maps. The pool hands a new
 * test worker every module of its file's import graph in one WebSocket message (Vitest's
 * `fetchWarmModules`), and workerd refuses a message over 32 MiB: with ~2,700 catalogue messages
 * (one module each) and every module carrying its map, that message was 38 MB and the workers
 * crashed ("Message is too large"). A stack trace through them is not what a failing test needs.
 */
function withoutSourceMaps(): Plugin {
  const generated = /\/(node_modules|shared\/paraglide)\//;
  return {
    name: "mandap:test-without-source-maps",
    enforce: "post",
    transform(code, id) {
      if (!generated.test(id)) return null;
      return { code, map: { mappings: "" } };
    },
  };
}

/**
 * Unit and integration tests run inside workerd with real local D1 and R2. The Worker under test
 * is functions/test-entry.ts: the real composition without the React Router build, which the
 * pool cannot resolve (pages are covered by the e2e suite).
 */
export default defineConfig(async () => {
  const migrations = await readD1Migrations("./migrations");
  return {
    plugins: [
      // The message catalogues compile before the tests import them (scripts/messages.mjs).
      // In one module per language, not one per message as the app's build has them (for the pages'
      // JavaScript): every test file's fresh runtime imports the catalogues, and 3,200 modules of one
      // message each took about half of a file's start-up (four small files: 128 s against 58 s).
      paraglideVitePlugin({ ...paraglideOptions, outputStructure: "locale-modules" }),
      withoutSourceMaps(),
      cloudflareTest({
        main: "./functions/test-entry.ts",
        wrangler: { configPath: "./wrangler.jsonc" },
        // The tests run locally with the sandbox payment gateway explicitly enabled (loopback hosts only).
        miniflare: {
          bindings: {
            TEST_MIGRATIONS: migrations,
            APP_ENV: "test",
            SANDBOX_GATEWAY: "on",
            // The bounce webhook's signing secret (whsec_ + base64), so tests sign as the mail service does.
            MAIL_WEBHOOK_SECRET: "whsec_dGVzdC1tYWlsLXdlYmhvb2stc2VjcmV0LTAxMjM0NTY3",
            // WhatsApp's webhook: the app secret that signs it and the subscription's verify token.
            WHATSAPP_APP_SECRET: "test-whatsapp-app-secret",
            WHATSAPP_VERIFY_TOKEN: "test-whatsapp-verify-token",
          },
          assets: { directory: testAssets(), binding: "ASSETS" },
        },
      }),
    ],
    test: {
      include: ["tests/unit/**/*.test.ts", "tests/integration/**/*.test.ts"],
      setupFiles: ["./tests/setup/apply-migrations.ts"],
    },
  };
});
