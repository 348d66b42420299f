import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createWorker } from "#functions/app.ts";
import type { Env } from "#functions/env.ts";
import { CAROUSELS } from "#domain/catalogue/index.ts";
import { servicePath } from "#shared/catalogue.ts";
import { countingBinding, countingDatabase } from "#tests/support/d1-count.ts";
import { ORIGIN, sessionCookieFor } from "#tests/support/factories.ts";
import { apiOperations, fillPath, type JsonSchema, type Operation } from "#tests/support/openapi.ts";
import { type OwnerIds, seedOwners } from "#tests/support/owner-seed.ts";
import { pageErrors, pageRequestHandler, pageRoutes } from "#tests/support/page-build.ts";

/**
 * D1 queries per request (issue 31). Cloudflare counts every call a Worker invocation makes to D1
 * against "queries per Worker invocation": 50 on the Workers Free plan, 1,000 on Paid (a batch is
 * one call; docs/deploy.md). This walks every page route of app/routes.ts (through React Router's
 * own handler: middleware and every matching loader) and every operation of the OpenAPI document,
 * as a visitor, a couple, a vendor, an admin and a super admin, over owners with many rows, and
 * fails when one request makes more than 45 D1 calls (the margin the scheduled jobs keep too).
 * The walk runs at two sizes (owners with ten times the rows the second time): a request whose
 * calls grow with the data (N+1) fails, whatever its count.
 */
const LIMIT = 45;
const SIZES = [1, 10] as const;

type Role = "visitor" | "couple" | "vendor" | "admin" | "superAdmin";
const ROLES: Role[] = ["visitor", "couple", "vendor", "admin", "superAdmin"];
type Measure = { key: string; calls: number; statements: number; subrequests: number; status: number };

const counted = countingDatabase(env.DB);
// R2 and queue operations too: with the D1 calls they are the invocation's subrequests (50 on the Free plan).
const others = { calls: 0 };
const realEnv = env as unknown as Env;
const bindings: Record<string, unknown> = { DB: counted.db, MEDIA: countingBinding(realEnv.MEDIA, others) };
if (realEnv.MAIL_QUEUE) bindings.MAIL_QUEUE = countingBinding(realEnv.MAIL_QUEUE, others);
if (realEnv.JOB_QUEUE) bindings.JOB_QUEUE = countingBinding(realEnv.JOB_QUEUE, others);
const countedEnv = new Proxy(realEnv, { get: (target, key) => (typeof key === "string" && key in bindings ? bindings[key] : Reflect.get(target, key)) });
// The page cache reads its version on every request (versionMs 0), so a visitor's page is a miss the first time it is walked at each size.
const app = createWorker(await pageRequestHandler(), { pageCache: { versionMs: 0 } });
const ops = await apiOperations();

/** One request as the browser sends it, its deferred work (waitUntil) included: all of it is the invocation's. */
async function measure(key: string, request: Request): Promise<Measure> {
  counted.reset();
  others.calls = 0;
  const ctx = createExecutionContext();
  const res = await app.fetch(request, countedEnv, ctx);
  await res.arrayBuffer();
  await waitOnExecutionContext(ctx);
  return { key, calls: counted.count.calls, statements: counted.count.statements, subrequests: counted.count.calls + others.calls, status: res.status };
}

