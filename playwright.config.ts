import { defineConfig, devices } from "@playwright/test";

const port = Number(process.env.E2E_PORT ?? 8788);

export default defineConfig({
  testDir: "tests/e2e",
  timeout: 30_000,
  expect: { timeout: 7_000 },
  fullyParallel: false,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  // In CI the line reporter, then where the time went (tests/e2e/slowest-reporter.ts): CI shows only the last lines.
  reporter: process.env.CI ? [["line"], ["./tests/e2e/slowest-reporter.ts"]] : "list",
  use: {
    baseURL: `http://localhost:${port}`,
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  projects: [
    // Tests that need the seeded super admin to be the only one run first: the fixtures of other
    // tests make fresh super admins (login({ role: "superAdmin" })).
    { name: "sole super admin", use: { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 900 } }, grep: /@sole-super-admin/ },
    {
      name: "desktop",
      use: { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 900 } },
      grepInvert: /@sole-super-admin|@moves-clock/,
      dependencies: ["sole super admin"],
    },
    {
      name: "mobile",
      use: { ...devices["Pixel 7"], viewport: { width: 390, height: 844 } },
      grep: /@mobile/,
      grepInvert: /@sole-super-admin|@moves-clock/,
      dependencies: ["sole super admin"],
    },
    // Tests that move the daily job's clock for the whole database (/dev/cron "as of" a later day)
    // run after all others, so no other test sees its subscriptions expire under it.
    {
      name: "moves the clock",
      use: { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 900 } },
      grep: /@moves-clock/,
      dependencies: ["desktop", "mobile"],
    },
  ],
  webServer: {
    command: `vite preview --port ${port} --strictPort`,
    url: `http://localhost:${port}/`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: { MANDAP_STATE: process.env.MANDAP_STATE ?? ".wrangler/e2e-state" },
  },
});
