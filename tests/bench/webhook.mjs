// The payment webhook handler (POST /api/v1/payments/webhook, issue 11): Razorpay waits 5 s for an
// answer before it counts a delivery as failed, so the handler must answer well within that. The
// bench adds a vendor with ORDERS pending plan purchases to a bench database, then sends signed
// payment.captured webhooks (signed with the local sandbox gateway's secret, as the built server
// runs without Razorpay keys) one at a time: first deliveries (each credits a payment: signature,
// event record, one crediting batch), the same events again (duplicates), and a bad signature.
// `npm run bench` runs it against its dashboard copy of the database; alone, prepare a state
// directory first (the server must not be running on it), then start a server on it and measure:
//   node tests/bench/webhook.mjs --prepare --state .wrangler/state
//   node tests/bench/webhook.mjs --state .wrangler/state --base http://127.0.0.1:8787
import { createHmac, randomBytes } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { pathToFileURL } from "node:url";
import { mustRun } from "../../scripts/run.mjs";

export const WEBHOOK_ORDERS = 200;
/** SANDBOX_GATEWAY_SECRET's local default (functions/platform/sandbox-gateway.ts). */
const SANDBOX_SECRET = process.env.SANDBOX_GATEWAY_SECRET || "mandap-local-sandbox-gateway-secret";
const VENDOR = "bench-webhook-vendor";
const PRICE = 4999;

const BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
const gatewayId = (prefix) => `${prefix}_${[...randomBytes(14)].map((b) => BASE62[b % 62]).join("")}`;
const pct = (xs, p) => xs.slice().sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil((p / 100) * xs.length) - 1)];

/** Adds the bench vendor, a paid plan and `count` PENDING subscriptions and payments to the local D1 in `state`; returns their gateway order ids. */
export async function prepareWebhookState(state, count = WEBHOOK_ORDERS) {
  const now = Date.now();
  const run = randomBytes(4).toString("hex");
  const orders = Array.from({ length: count }, () => gatewayId("order"));
  const lines = [
    `INSERT OR IGNORE INTO users (id, email, user_name, role, is_verified, created_at, updated_at) VALUES ('${VENDOR}', 'bench-webhook@mandap.example', 'Bench Webhook Vendor', 'VENDOR', 1, ${now}, ${now});`,
    `INSERT OR IGNORE INTO vendors (user_id, slug, business_name, state, city, created_at, updated_at) VALUES ('${VENDOR}', 'bench-webhook-vendor', 'Bench Webhook Events', 'Rajasthan', 'Jaipur', ${now}, ${now});`,
    `INSERT OR IGNORE INTO plans (id, name, description, price, duration_days, is_trial, features, is_active, created_at, updated_at) VALUES ('bench-plan-silver', 'Silver', '', ${PRICE}, 90, 0, '[]', 1, ${now}, ${now});`,
    ...orders.flatMap((orderId, i) => [
      `INSERT INTO subscriptions (id, vendor_id, plan_id, status, gateway_order_id, created_at, updated_at) VALUES ('bench-sub-${run}-${i}', '${VENDOR}', 'bench-plan-silver', 'PENDING', '${orderId}', ${now}, ${now});`,
      `INSERT INTO payments (id, user_id, purpose, subscription_id, amount, currency, status, gateway_order_id, created_at, updated_at) VALUES ('bench-pay-${run}-${i}', '${VENDOR}', 'SUBSCRIPTION', 'bench-sub-${run}-${i}', ${PRICE}, 'INR', 'PENDING', '${orderId}', ${now}, ${now});`,
    ]),
  ];
  const file = `${state}/bench-webhook.sql`;
  writeFileSync(file, lines.join("\n"));
  await mustRun(`bench vendor with ${count} pending plan orders`, "wrangler", ["d1", "execute", "DB", "--local", "--persist-to", state, "--file", file], {
    env: { CI: "1" },
    quiet: true,
  });
  return { orders };
}

/** Razorpay's payment.captured event for an order (amounts in paise). */
function capturedEvent(orderId) {
  const paymentId = gatewayId("pay");
  const body = JSON.stringify({
    entity: "event",
    account_id: "acc_BenchAccount001",
    event: "payment.captured",
    contains: ["payment"],
    payload: {
      payment: {
        entity: {
          id: paymentId,
          entity: "payment",
          amount: PRICE * 100,
          currency: "INR",
          status: "captured",
          order_id: orderId,
          method: "upi",
          captured: true,
          vpa: "success@razorpay",
          email: "bench-webhook@mandap.example",
          contact: "+919000090000",
          notes: { vendor_id: VENDOR },
          fee: Math.round(PRICE * 100 * 0.0236),
          tax: Math.round((PRICE * 100 * 0.0236 * 18) / 118),
          error_code: null,
          error_description: null,
          created_at: Math.floor(Date.now() / 1000),
        },
      },
    },
    created_at: Math.floor(Date.now() / 1000),
  });
  return { id: gatewayId("evt"), body, signature: createHmac("sha256", SANDBOX_SECRET).update(body).digest("hex") };
}

async function send(base, event, signature = event.signature) {
  const t = performance.now();
  const res = await fetch(`${base}/api/v1/payments/webhook`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-Razorpay-Signature": signature, "X-Razorpay-Event-Id": event.id },
    body: event.body,
  });
  const json = await res.json();
  return { ms: performance.now() - t, status: res.status, outcome: json.outcome ?? json.message };
}

/** Signed webhooks one at a time: first deliveries (credit), the same again (duplicates), then bad signatures. */
export async function webhookLatency(base, orders) {
  const events = orders.map(capturedEvent);
  const phase = async (name, list, signatureOf) => {
    const times = [];
    const outcomes = {};
    for (const e of list) {
      const r = await send(base, e, signatureOf?.(e));
      times.push(r.ms);
      const key = `${r.status} ${r.outcome}`;
      outcomes[key] = (outcomes[key] ?? 0) + 1;
    }
    return { name, count: list.length, p50: pct(times, 50), p95: pct(times, 95), max: Math.max(...times), outcomes };
  };
  return [
    await phase("first delivery (credits)", events),
    await phase("duplicate delivery", events),
    await phase("bad signature (400)", events.slice(0, 50), () => "0".repeat(64)),
  ];
}

export function printWebhookLatency(rows) {
  console.log("\nPayment webhook handler (signed payment.captured, one at a time; Razorpay's timeout is 5 s):\n");
  console.log("| deliveries | count | p50 ms | p95 ms | max ms | answers |");
  console.log("|---|---|---|---|---|---|");
  for (const r of rows)
    console.log(
      `| ${r.name} | ${r.count} | ${r.p50.toFixed(1)} | ${r.p95.toFixed(1)} | ${r.max.toFixed(1)} | ${Object.entries(r.outcomes)
        .map(([k, n]) => `${k}×${n}`)
        .join(", ")} |`,
    );
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const { values } = parseArgs({
    options: {
      state: { type: "string", default: ".wrangler/state" },
      base: { type: "string", default: "http://127.0.0.1:8787" },
      prepare: { type: "boolean" },
    },
  });
  const list = `${values.state}/bench-webhook-orders.json`;
  if (values.prepare) writeFileSync(list, JSON.stringify((await prepareWebhookState(values.state)).orders));
  else printWebhookLatency(await webhookLatency(values.base.replace(/\/+$/, ""), JSON.parse(readFileSync(list, "utf8"))));
}
