import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync } from "node:fs";
import { test as base, expect, request as playwrightRequest, type APIRequestContext, type Page } from "@playwright/test";
import { DEMO_PASSWORDS } from "#db/seed/demo-passwords.ts";
import { POOL_CLAIMS, POOL_FILE, SEED_COPY } from "./pool-paths.ts";

/**
 * e2e fixtures: every test that needs an account gets a FRESH one (no shared demo accounts
 * between tests, so tests and the desktop/mobile projects never see each other's wishlist,
 * enquiries or reviews), and factories for the data a test needs.
 *
 *   test("...", async ({ login, account, factory, page }) => {
 *     const couple = await login({ role: "couple" });        // `page` is now signed in
 *     const vendor = await account({ role: "vendor" });      // credentials only, not signed in
 *     const { vendor, service } = await factory.vendorService(); // a vendor of its own with an active service
 *   });
 *
 * Accounts are made the way a person makes them: sign-up through the API, finished with the link
 * from the sign-up mail (the local mailbox), then log-in through the API. Roles no one can sign
 * up for (admin, super admin) are granted through the role API by the seeded super admin. No test
 * writes or reads the live database directly (see seedQuery and tests/e2e/prepare.mjs).
 */

export type Role = "couple" | "vendor" | "admin" | "superAdmin";
export type Account = { id: string; role: Role; email: string; password: string; name: string; businessName?: string; slug?: string; city?: string };
export type Service = { id: string; name: string; category: string; type: string; state: string; city: string };

