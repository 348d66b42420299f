import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { AVAILABILITY_MESSAGES, BOOKING_NOTE, monthRange } from "#domain/catalogue/index.ts";
import { todayInIndia } from "#shared/listing-rules.ts";
import { call, createService, createUser, createVendor, sessionCookieFor, snapshot } from "#tests/support/factories.ts";

/** The availability calendar (GET/PUT /services/{id}/availability) and browse's "available on" filter. */
type Json = { success: boolean; message?: string; errors?: Record<string, string>; [k: string]: unknown };

async function api(path: string, init: { method?: string; body?: unknown; cookie?: string } = {}) {
  const res = await call(`/api/v1${path}`, { method: init.method ?? "GET", body: init.body, cookie: init.cookie });
  return { status: res.status, json: (await res.json()) as Json };
}

const dayFromToday = (n: number) => new Date(Date.parse(`${todayInIndia()}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

async function vendorWithService(over: { status?: "active" | "archived"; serviceName?: string } = {}) {
  const vendor = await createVendor();
  const service = await createService({ vendorId: vendor.id, ...over });
  return { vendor, cookie: await sessionCookieFor(vendor.id), serviceId: service.id };
}

const blockedRows = (serviceId: string) => snapshot("SELECT day, note FROM service_blocked_dates WHERE service_id = ? ORDER BY day", serviceId);
const put = (serviceId: string, cookie: string | undefined, body: unknown) => api(`/services/${serviceId}/availability`, { method: "PUT", cookie, body });

describe("the availability calendar", () => {
  it("lets the vendor block and free a day; the public reads only the blocked days", async () => {
    const { serviceId, cookie } = await vendorWithService();
    const day = dayFromToday(20);
    const blocked = await put(serviceId, cookie, { day, blocked: true });
    expect(blocked.status).toBe(200);
    expect(blocked.json).toMatchObject({ day, blocked: true });
    expect(await put(serviceId, cookie, { day, blocked: true }).then((r) => r.status)).toBe(200); // twice: still one row
    expect(JSON.parse(await blockedRows(serviceId))).toEqual([{ day, note: null }]);

    const month = day.slice(0, 7);
    const read = await api(`/services/${serviceId}/availability?month=${month}`);
    expect(read.status).toBe(200);
    expect(read.json).toEqual({ success: true, serviceId, month, blocked: [day] });

    const freed = await put(serviceId, cookie, { day, blocked: false });
    expect(freed.status).toBe(200);
    expect(await blockedRows(serviceId)).toBe("[]");
  });

  it("shows a day held by a booking as blocked (no note to the public) and never frees it here", async () => {
    const { serviceId, cookie } = await vendorWithService();
    const day = dayFromToday(40);
    await env.DB.prepare("INSERT INTO service_blocked_dates (service_id, day, note) VALUES (?, ?, ?)").bind(serviceId, day, BOOKING_NOTE).run();
    const read = await api(`/services/${serviceId}/availability?month=${day.slice(0, 7)}`);
    expect(read.json.blocked).toEqual([day]);
    expect(JSON.stringify(read.json)).not.toContain(BOOKING_NOTE);
    const before = await blockedRows(serviceId);
    const res = await put(serviceId, cookie, { day, blocked: false });
    expect(res.status).toBe(409);
    expect(res.json.message).toBe(AVAILABILITY_MESSAGES.bookedDay);
    expect(await blockedRows(serviceId)).toBe(before);
  });

  it("answers another vendor's service and an unknown id with 404 and changes nothing", async () => {
    const { serviceId } = await vendorWithService();
    const other = await vendorWithService();
    const before = await blockedRows(serviceId);
    const res = await put(serviceId, other.cookie, { day: dayFromToday(5), blocked: true });
    expect(res.status).toBe(404);
    expect(await blockedRows(serviceId)).toBe(before);
    expect((await put("svc-none", other.cookie, { day: dayFromToday(5), blocked: true })).status).toBe(404);
    expect((await api("/services/svc-none/availability")).status).toBe(404);
  });

  it("refuses couples and visitors", async () => {
    const { serviceId } = await vendorWithService();
    const couple = await createUser();
    expect((await put(serviceId, await sessionCookieFor(couple.id), { day: dayFromToday(5), blocked: true })).status).toBe(403);
    expect((await put(serviceId, undefined, { day: dayFromToday(5), blocked: true })).status).toBe(401);
    expect(await blockedRows(serviceId)).toBe("[]");
  });

  it.each([
    [{ day: "05-12-2026", blocked: true }, "day", AVAILABILITY_MESSAGES.day],
    [{ day: "2026-02-30", blocked: true }, "day", AVAILABILITY_MESSAGES.day],
    [{ day: dayFromToday(-1), blocked: true }, "day", AVAILABILITY_MESSAGES.past],
    [{ day: dayFromToday(800), blocked: true }, "day", AVAILABILITY_MESSAGES.tooFar],
    [{ day: dayFromToday(3), blocked: "maybe" }, "blocked", "true or false"],
    [{ blocked: true }, "day", AVAILABILITY_MESSAGES.day],
  ])("refuses %j with a 400 naming %s", async (body, field, text) => {
    const { serviceId, cookie } = await vendorWithService();
    const res = await put(serviceId, cookie, body);
    expect(res.status).toBe(400);
    expect(res.json.errors?.[field]).toContain(text);
    expect(await blockedRows(serviceId)).toBe("[]");
  });

  it("refuses a bad month with a 400 naming month; an archived service is 404 to the public", async () => {
    const { serviceId } = await vendorWithService();
    const res = await api(`/services/${serviceId}/availability?month=2026-13`);
    expect(res.status).toBe(400);
    expect(res.json.errors?.month).toBe(AVAILABILITY_MESSAGES.month);
    const archived = await vendorWithService({ status: "archived" });
    expect((await api(`/services/${archived.serviceId}/availability`)).status).toBe(404);
    expect((await api(`/services/${archived.serviceId}/availability`, { cookie: archived.cookie })).status).toBe(200);
  });

  it("reads a month as a half-open range of days", () => {
    expect(monthRange("2026-12")).toEqual({ from: "2026-12-01", to: "2027-01-01" });
    expect(monthRange("2026-02")).toEqual({ from: "2026-02-01", to: "2026-03-01" });
  });
});

describe("browse's available-on filter", () => {
  it("leaves out a service once its vendor blocks that day, and keeps it on other days", async () => {
    const { vendor, serviceId, cookie } = await vendorWithService({ serviceName: "Blocked Feast" });
    const free = await createService({ vendorId: vendor.id, serviceName: "Free Feast" });
    const day = dayFromToday(60);
    const list = async (on: string) => {
      const res = await api(`/services?vendorId=${vendor.id}&available_on=${on}`);
      return (res.json.ServiceResult as { id: string }[]).map((s) => s.id).sort();
    };
    expect(await list(day)).toEqual([serviceId, free.id].sort());
    await put(serviceId, cookie, { day, blocked: true });
    expect(await list(day)).toEqual([free.id]);
    expect(await list(dayFromToday(61))).toEqual([serviceId, free.id].sort());
  });
});