/** Concrete URLs for every page route of the map, with the owners' ids for its parameters. */
function pageUrls(o: OwnerIds, role: Role): string[] {
  const lead = role === "couple" ? o.coupleLead : o.vendorLead;
  const booking = role === "couple" ? o.coupleBooking : o.vendorBooking;
  const values: Record<string, string> = {
    key: CAROUSELS[0]!.key,
    token: role === "visitor" ? o.rsvpToken : "forged-token",
    leadId: lead,
    bookingId: booking,
    eventId: o.event,
    householdId: o.household,
    planId: o.plan,
    vendorId: o.vendor,
    serviceId: o.service,
    invoiceId: o.invoice,
    creditNoteId: "no-such-note",
    template: o.template,
    slug: o.cardSlug,
    urlTitle: o.blogPost,
    id: o.service,
  };
  const urls = new Set<string>();
  for (const route of pageRoutes()) {
    if (!route.leaf) continue;
    let path = route.path;
    if (path === "*") path = "no-such-page/at-all";
    else if (path === "sitemaps/:file") {
      for (const file of ["pages.xml", "content.xml", "services-1.xml"]) urls.add(`/sitemaps/${file}`);
      continue;
    } else if (path.startsWith("all/:category?")) {
      urls.add("/all");
      urls.add(servicePath({ id: "", serviceCategory: o.serviceCategory, serviceType: o.serviceType, state: "Rajasthan", city: "Jaipur" }).replace(/\/$/, ""));
      continue;
    } else if (path.startsWith("all/:category/"))
      path = servicePath({ id: o.service, serviceCategory: o.serviceCategory, serviceType: o.serviceType, state: "Rajasthan", city: "Jaipur" }).replace(
        /^\//,
        "",
      );
    else if (path === ":location/:vendorname") path = `${o.vendorCity}/${o.vendorSlug}`;
    else if (path === "vendorBussinessProfile/:slug?") path = `vendorBussinessProfile/${o.vendorSlug}`;
    else if (path.startsWith("rsvp/")) path = `rsvp/${o.rsvpToken}`;
    path = path.replace(/\/:[A-Za-z]+\?/g, "").replace(/:([A-Za-z]+)/g, (_, name: string) => values[name] ?? "unknown");
    urls.add(`/${path}`);
  }
  // Pages whose data comes from the query string.
  for (const extra of [
    `/preview?template=${o.template}`,
    `/payment?template=${o.template}`,
    `/editor?card=${o.card}`,
    `/card?card=${o.card}`,
    `/view_1?card=${o.card}`,
    "/profile/guests?hpage=2",
    `/VendorDashboard/calendar?service=${o.service}`,
    "/VendorDashboard/enquiries?status=NEW",
    "/VendorDashboard/analytics?days=90",
    `/all/${o.serviceCategory.toLowerCase().replace(/ /g, "-")}?q=feast`,
    "/admin/vendorSearch?q=Vendor",
    "/admin/serviceSearch?q=Feast",
    "/admin/userSearch?q=Couple",
    "/admin?range=30",
  ])
    urls.add(extra);
  return [...urls];
}

/** An id for an API path parameter, by its name and the resource the path names. */
function apiParam(op: Operation, name: string, o: OwnerIds, role: Role): string {
  const p = op.path;
  if (name === "slug") return o.cardSlug;
  if (name === "urlTitle") return o.blogPost;
  if (name === "token") return o.rsvpToken;
  if (name === "eventId") return o.event;
  if (name === "serviceId") return o.service;
  if (name === "vendorId") return o.vendor;
  if (name === "planId") return o.plan;
  if (name === "tempId" || name === "template") return o.template;
  if (name === "cardId") return o.card;
  if (name === "guestId") return `guest-${o.couple.split("-")[1]}-0`;
  if (name === "feedbackId" || name === "milestoneId" || name === "mediaId" || name === "taskId" || name === "blogId") return "unknown";
  if (/lead|enquir|reported-leads/i.test(p)) return role === "couple" ? o.coupleLead : o.vendorLead;
  if (/booking/i.test(p)) return role === "couple" ? o.coupleBooking : o.vendorBooking;
  if (/households/.test(p)) return o.household;
  if (/invoice/.test(p)) return o.invoice;
  if (/vendors\//.test(p)) return o.vendor;
  if (/services|feedback|makeLead|upload|wishlist|favorite|cart/i.test(p)) return o.service;
  if (/plans/.test(p)) return o.plan;
  if (/blog/.test(p)) return o.blogPost;
  if (/template/i.test(p)) return o.template;
  if (/card/i.test(p)) return o.card;
  if (/event|planner/i.test(p)) return o.event;
  if (/admin/.test(p)) return o.couple;
  return "unknown";
}

/** A body of the schema's shape with ordinary values (required fields filled), so the operation gets past parsing where it can. */
function exampleOf(schema: JsonSchema | undefined, depth = 0): unknown {
  if (!schema || depth > 4) return "value";
  if (schema.enum?.length) return schema.enum[0];
  if (schema.anyOf?.length) return exampleOf(schema.anyOf[0], depth + 1);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  if (type === "number" || type === "integer") return typeof schema.minimum === "number" ? schema.minimum : 1;
  if (type === "boolean") return true;
  if (type === "array") return [];
  if (type === "object" || schema.properties) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(schema.properties ?? {})) out[k] = exampleOf(v, depth + 1);
    return out;
  }
  if (schema.format === "email") return "asha@example.com";
  if (schema.format === "date" || /date/i.test(String(schema.description ?? ""))) return "2027-02-14";
  return "Hello, we are planning a wedding in February.";
}