const STATE = process.env.MANDAP_STATE ?? ".wrangler/e2e-state";
/** The seeded super admin (db/seed), used only to grant admin roles to fresh accounts. */
const ROLE_GRANTER = { email: "superadmin@mandap.example" };
const PASSWORD = "Shaadi2027";
let counter = 0;
const stamp = () => `${Date.now().toString(36)}${(counter++).toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/**
 * Asks the demo data: SQL on the copy of the seeded e2e database taken before the server started
 * (tests/e2e/prepare.mjs). Never the live file: the server holds it, and another process's lock
 * makes the server answer SQLITE_BUSY (a 500 in some other test). What tests change is checked
 * through the API or the pages.
 */
export function seedQuery<T = Record<string, unknown>>(sql: string): T[] {
  const out = execFileSync("wrangler", ["d1", "execute", "DB", "--local", "--persist-to", SEED_COPY, "--json", "--command", sql], {
    encoding: "utf8",
    stdio: ["ignore", "pipe", "pipe"],
  });
  return (JSON.parse(out) as { results: T[] }[])[0]?.results ?? [];
}

/**
 * A vendor (credentials) with one active service, from the pool made before the server started
 * (vendors cannot add services through the product yet). Each is handed out once per run, across
 * workers and projects: claiming is an atomic mkdir.
 */
function claimPooledService(): { vendor: Account; service: Service } {
  const pool = JSON.parse(readFileSync(`${STATE}/${POOL_FILE}`, "utf8")) as { vendor: Account; service: Service }[];
  mkdirSync(`${STATE}/${POOL_CLAIMS}`, { recursive: true });
  for (const [i, entry] of pool.entries()) {
    try {
      mkdirSync(`${STATE}/${POOL_CLAIMS}/${i}`);
      return entry;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== "EEXIST") throw e;
    }
  }
  throw new Error(`All ${pool.length} pooled vendor services are used: raise POOL_SIZE in tests/e2e/pool-paths.ts`);
}

/** A same-origin POST; no body unless given (a body the server never reads can upset the local server). */
async function post(api: APIRequestContext, baseURL: string, path: string, data?: unknown) {
  return api.post(path, { ...(data === undefined ? {} : { data }), headers: { Origin: baseURL }, failOnStatusCode: false });
}

/**
 * The sign-up link's token from the local mailbox, or null when the mailbox is not served. The
 * mail is sent after the answer (waitUntil), so a busy machine may take a while: up to 15 s.
 */
async function verificationToken(api: APIRequestContext, email: string): Promise<string | null> {
  for (let attempt = 0; attempt < 75; attempt++) {
    const res = await api.get(`/dev/mailbox?to=${encodeURIComponent(email)}`, { failOnStatusCode: false });
    if (res.status() !== 200) return null;
    const token = (await res.text()).match(/verify-email\?token=([a-z2-7]{32})/)?.[1];
    if (token) return token;
    await new Promise((r) => setTimeout(r, 200));
  }
  return null;
}

/** A fresh account of the role, signed up and verified; the API context is left signed in as it. */
async function createAccount(api: APIRequestContext, baseURL: string, role: Role): Promise<Account> {
  const tag = stamp();
  const name = `Test ${role} ${tag}`.slice(0, 60);
  const email = `e2e.${role.toLowerCase()}.${tag}@example.com`;
  const account: Account = { id: "", role, email, password: PASSWORD, name };
  let signedUp;
  if (role === "vendor") {
    account.businessName = `E2E Caterers ${tag}`;
    account.city = "Jaipur";
    signedUp = await post(api, baseURL, "/api/v1/vendors/register", {
      name: account.businessName,
      business_category: "Caterers",
      user_name: name,
      email,
      phone_number: "9876543210",
      state: "Rajasthan",
      city: "Jaipur",
      password: PASSWORD,
      confirmPassword: PASSWORD,
    });
  } else {
    signedUp = await post(api, baseURL, "/api/v1/users/register", { user_name: name, email, password: PASSWORD, confirmPassword: PASSWORD });
  }
  if (signedUp.status() === 202) {
    // Sign-up creates the account when the e-mailed link is opened with the chosen password
    // (docs/decisions/0013); that call also signs in.
    const token = await verificationToken(api, email);
    if (!token) throw new Error(`No sign-up link reached the mailbox of ${email}`);
    const finished = await post(api, baseURL, `/api/v1/users/verify-email?token=${token}`, { password: PASSWORD });
    if (finished.status() !== 201) throw new Error(`Finishing the sign-up of ${email} answered ${finished.status()}: ${await finished.text()}`);
  } else {
    throw new Error(`Sign-up for a ${role} answered ${signedUp.status()}: ${await signedUp.text()}`);
  }
  await signIn(api, baseURL, account);
  const me = (await (await api.get("/api/v1/users/me")).json()) as { user: { id: string; vendor?: { slug?: string } | null } | null };
  if (!me.user) throw new Error(`The new ${role} ${email} is not signed in`);
  account.id = me.user.id;
  if (role === "admin" || role === "superAdmin") await grantRole(baseURL, account.id, role);
  if (role === "vendor") account.slug = me.user.vendor?.slug;
  return account;
}

/**
 * Admin roles are given the way the product gives them: the seeded super admin calls the role
 * API (it only grants, it is never a test's actor). A direct write from outside the server can
 * meet the server's own writes (SQLITE_BUSY), so the API is preferred wherever one exists.
 */
async function grantRole(baseURL: string, userId: string, role: "admin" | "superAdmin") {
  const api = await playwrightRequest.newContext({ baseURL });
  try {
    await signIn(api, baseURL, { id: "", role: "admin", email: ROLE_GRANTER.email, password: DEMO_PASSWORDS.superAdmin, name: "" });
    const res = await api.patch(`/api/v1/admin/${role === "admin" ? "give-admin" : "give-superadmin"}/${encodeURIComponent(userId)}`, {
      headers: { Origin: baseURL },
      failOnStatusCode: false,
    });
    if (!res.ok()) throw new Error(`Giving ${role} to ${userId} answered ${res.status()}: ${await res.text()}`);
  } finally {
    await api.dispose();
  }
}

async function signIn(api: APIRequestContext, baseURL: string, account: Account) {
  const door = account.role === "vendor" ? "vendors" : "users";
  const res = await post(api, baseURL, `/api/v1/${door}/login`, { email: account.email, password: account.password });
  if (!res.ok()) throw new Error(`Log-in of the new ${account.role} ${account.email} answered ${res.status()}: ${await res.text()}`);
}

export type Factory = Fixtures["factory"];

type Fixtures = {
  /** A fresh account of the role, signed up and verified but NOT signed in in `page`. */
  account: (options: { role: Role }) => Promise<Account>;
  /** A fresh account of the role, with `page` signed in as it. */
  login: (options: { role: Role }) => Promise<Account>;
  factory: {
    /** A fresh vendor (credentials) with one active service. */
    vendorService: () => Promise<{ vendor: Account; service: Service }>;
  };
};

export const test = base.extend<Fixtures>({
  account: async ({ baseURL }, provide) => {
    const contexts: APIRequestContext[] = [];
    await provide(async ({ role }) => {
      const api = await playwrightRequest.newContext({ baseURL });
      contexts.push(api);
      return createAccount(api, baseURL!, role);
    });
    await Promise.all(contexts.map((c) => c.dispose()));
  },
  login: async ({ page, baseURL, account }, provide) => {
    await provide(async ({ role }) => {
      const made = await account({ role });
      await page.context().addCookies([{ name: "mandap_visited", value: "1", url: baseURL! }]);
      await signIn(page.request, baseURL!, made);
      return made;
    });
  },
  // eslint-disable-next-line no-empty-pattern
  factory: async ({}, provide) => {
    await provide({ vendorService: async () => claimPooledService() });
  },
});

export { expect };
export type { Page };
