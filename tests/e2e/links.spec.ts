import type { APIRequestContext, Page } from "@playwright/test";
import { expect, test, type Role } from "./fixtures.ts";
import { UNBUILT_PATHS } from "./unbuilt-paths.ts";
import { vendorWithData } from "./vendor-data.ts";
import { EINVITE_CRAWL } from "./einvite-paths.ts";
import { POOL_PASSWORD } from "./pool-paths.ts";
import routeMap from "../../app/routes.ts";

/**
 * The link crawler: from the home page as a visitor and from every page of each dashboard area
 * (couple, vendor, admin; listed from app/routes.ts) as its role (a fresh account each), follow
 * every internal link breadth-first and fail on any 404 or 5xx, except at
 * the paths of unbuilt areas (unbuilt-paths.ts), each of which must still answer 404.
 * One page of each shape it reached is then opened at 390 px: none may scroll sideways on a phone.
 * Pages are fetched with the browser's cookies; the start page's links are read from the
 * hydrated page too, so links only the client renders are followed as well.
 */
const MAX_PAGES = 150;
/** At most this many pages of one shape (first two segments and depth), e.g. service pages. */
const PER_SHAPE = 8;
/** Links never followed: logging out would end the crawl's session; a share link leaves the site for WhatsApp or mail. */
const SKIP = [/^\/logout$/, /^\/profile\/guests\/share\//];

const shapeOf = (path: string) => {
  const segments = new URL(path, "http://x").pathname.split("/").filter(Boolean);
  return `${segments.slice(0, 2).join("/")}|${segments.length}`;
};

function linksIn(html: string): string[] {
  return [...html.matchAll(/<a\s[^>]*?href="([^"]*)"/g)].map((m) => m[1]!.replace(/&amp;/g, "&"));
}

/** Same-origin page links as path + query, without fragments. */
function internal(hrefs: string[], from: string, origin: string): string[] {
  const out: string[] = [];
  for (const href of hrefs) {
    if (!href || href.startsWith("#") || /^(mailto|tel|javascript|data):/i.test(href)) continue;
    let url: URL;
    try {
      url = new URL(href, new URL(from, origin));
    } catch {
      continue;
    }
    if (url.origin !== origin) continue;
    out.push(`${url.pathname}${url.search}`);
  }
  return out;
}

type RouteEntry = { path?: string; index?: boolean; children?: RouteEntry[] };

/**
 * Every page of a dashboard area as the route map (app/routes.ts) lists it, so a new page joins the
 * crawl by itself: the area's children without a parameter, a wildcard or a file extension (a CSV
 * export is not a page).
 */
function pagesOf(area: string): string[] {
  const root = (routeMap as RouteEntry[]).find((r) => r.path === area);
  if (!root) throw new Error(`No ${area} area in app/routes.ts`);
  return (root.children ?? []).map((c) => (c.index ? `/${area}` : `/${area}/${c.path}`)).filter((path) => !/[:*]|\.[a-z]+$/i.test(path));
}

async function crawl(page: Page, api: APIRequestContext, starts: string[], origin: string) {
  const failures: string[] = [];
  const seen = new Set<string>(starts);
  const shapes = new Map<string, number>();
  const queue: { path: string; from: string }[] = [];
  /** One page of each shape that answered HTML, for the phone-width check. */
  const pagesByShape = new Map<string, string>();
  let visited = 0;

  const enqueue = (paths: string[], from: string) => {
    for (const path of paths) {
      if (seen.has(path) || SKIP.some((r) => r.test(path.split("?")[0]!))) continue;
      const shape = shapeOf(path);
      if ((shapes.get(shape) ?? 0) >= PER_SHAPE) continue;
      shapes.set(shape, (shapes.get(shape) ?? 0) + 1);
      seen.add(path);
      queue.push({ path, from });
    }
  };

  // The start pages in the browser, links as the client renders them.
  for (const start of starts) {
    const first = await page.goto(start);
    if ((first?.status() ?? 500) >= 400) failures.push(`${first?.status()} ${start} (a start page)`);
    const landed = new URL(page.url()).pathname;
    // A start page may send on to another page of its area (/VendorDashboard/services), never to log in or home.
    expect(landed !== start && (landed === "/" || /^\/(login|vendorLogin)$/.test(landed)), `${start} sent the account to ${landed}`).toBe(false);
    if (!pagesByShape.has(shapeOf(landed))) pagesByShape.set(shapeOf(landed), landed);
    enqueue(internal(await page.locator("a[href]").evaluateAll((as) => as.map((a) => a.getAttribute("href") ?? "")), landed, origin), landed);
    visited++;
  }

  while (queue.length && visited < MAX_PAGES) {
    const { path, from } = queue.shift()!;
    visited++;
    const res = await api.get(path, { failOnStatusCode: false, maxRedirects: 10 });
    const status = res.status();
    const bare = path.split("?")[0]!;
    if (status === 404 && UNBUILT_PATHS.includes(bare)) continue;
    if (status === 404 || status >= 500) {
      failures.push(`${status} ${path} (linked from ${from})`);
      continue;
    }
    if (!(res.headers()["content-type"] ?? "").includes("text/html")) continue;
    const landed = new URL(res.url());
    if (res.ok() && !pagesByShape.has(shapeOf(path))) pagesByShape.set(shapeOf(path), path);
    enqueue(internal(linksIn(await res.text()), `${landed.pathname}${landed.search}`, origin), path);
  }
  return { failures, visited, seen, pages: [...pagesByShape.values()] };
}

/** The pages (one of each shape) that scroll sideways on a 390 px phone screen, with their widths. */
async function widerThanAPhone(page: Page, paths: string[]): Promise<string[]> {
  const phone = await page.context().newPage();
  await phone.setViewportSize({ width: 390, height: 844 });
  const wide: string[] = [];
  for (const path of paths) {
    await phone.goto(path);
    const width = await phone.evaluate(() => document.documentElement.scrollWidth);
    if (width > 390) wide.push(`${path}: ${width} px`);
  }
  await phone.close();
  return wide;
}

/**
 * `withData`: the vendor has a service (with a photo), an answered and quoted enquiry and a
 * confirmed booking, and the couple has an enquiry and that booking, so the links to the service
 * page, its photos, the conversations and the bookings are followed too.
 */
const starts: { name: string; role: Role | null; withData?: boolean; start: string[]; as?: { email: string; password: string } }[] = [
  { name: "a visitor from the home page", role: null, start: ["/"] },
  // Issue 28: /card sent a couple with no functions to /profile/planner (a 404).
  { name: "a couple with a card and no functions from /card", role: "couple", start: ["/card"], as: { email: EINVITE_CRAWL.email, password: POOL_PASSWORD } },
  // Issue 28: every dashboard page is a start, not only the area's first page.
  { name: "a couple with an enquiry and a booking from every page of /profile", role: "couple", withData: true, start: pagesOf("profile") },
  {
    name: "a vendor with a service, enquiries and a booking from every page of /VendorDashboard",
    role: "vendor",
    withData: true,
    start: pagesOf("VendorDashboard"),
  },
  { name: "a super admin from every page of /admin", role: "superAdmin", start: pagesOf("admin") },
];

test.describe("internal links", () => {
  for (const { name, role, withData, start, as } of starts) {
    test(`${name}: no link leads to a 404 or a server error`, async ({ page, login, account, factory, baseURL }) => {
      test.setTimeout(300_000);
      let mustReach: string[] = [];
      if (role && withData) {
        const data = await vendorWithData(baseURL!, factory, account);
        const who = role === "vendor" ? data.vendor : data.bookedCouple;
        mustReach =
          role === "vendor"
            ? [
                `/VendorDashboard/service-details/${data.service.id}`,
                `/VendorDashboard/service-details/${data.service.id}/photos`,
                `/VendorDashboard/enquiries/${data.leadId}`,
                `/VendorDashboard/bookings/${data.bookingId}`,
              ]
            : [`/profile/enquiries/${data.bookedLeadId}`, `/profile/bookings/${data.bookingId}`];
        await page.context().addCookies([{ name: "mandap_visited", value: "1", url: baseURL! }]);
        const res = await page.request.post(`/api/v1/${role === "vendor" ? "vendors" : "users"}/login`, {
          headers: { Origin: baseURL! },
          data: { email: who.email, password: who.password },
        });
        expect(res.ok()).toBe(true);
      } else if (as) {
        await page.context().addCookies([{ name: "mandap_visited", value: "1", url: baseURL! }]);
        expect((await page.request.post("/api/v1/users/login", { headers: { Origin: baseURL! }, data: as })).ok()).toBe(true);
      } else if (role) await login({ role });
      const { failures, visited, seen, pages } = await crawl(page, page.request, start, new URL(baseURL!).origin);
      expect(start.length, "start pages").toBeGreaterThan(0);
      expect(visited).toBeGreaterThan(20);
      expect(
        mustReach.filter((p) => !seen.has(p)),
        "pages of the account's own records the crawl should have followed",
      ).toEqual([]);
      expect(failures, "broken internal links (an unbuilt area's path belongs in tests/e2e/unbuilt-paths.ts)").toEqual([]);
      expect(await widerThanAPhone(page, pages), "pages wider than a 390 px phone screen (they scroll sideways)").toEqual([]);
    });
  }

  test("every path in the unbuilt list still answers 404 (built areas leave the list)", async ({ request }) => {
    for (const path of UNBUILT_PATHS) expect((await request.get(path, { failOnStatusCode: false })).status(), path).toBe(404);
  });
});
