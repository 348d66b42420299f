import { request as playwrightRequest } from "@playwright/test";
import { expect, type Account } from "./fixtures.ts";
import { indiaDateInDays } from "#shared/india-time.ts";

/** What the couple-planning specs share: India's date n days from today, and a real booking made through the API. */
const origin = `http://localhost:${Number(process.env.E2E_PORT ?? 8788)}`;

export const inDays = (n: number) => indiaDateInDays(n);

/** The couple enquires about the service and its vendor books it: ₹1,50,000 with ₹40,000 advance and the balance due in 30 days. */
export async function bookingFor(couple: Account, vendor: Account, serviceId: string) {
  const c = await playwrightRequest.newContext({ baseURL: origin });
  const v = await playwrightRequest.newContext({ baseURL: origin });
  try {
    expect((await c.post("/api/v1/users/login", { headers: { Origin: origin }, data: { email: couple.email, password: couple.password } })).ok()).toBe(true);
    expect((await v.post("/api/v1/vendors/login", { headers: { Origin: origin }, data: { email: vendor.email, password: vendor.password } })).ok()).toBe(true);
    const lead = await c.put(`/api/v1/services/makeLead/${serviceId}`, {
      headers: { Origin: origin },
      data: { message: "Dinner for 250 guests at our wedding reception, vegetarian please.", eventDate: inDays(60) },
    });
    expect(lead.status()).toBe(201);
    const leadId = ((await lead.json()) as { lead: { id: string } }).lead.id;
    const booked = await v.post(`/api/v1/leads/${leadId}/booking`, {
      headers: { Origin: origin },
      data: {
        agreedPrice: 150000,
        eventDate: inDays(60),
        advancePaid: 40000,
        payments: [{ title: "Balance", amount: 110000, dueDate: inDays(30) }],
        deliverables: [],
      },
    });
    expect(booked.status(), await booked.text()).toBe(201);
  } finally {
    await Promise.all([c.dispose(), v.dispose()]);
  }
}
