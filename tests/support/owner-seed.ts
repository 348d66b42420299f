import { env } from "cloudflare:workers";
import { sampleCanvas } from "./invitations.ts";

/**
 * A database realistic in shape for the per-request D1 walk (issue 31): owners with many rows.
 * `size` scales every count, so the same walk runs at two sizes and shows whether a request's D1
 * queries grow with the data. At size 10: a vendor with 60 services and 200 enquiries (from 200
 * couples, with messages, quotes, bookings and reviews), a couple with 800 guests in 250 households
 * over 12 functions (tasks, budget lines, favourites, enquiries of their own), and an admin console
 * with many of everything (other vendors and services, reported enquiries, review disputes, contact
 * messages, audit log lines, payments, blog posts, templates). Rows go straight to the tables in
 * batches; the ids the walk needs come back.
 */
type Value = string | number | null;
type Rows = Record<string, Value>[];

const DAY = 86_400_000;

async function insert(table: string, rows: Rows): Promise<void> {
  if (!rows.length) return;
  const columns = Object.keys(rows[0]!);
  const perStatement = Math.max(1, Math.floor(100 / columns.length));
  const statements: D1PreparedStatement[] = [];
  for (let i = 0; i < rows.length; i += perStatement) {
    const chunk = rows.slice(i, i + perStatement);
    const sql = `INSERT INTO ${table} (${columns.join(", ")}) VALUES ${chunk.map(() => `(${columns.map(() => "?").join(", ")})`).join(", ")}`;
    statements.push(env.DB.prepare(sql).bind(...chunk.flatMap((row) => columns.map((c) => row[c] ?? null))));
  }
  for (let i = 0; i < statements.length; i += 200) await env.DB.batch(statements.slice(i, i + 200));
}

export type OwnerIds = {
  /** The couple's functions, and the first household's guests (who answer its RSVP link). */
  events: string[];
  householdGuests: string[];
  vendorMedia: string[];
  vendorServices: string[];
  /** What every id of this round carries ("r0", "r1"…). */
  tag: string;
  couple: string;
  vendor: string;
  vendorSlug: string;
  vendorCity: string;
  admin: string;
  superAdmin: string;
  service: string;
  serviceCategory: string;
  serviceType: string;
  vendorLead: string;
  coupleLead: string;
  vendorBooking: string;
  coupleBooking: string;
  event: string;
  household: string;
  rsvpToken: string;
  plan: string;
  template: string;
  card: string;
  cardSlug: string;
  blogPost: string;
  otherVendor: string;
  otherService: string;
  invoice: string;
};

let round = 0;

