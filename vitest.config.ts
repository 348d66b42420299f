import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { defineConfig } from "vitest/config";

/**
 * Unit and integration tests run inside workerd with real local D1 and R2. The Worker under test
 * is functions/test-entry.ts: the real composition without the React Router build, which the
 * pool cannot resolve (pages are covered by the e2e suite).
 */
export default defineConfig(async () => {
  const migrations = await readD1Migrations("./migrations");
  return {
    plugins: [
      cloudflareTest({
        main: "./functions/test-entry.ts",
        wrangler: { configPath: "./wrangler.jsonc" },
        // The tests run locally with the sandbox payment gateway explicitly enabled (loopback hosts only).
        miniflare: { bindings: { TEST_MIGRATIONS: migrations, APP_ENV: "test", SANDBOX_GATEWAY: "on" } },
      }),
    ],
    test: {
      include: ["tests/unit/**/*.test.ts", "tests/integration/**/*.test.ts"],
      setupFiles: ["./tests/setup/apply-migrations.ts"],
    },
  };
});
