import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { activePlans, paymentHistory } from "#domain/billing/index.ts";
import { createVendor } from "#tests/support/factories.ts";
import { actorOf, testContext } from "#tests/support/context.ts";

async function plan(id: string, price: number, active: boolean) {
  await env.DB.prepare(
    "INSERT INTO plans (id, name, description, price, duration_days, features, is_active, created_at, updated_at) VALUES (?, ?, '', ?, 365, ?, ?, 1, 1)",
  )
    .bind(id, `Plan ${id}`, price, JSON.stringify(["Priority support"]), active ? 1 : 0)
    .run();
}

async function payment(userId: string, amount: number, order: string) {
  await env.DB.prepare(
    "INSERT INTO payments (id, user_id, purpose, amount, status, gateway_order_id, created_at, updated_at) VALUES (?, ?, 'SUBSCRIPTION', ?, 'SUCCESS', ?, ?, ?)",
  )
    .bind(`pay_${order}`, userId, amount, order, amount, amount)
    .run();
}

describe("vendor plans and payments", () => {
  it("lists only active plans, cheapest first, with their features", async () => {
    await plan("p-gold", 9999, true);
    await plan("p-silver", 4999, true);
    await plan("p-retired", 1999, false);
    const names = (await activePlans(testContext())).map((p) => p.name);
    expect(names).toEqual(expect.arrayContaining(["Plan p-silver", "Plan p-gold"]));
    expect(names).not.toContain("Plan p-retired");
    expect(names.indexOf("Plan p-silver")).toBeLessThan(names.indexOf("Plan p-gold"));
    expect((await activePlans(testContext())).find((p) => p.id === "p-gold")?.features).toEqual(["Priority support"]);
  });

  it("shows a vendor their own payments only, newest first; a couple is refused", async () => {
    const me = await createVendor();
    const other = await createVendor();
    await payment(me.id, 100, "order_a");
    await payment(me.id, 200, "order_b");
    await payment(other.id, 300, "order_c");
    const mine = await paymentHistory(testContext({ actor: actorOf(me.id) }));
    expect(mine.map((p) => p.amount)).toEqual([200, 100]);
    await expect(paymentHistory(testContext({ actor: actorOf(me.id, "USER") }))).rejects.toMatchObject({ status: 403 });
  });
});