/**
 * Bodies that do the most an operation allows over the owners' rows (the rest get `exampleOf`):
 * a 1,000-row guest import, a household answering for every function, 200 favourites merged, a
 * household invited to every function, a service's photos reordered.
 */
function heavyBody(op: Operation, o: OwnerIds): unknown {
  switch (op.key) {
    case "POST /api/v1/guests/import":
      return {
        csv: ["Household,Name,Side,Dietary", ...Array.from({ length: 1000 }, (_, i) => `Imported ${Math.floor(i / 4)},Guest ${i},BRIDE,VEG`)].join("\n"),
      };
    case "POST /api/v1/rsvp/{token}":
      return { answers: o.householdGuests.flatMap((guestId) => o.events.map((eventId) => ({ guestId, eventId, response: "ATTENDING", partySize: 1 }))) };
    case "POST /api/v1/favorites/merge":
      return { ids: o.vendorServices.slice(0, 200) };
    case "PUT /api/v1/guests/households/{id}/invitations":
      return { eventIds: o.events };
    case "PUT /api/v1/upload/{serviceId}/order":
      return { ids: [...o.vendorMedia].reverse() };
    default:
      return op.body ? exampleOf(op.body) : undefined;
  }
}

/** Writes that end the account or its session go last, so the other writes are made by a signed-in account. */
const LAST = ["POST /api/v1/users/logout", "POST /api/v1/vendors/logout", "DELETE /api/v1/users/delete-user", "DELETE /api/v1/vendors/delete"];

async function walk(o: OwnerIds): Promise<Measure[]> {
  const cookies: Record<Role, string | undefined> = {
    visitor: undefined,
    couple: await sessionCookieFor(o.couple),
    vendor: await sessionCookieFor(o.vendor),
    admin: await sessionCookieFor(o.admin),
    superAdmin: await sessionCookieFor(o.superAdmin),
  };
  const out: Measure[] = [];
  const headers = (role: Role, extra: Record<string, string> = {}) => ({ ...(cookies[role] ? { Cookie: cookies[role] } : {}), ...extra });
  // Reads first (every role), then writes, so what a write changes cannot hide a read's cost.
  for (const role of ROLES) {
    for (const url of pageUrls(o, role))
      out.push(await measure(`${role} GET ${url}`, new Request(`${ORIGIN}${url}`, { redirect: "manual", headers: headers(role) })));
    for (const op of ops.filter((op) => op.method === "get")) {
      const path = fillPath(op.path, Object.fromEntries(op.pathParams.map((n) => [n, apiParam(op, n, o, role)])));
      out.push(await measure(`${role} ${op.key}`, new Request(`${ORIGIN}${path}`, { headers: headers(role) })));
    }
  }
  // Writes of every role, each with a fresh session (a write may end the one it came with), and
  // last those that end a session or an account, so the others find every account signed in.
  const write = async (role: Role, op: Operation) => {
    const path = fillPath(op.path, Object.fromEntries(op.pathParams.map((n) => [n, apiParam(op, n, o, role)])));
    const data = heavyBody(op, o);
    const body = data === undefined ? undefined : JSON.stringify(data);
    const account = role === "visitor" ? null : o[role as Exclude<Role, "visitor">];
    // An account deleted by an earlier write of the last group has no session to make.
    if (account && !(await env.DB.prepare("SELECT 1 FROM users WHERE id = ?").bind(account).first())) return;
    const cookie: Record<string, string> = account ? { Cookie: await sessionCookieFor(account) } : {};
    const init: RequestInit = {
      method: op.method.toUpperCase(),
      headers: { ...cookie, Origin: ORIGIN, ...(body ? { "Content-Type": "application/json" } : {}) } as Record<string, string>,
      body,
    };
    out.push(await measure(`${role} ${op.key}`, new Request(`${ORIGIN}${path}`, init)));
  };
  const writes = ops
    .filter((op) => op.method !== "get" && !LAST.includes(op.key))
    .sort((a, b) => Number(a.method === "delete") - Number(b.method === "delete"));
  for (const role of ROLES) for (const op of writes) await write(role, op);
  for (const key of LAST)
    for (const role of ROLES)
      await write(
        role,
        ops.find((op) => op.key === key)!,
      );
  return out;
}