/** Adds one round of rows of `size` around the same owners (created on the first call). */
export async function seedOwners(size: number, owners?: OwnerIds): Promise<OwnerIds> {
  const r = `r${round++}`;
  const now = Date.now();
  const id = (kind: string, i: number | string) => `${kind}-${r}-${i}`;
  const users: Rows = [];
  const vendors: Rows = [];
  const user = (uid: string, role: string, name: string) =>
    users.push({ id: uid, email: `${uid}@example.com`, user_name: name, role, is_verified: 1, created_at: now, updated_at: now });

  let o = owners;
  if (!o) {
    const couple = id("couple", 0);
    const vendor = id("vendor", 0);
    user(couple, "USER", "Asha Rao");
    user(vendor, "VENDOR", "Shubh Caterers");
    user(id("admin", 0), "ADMIN", "Admin One");
    user(id("super", 0), "SUPER_ADMIN", "Super Admin");
    vendors.push({
      user_id: vendor,
      slug: `shubh-caterers-${r}`,
      business_name: "Shubh Caterers",
      state: "Rajasthan",
      city: "Jaipur",
      created_at: now,
      updated_at: now,
    });
    o = {
      events: [],
      householdGuests: [],
      vendorMedia: [0, 1, 2].map((p) => id(`media${p}`, 0)),
      vendorServices: [],
      tag: r,
      couple,
      vendor,
      vendorSlug: `shubh-caterers-${r}`,
      vendorCity: "jaipur",
      admin: id("admin", 0),
      superAdmin: id("super", 0),
      service: id("svc", 0),
      serviceCategory: "Wedding Vendor",
      serviceType: "Caterers",
      vendorLead: id("lead", 0),
      coupleLead: id("clead", 0),
      vendorBooking: id("booking", 0),
      coupleBooking: id("cbooking", 0),
      event: id("event", 0),
      household: id("household", 0),
      rsvpToken: `rsvp${r}x0`.padEnd(32, "x"),
      plan: id("plan", 0),
      template: id("tpl", 0),
      card: id("card", 0),
      cardSlug: `asha-weds-${r}`,
      blogPost: `wedding-ideas-${r}-0`,
      otherVendor: id("ovendor", 0),
      otherService: id("osvc", 0),
      invoice: id("invoice", 0),
    };
  }
  const { couple, vendor } = o;

  // Other vendors with services (the admin's searches, the catalogue, the couple's enquiries).
  const otherServices: string[] = [];
  for (let v = 0; v < 3 * size; v++) {
    const ov = id("ovendor", v);
    user(ov, "VENDOR", `Vendor ${r} ${v}`);
    vendors.push({
      user_id: ov,
      slug: `vendor-${r}-${v}`,
      business_name: `Vendor ${r} ${v}`,
      state: "Rajasthan",
      city: "Jaipur",
      created_at: now,
      updated_at: now,
    });
    otherServices.push(id("osvc", v));
  }
  // The couples who wrote to the vendor.
  const enquirers = Array.from({ length: 20 * size }, (_, i) => id("enquirer", i));
  enquirers.forEach((e, i) => user(e, "USER", `Couple ${r} ${i}`));
  await insert("users", users);
  await insert("vendors", vendors);

  const service = (sid: string, vendorId: string, i: number): Record<string, Value> => ({
    id: sid,
    vendor_id: vendorId,
    service_name: `Royal Feast ${r} ${i}`,
    description: "Rajasthani and North Indian menus for weddings of 100 to 2,000 guests.",
    service_category: "Wedding Vendor",
    service_type: "Caterers",
    min_price: 800 + i,
    service_unit: "Per Plate",
    state: "Rajasthan",
    city: "Jaipur",
    status: "active",
    rating: 4.5,
    review_count: 3,
    created_at: now - i * 1000,
    updated_at: now,
  });
  const vendorServices = Array.from({ length: 6 * size }, (_, i) => id("svc", i));
  await insert("services", [...vendorServices.map((s, i) => service(s, vendor, i)), ...otherServices.map((s, i) => service(s, id("ovendor", i), i))]);
  await insert(
    "service_media",
    vendorServices.flatMap((s, i) =>
      [0, 1, 2].map((p) => ({ id: id(`media${p}`, i), service_id: s, key: `services/${s}/${p}.webp`, width: 1200, height: 800, position: p, created_at: now })),
    ),
  );
  await insert(
    "service_faqs",
    vendorServices.flatMap((s, i) =>
      [0, 1].map((p) => ({ id: id(`faq${p}`, i), service_id: s, question: "Do you travel?", answer: "Yes.", position: p, created_at: now })),
    ),
  );
  await insert(
    "service_daily_stats",
    vendorServices.flatMap((s) =>
      Array.from({ length: 10 }, (_, d) => ({ service_id: s, day: new Date(now - d * DAY).toISOString().slice(0, 10), views: 5, leads: 1 })),
    ),
  );
  await insert(
    "service_blocked_dates",
    vendorServices.slice(0, size).map((s, i) => ({ service_id: s, day: new Date(now + (i + 10) * DAY).toISOString().slice(0, 10), note: "Booked" })),
  );

  // 20 enquiries per size step to the vendor, each with messages and a quote; a fifth booked; reviews.
  const leads: Rows = [];
  const messages: Rows = [];
  const quotes: Rows = [];
  const bookings: Rows = [];
  const milestones: Rows = [];
  const reviews: Rows = [];
  const disputes: Rows = [];
  enquirers.forEach((e, i) => {
    const lead = id("lead", i);
    const svc = vendorServices[i % vendorServices.length]!;
    leads.push({
      id: lead,
      service_id: svc,
      vendor_id: vendor,
      user_id: e,
      message: "We need catering for 300 guests in February.",
      event_date: "2027-02-14",
      guest_count: 300,
      budget: 400000,
      status: i % 5 === 0 ? "BOOKED" : "NEW",
      reported_at: i % 10 === 1 ? now : null,
      created_at: now - i * 60_000,
      updated_at: now,
    });
    for (let m = 0; m < 3; m++)
      messages.push({ id: id(`msg${m}`, i), lead_id: lead, sender_id: m % 2 ? vendor : e, body: `Message ${m}`, created_at: now - i * 60_000 + m });
    quotes.push({ id: id("quote", i), lead_id: lead, amount: 350000, includes: "Dinner for 300", valid_until: "2027-01-31", created_at: now });
    if (i % 5 === 0) {
      const booking = id("booking", i);
      // Past weddings: the vendor may delete the account (a booking to come would refuse it), so the walk measures the deletion.
      bookings.push({
        id: booking,
        lead_id: lead,
        service_id: svc,
        vendor_id: vendor,
        user_id: e,
        event_date: "2026-02-14",
        agreed_price: 350000,
        status: "CONFIRMED",
        created_at: now,
        updated_at: now,
      });
      for (let m = 0; m < 3; m++)
        milestones.push({ id: id(`ms${m}`, i), booking_id: booking, kind: "PAYMENT", title: `Instalment ${m + 1}`, amount: 100000, due_date: "2027-01-01" });
    }
    const review = id("review", i);
    reviews.push({
      id: review,
      service_id: svc,
      user_id: e,
      rating: 4,
      quality: 4,
      responsiveness: 4,
      professionalism: 4,
      value: 4,
      flexibility: 4,
      comment: "Lovely food.",
      created_at: now,
      updated_at: now,
    });
    if (i % 10 === 2) disputes.push({ id: id("dispute", i), review_id: review, vendor_id: vendor, reason: "Not our client.", created_at: now });
  });

  // The couple's own enquiries and bookings with other vendors.
  otherServices.forEach((s, i) => {
    if (i >= 2 * size) return;
    const lead = id("clead", i);
    leads.push({
      id: lead,
      service_id: s,
      vendor_id: id("ovendor", i),
      user_id: couple,
      message: "Are you free on 14 Feb?",
      status: "NEW",
      created_at: now - i,
      updated_at: now,
    });
    messages.push({ id: id("cmsg", i), lead_id: lead, sender_id: couple, body: "Hello", created_at: now });
    if (i % 2 === 0)
      bookings.push({
        id: id("cbooking", i),
        lead_id: lead,
        service_id: s,
        vendor_id: id("ovendor", i),
        user_id: couple,
        agreed_price: 90000,
        status: "CONFIRMED",
        created_at: now,
        updated_at: now,
      });
  });
  await insert("leads", leads);
  await insert("lead_messages", messages);
  await insert("lead_quotes", quotes);
  await insert("bookings", bookings);
  await insert("booking_milestones", milestones);
  await insert("reviews", reviews);
  await insert("review_disputes", disputes);
  await insert(
    "wishlist_items",
    [...vendorServices, ...otherServices].slice(0, 5 * size).map((s) => ({ user_id: couple, service_id: s, created_at: now })),
  );

  // The couple's wedding: functions (12 at size 10), 80 guests per size step in households of 3 or 4, all invited, half answered.
  const events = Array.from({ length: Math.max(2, Math.round(1.2 * size)) }, (_, i) => id("event", i));
  await insert(
    "events",
    events.map((e, i) => ({
      id: e,
      user_id: couple,
      name: `Function ${r} ${i}`,
      event_date: `2027-02-${String((i % 28) + 1).padStart(2, "0")}`,
      budget: 100000,
      created_at: now,
      updated_at: now,
    })),
  );
  const households: Rows = [];
  const guests: Rows = [];
  const invitations: Rows = [];
  const rsvps: Rows = [];
  let guestNo = 0;
  for (let h = 0; guestNo < 80 * size; h++) {
    const hid = id("household", h);
    households.push({ id: hid, user_id: couple, name: `Family ${h}`, rsvp_token: `rsvp${r}x${h}`.padEnd(32, "x"), created_at: now, updated_at: now });
    for (const e of events) invitations.push({ household_id: hid, event_id: e, invited_at: now });
    for (let g = 0; g < (h % 5 === 0 ? 4 : 3) && guestNo < 80 * size; g++, guestNo++) {
      const gid = id("guest", guestNo);
      guests.push({
        id: gid,
        user_id: couple,
        household_id: hid,
        name: `Guest ${guestNo}`,
        side: guestNo % 2 ? "BRIDE" : "GROOM",
        dietary: "VEG",
        created_at: now,
        updated_at: now,
      });
      if (guestNo % 2 === 0) for (const e of events) rsvps.push({ guest_id: gid, event_id: e, response: "ATTENDING", party_size: 1, answered_at: now });
    }
  }
  if (!owners) {
    o.events = events;
    o.householdGuests = guests.filter((g) => g.household_id === o.household).map((g) => String(g.id));
    o.vendorServices = vendorServices;
  }
  await insert("households", households);
  await insert("guests", guests);
  await insert("household_invitations", invitations);
  await insert("guest_rsvps", rsvps);
  await insert(
    "tasks",
    Array.from({ length: 5 * size }, (_, i) => ({
      id: id("task", i),
      event_id: events[i % events.length]!,
      user_id: couple,
      name: `Task ${i}`,
      created_at: now,
      updated_at: now,
    })),
  );
  await insert(
    "budget_lines",
    Array.from({ length: 5 * size }, (_, i) => ({
      id: id("budget", i),
      user_id: couple,
      event_id: events[i % events.length]!,
      category: "Catering",
      label: `Line ${i}`,
      estimated: 10000,
      created_at: now,
      updated_at: now,
    })),
  );
  await insert(
    "event_services",
    events.flatMap((e, i) => otherServices.slice(0, 3).map((s) => ({ event_id: e, service_id: s, created_at: now + i }))),
  );

  // The admin console: contact messages, audit log lines, payments with invoices, blog posts, templates, plans.
  await insert(
    "contact_messages",
    Array.from({ length: 10 * size }, (_, i) => ({
      id: id("contact", i),
      name: "Ravi",
      email: "ravi@example.com",
      topic: "GENERAL",
      message: "Hello",
      created_at: now - i,
      updated_at: now,
    })),
  );
  await insert(
    "admin_audit_log",
    Array.from({ length: 20 * size }, (_, i) => ({
      id: id("audit", i),
      actor_id: o.admin,
      actor_email: `${o.admin}@example.com`,
      action: "SERVICE_HIDDEN",
      subject_type: "service",
      subject_id: otherServices[i % otherServices.length]!,
      summary: "Hid a service",
      created_at: now - i,
    })),
  );
  await insert("plans", [{ id: id("plan", 0), name: `Gold ${r}`, price: 4999, created_at: now, updated_at: now }]);
  await insert(
    "payments",
    Array.from({ length: 10 * size }, (_, i) => ({
      id: id("payment", i),
      user_id: i % 2 ? vendor : couple,
      purpose: i % 2 ? "SUBSCRIPTION" : "TEMPLATE",
      amount: 4999,
      status: "SUCCESS",
      gateway_order_id: id("order", i),
      gateway_payment_id: id("pay", i),
      created_at: now - i,
      updated_at: now,
    })),
  );
  await insert(
    "invoices",
    Array.from({ length: size }, (_, i) => ({
      id: id("invoice", i),
      payment_id: id("payment", 2 * i + 1),
      user_id: vendor,
      number: `MDP/2627/${r}${String(i).padStart(5, "0")}`,
      financial_year: "2026-27",
      sequence: 1000 * round + i,
      description: "Gold plan",
      sac: "998365",
      taxable_value: 423627,
      cgst_rate: 900,
      cgst_amount: 38127,
      sgst_rate: 900,
      sgst_amount: 38127,
      igst_rate: 0,
      igst_amount: 0,
      total: 499900,
      prices_include_gst: 1,
      place_of_supply: "Rajasthan (08)",
      supplier: JSON.stringify({ legalName: "Mandap", gstin: "08AAAAA0000A1Z5", address: "Jaipur", state: "Rajasthan", stateCode: "08" }),
      billed_to: JSON.stringify({
        businessName: "Shubh Caterers",
        address: "MI Road",
        city: "Jaipur",
        state: "Rajasthan",
        stateCode: "08",
        gstin: null,
        email: `${vendor}@example.com`,
      }),
      issued_at: now,
    })),
  );
  await insert(
    "blog_posts",
    Array.from({ length: 3 * size }, (_, i) => ({
      id: id("post", i),
      author_id: o.admin,
      title: `Wedding ideas ${r} ${i}`,
      url_title: `wedding-ideas-${r}-${i}`,
      content: "Ideas for a Jaipur wedding.",
      status: "PUBLISHED",
      published_at: now - i,
      created_at: now,
      updated_at: now,
    })),
  );
  const canvas = sampleCanvas();
  await insert(
    "invite_templates",
    Array.from({ length: 3 * size }, (_, i) => ({
      id: id("tpl", i),
      name: `Template ${r} ${i}`,
      canvas: JSON.stringify(canvas),
      width: canvas.width,
      height: canvas.height,
      price: i % 2 ? 499 : 0,
      amount_category: i % 2 ? "PAID" : "FREE",
      status: "PUBLISHED",
      created_at: now,
      updated_at: now,
    })),
  );
  if (!owners) {
    await insert("user_templates", [
      {
        id: o.card,
        user_id: couple,
        template_id: o.template,
        title: "Our wedding card",
        canvas: JSON.stringify(canvas),
        public_slug: o.cardSlug,
        published_at: now,
        created_at: now,
        updated_at: now,
      },
    ]);
  }
  return o;
}
