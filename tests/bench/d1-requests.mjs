// D1 queries per request at bench scale (issue 31): the heaviest pages and API calls (the admin
// console, the vendor's dashboard and analytics, the guest page of an 800-guest wedding and its
// head-counts, search, home, a service page) with 10,000 vendors and 10,000 couples in the
// database. The figures come from tests/integration/d1-request-budgets.test.ts, which runs each
// request in workerd on the metered database the scheduled jobs use and prints them as one JSON
// line: D1 calls (what Cloudflare counts against 50 per invocation on the Workers Free plan, 1,000
// on Paid; a batch is one), the statements inside them, and the rows D1 reports read. The same run
// fails when a request goes past its budget in that file.
//
//   node tests/bench/d1-requests.mjs
import { spawn } from "node:child_process";
import { delimiter, resolve } from "node:path";
import { pathToFileURL } from "node:url";

const FREE_PLAN = 50;

/** Runs the budgets test and returns its figures ({ scale, guests, measures, passed }). */
export function d1RequestsBench() {
  return new Promise((done, fail) => {
    const env = { ...process.env, PATH: `${resolve("node_modules/.bin")}${delimiter}${process.env.PATH}` };
    const child = spawn("vitest", ["run", "tests/integration/d1-request-budgets.test.ts"], { env, stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    child.stdout.on("data", (d) => (out += d));
    child.stderr.on("data", (d) => (out += d));
    child.on("exit", (code) => {
      const line = out.split("\n").find((l) => l.startsWith('{"d1PerRequest":'));
      if (!line) return fail(new Error(`the D1 budgets test printed no figures (exit ${code}):\n${out.slice(-2000)}`));
      done({ ...JSON.parse(line).d1PerRequest, passed: code === 0 });
    });
  });
}

export function printD1Requests(r) {
  const n = (x) => x.toLocaleString("en-IN");
  console.log(
    `\nD1 per request at bench scale (${n(r.scale.vendors)} vendors, ${n(r.scale.couples)} couples, a wedding of ${r.guests} guests); Free plan: ${FREE_PLAN} calls per invocation`,
  );
  console.log("| request | D1 calls (budget) | statements | rows read | status |");
  console.log("|---|---|---|---|---|");
  for (const m of r.measures)
    console.log(`| ${m.key} | ${m.calls} (${m.budget})${m.refused ? " OVER" : ""} | ${m.statements} | ${n(m.rowsRead)} | ${m.status} |`);
  const worst = [...r.measures].sort((a, b) => b.calls - a.calls)[0];
  const mostRows = [...r.measures].sort((a, b) => b.rowsRead - a.rowsRead)[0];
  console.log(
    `Most calls: ${worst.calls} (${worst.key}); most rows read: ${n(mostRows.rowsRead)} (${mostRows.key}); ${r.passed ? "every request within its budget" : "a request went past its budget (see the test)"}.`,
  );
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const r = await d1RequestsBench();
  printD1Requests(r);
  process.exit(r.passed ? 0 : 1);
}