const worst = (measures: Measure[], n = 10) => [...measures].sort((a, b) => b.calls - a.calls || b.statements - a.statements).slice(0, n);
const table = (measures: Measure[]) =>
  measures
    .map(
      (m) =>
        `${String(m.calls).padStart(4)} calls ${String(m.statements).padStart(5)} statements ${String(m.subrequests).padStart(4)} subrequests  ${m.status}  ${m.key}`,
    )
    .join("\n");

describe("D1 queries per request", () => {
  it(`no page or API request makes more than ${LIMIT} D1 calls, and none grows with the owner's rows`, { timeout: 900_000 }, async () => {
    const bySize: Map<string, Measure>[] = [];
    for (const size of SIZES) {
      const owners = await seedOwners(size);
      const measures = await walk(owners);
      console.log(`D1 calls per request at size ${size} (${measures.length} requests); the ten heaviest:\n${table(worst(measures))}`);
      const bySubrequests = [...measures].sort((a, b) => b.subrequests - a.subrequests).slice(0, 5);
      console.log(`The most subrequests (D1 calls, R2 and queue operations) at size ${size}:\n${table(bySubrequests)}`);
      // The same request at both sizes: keys name the route, not the owners' ids.
      bySize.push(new Map(measures.map((m) => [m.key.replaceAll(owners.tag, "R"), m])));
      const statuses = new Map<number, number>();
      for (const m of measures) statuses.set(m.status, (statuses.get(m.status) ?? 0) + 1);
      console.log(`Statuses: ${[...statuses].map(([s, n]) => `${s}: ${n}`).join(", ")}`);
      const over = measures.filter((m) => m.calls > LIMIT);
      expect(over.map((m) => `${m.calls} calls: ${m.key}`)).toEqual([]);
      // A request that fails with a 500 is counted only up to the failure (and is a defect of its own).
      expect(measures.filter((m) => m.status >= 500).map((m) => `${m.status}: ${m.key}`)).toEqual([]);
    }
    const [small, large] = bySize as [Map<string, Measure>, Map<string, Measure>];
    // A request that reads per row grows by many calls between the sizes (ten times the rows). One call
    // more is an isolate cache refreshing between the walks on a slow machine (the location box keeps
    // its list 5 minutes: /all made 2 calls, then 3, in a 10-minute run), not an N+1.
    const grew = [...large].filter(([key, m]) => small.has(key) && m.calls > small.get(key)!.calls + 1);
    expect(grew.map(([key, m]) => `${small.get(key)!.calls} -> ${m.calls} calls: ${key}`)).toEqual([]);
    const failed = pageErrors.map((e) => `${e.path}: ${e.error instanceof Error ? e.error.message : JSON.stringify(e.error)}`);
    if (failed.length) console.log(`Page loaders that threw (their requests counted up to the throw):\n${failed.slice(0, 30).join("\n")}`);
  });
});
