import { PhotonImage } from "@cf-wasm/photon";
import { request as playwrightRequest, type APIRequestContext, type Browser, type Page } from "@playwright/test";
import { expect, type Account, type Factory, type Service } from "./fixtures.ts";
import { indiaDateInDays } from "#shared/india-time.ts";

/**
 * A vendor with everything the workspace pages show: a pool vendor's active service, an enquiry
 * from a fresh couple that the vendor answered, and a confirmed booking from a second enquiry
 * (so both the lead pages and the booking pages have a record). Made through the API as the two
 * people would; for tests about the pages (a11y, links), not about these rules.
 */
/** `couple` has an answered enquiry with a quote (leadId); `bookedCouple` has the confirmed booking (bookingId). */
export type VendorWithData = {
  vendor: Account;
  couple: Account;
  bookedCouple: Account;
  service: Service;
  leadId: string;
  bookedLeadId: string;
  bookingId: string;
};

const inDays = (n: number) => indiaDateInDays(n);

export async function signedIn(baseURL: string, account: Account): Promise<APIRequestContext> {
  const api = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { Origin: baseURL } });
  const door = account.role === "vendor" ? "vendors" : "users";
  const res = await api.post(`/api/v1/${door}/login`, { data: { email: account.email, password: account.password }, failOnStatusCode: false });
  expect(res.ok(), `log-in of ${account.email}: ${await res.text()}`).toBe(true);
  return api;
}

async function ok<T>(what: string, res: Awaited<ReturnType<APIRequestContext["get"]>>): Promise<T> {
  expect(res.ok(), `${what} answered ${res.status()}: ${await res.text()}`).toBe(true);
  return (await res.json()) as T;
}

export async function vendorWithData(baseURL: string, factory: Factory, account: (o: { role: "couple" }) => Promise<Account>): Promise<VendorWithData> {
  const { vendor, service } = await factory.vendorService();
  const [couple, other] = await Promise.all([account({ role: "couple" }), account({ role: "couple" })]);
  const [c, o, v] = await Promise.all([signedIn(baseURL, couple), signedIn(baseURL, other), signedIn(baseURL, vendor)]);
  try {
    const enquire = async (api: APIRequestContext, message: string, day: number) =>
      (
        await ok<{ lead: { id: string } }>(
          "the enquiry",
          await api.put(`/api/v1/services/makeLead/${service.id}`, { data: { message, eventDate: inDays(day) } }),
        )
      ).lead.id;
    const leadId = await enquire(c, "We are planning a sangeet for about 200 guests; could you send your menu and rates, please?", 80);
    const bookedLeadId = await enquire(o, "Could you cater our haldi lunch for 60 guests at home in the morning?", 90);
    await ok("the vendor's reply", await v.post(`/api/v1/leads/${leadId}/messages`, { data: { body: "Namaste! Happy to help. Is the venue in the city?" } }));
    await ok(
      "the quote",
      await v.post(`/api/v1/leads/${leadId}/quote`, { data: { amount: 150000, includes: "Dinner for 200, two live counters", validUntil: inDays(20) } }),
    );
    const photo = (w: number, h: number) => {
      const image = new PhotonImage(
        new Uint8Array(w * h * 4).map((_, i) => (i * 37) % 251),
        w,
        h,
      );
      try {
        return Buffer.from(image.get_bytes_jpeg(85));
      } finally {
        image.free();
      }
    };
    await ok(
      "the photos",
      await v.post(`/api/v1/upload/${service.id}`, {
        multipart: {
          files: { name: "mandap.jpg", mimeType: "image/jpeg", buffer: photo(1200, 800) },
        },
      }),
    );
    const booked = await ok<{ booking: { id: string } }>(
      "the booking",
      await v.post(`/api/v1/leads/${bookedLeadId}/booking`, {
        data: { agreedPrice: 48000, eventDate: inDays(90), advancePaid: 10000, deliverables: [{ title: "Menu tasting", dueDate: inDays(60) }] },
      }),
    );
    return { vendor, couple, bookedCouple: other, service, leadId, bookedLeadId, bookingId: booked.booking.id };
  } finally {
    await Promise.all([c.dispose(), o.dispose(), v.dispose()]);
  }
}

export type WorkspacePage = { side: "vendor" | "couple" | "booked couple"; path: string; page: Page };

/**
 * Every page of the vendor workspace and the couples' enquiry and booking pages, each with the
 * page of a browser signed in as the one who sees it; `close` ends the browsers.
 */
export async function workspacePages(
  browser: Browser,
  baseURL: string,
  factory: Factory,
  account: (o: { role: "couple" }) => Promise<Account>,
  viewport = { width: 1280, height: 900 },
): Promise<WorkspacePage[] & { data: VendorWithData; close: () => Promise<void> }> {
  const data = await vendorWithData(baseURL, factory, account);
  const contexts = await Promise.all(
    [data.vendor, data.couple, data.bookedCouple].map(async (who) => {
      const context = await browser.newContext({ baseURL, viewport });
      await context.addCookies([{ name: "mandap_visited", value: "1", url: baseURL }]);
      const door = who.role === "vendor" ? "vendors" : "users";
      const res = await context.request.post(`/api/v1/${door}/login`, { headers: { Origin: baseURL }, data: { email: who.email, password: who.password } });
      expect(res.ok(), `log-in of ${who.email}`).toBe(true);
      return context;
    }),
  );
  const [vendor, couple, booked] = await Promise.all(contexts.map((c) => c.newPage()));
  const d = "/VendorDashboard";
  const service = `${d}/service-details/${data.service.id}`;
  const list: WorkspacePage[] = [
    ...[
      d,
      `${d}/services/new`,
      service,
      `${service}/photos`,
      `${d}/enquiries`,
      `${d}/enquiries/${data.leadId}`,
      `${d}/enquiries/${data.bookedLeadId}`,
      `${d}/bookings`,
      `${d}/bookings/${data.bookingId}`,
      `${d}/analytics`,
      `${d}/calendar?service=${data.service.id}`,
      `${d}/vendor-profile`,
      `${d}/settings`,
      `${d}/vendor-setting`,
      `${d}/Plan`,
      `${d}/payments`,
    ].map((path) => ({ side: "vendor" as const, path, page: vendor! })),
    { side: "couple", path: "/profile/enquiries", page: couple! },
    { side: "couple", path: `/profile/enquiries/${data.leadId}`, page: couple! },
    { side: "booked couple", path: "/profile/bookings", page: booked! },
    { side: "booked couple", path: `/profile/bookings/${data.bookingId}`, page: booked! },
    { side: "booked couple", path: `/profile/enquiries/${data.bookedLeadId}`, page: booked! },
  ];
  return Object.assign(list, { data, close: async () => void (await Promise.all(contexts.map((c) => c.close()))) });
}
