// Where an anonymous page's time goes (issue 15): for each page, sequential renders that miss the
// page cache (a `bench` parameter the page ignores makes every URL new), each timed by the client
// and carrying the Worker's Server-Timing `d1` entry (functions/platform/d1-timing.ts); the bare
// hello Worker's time is the launcher's own cost. A Worker's clock moves only while it waits on
// I/O, so what is left (client time − D1 − launcher) is the CPU of rendering and serialising.
// Also the same page from the page cache, and the page's HTML size.

const median = (xs) => xs.slice().sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)];

async function timedGet(url) {
  const t = performance.now();
  const res = await fetch(url, { redirect: "manual" });
  const body = await res.arrayBuffer();
  const ms = performance.now() - t;
  if (res.status !== 200) throw new Error(`${url}: HTTP ${res.status}`);
  const timing = res.headers.get("server-timing") ?? "";
  const d1 = timing.match(/d1;dur=(\d+(?:\.\d+)?)/);
  const statements = timing.match(/desc="(\d+) statements, (\d+) round trips(?:, (\d+) rows read, (\d+) rows written)?"/);
  return {
    ms,
    bytes: body.byteLength,
    cache: res.headers.get("x-page-cache"),
    d1Ms: d1 ? Number(d1[1]) : null,
    statements: statements ? Number(statements[1]) : null,
    roundTrips: statements ? Number(statements[2]) : null,
    rowsRead: statements?.[3] ? Number(statements[3]) : null,
    rowsWritten: statements?.[4] ? Number(statements[4]) : null,
  };
}

/** [{ page, path, htmlKB, renderedMs, d1Ms, statements, roundTrips, rowsRead, rowsWritten, launcherMs, cpuMs, cachedMs }] (medians of `rounds`; rows of one render). */
export async function pageBreakdown(base, helloUrl, pages, rounds = 30) {
  const hello = [];
  for (let i = 0; i < rounds; i++) hello.push((await timedGet(helloUrl)).ms);
  const launcherMs = median(hello);
  const out = [];
  for (const { name, path } of pages) {
    const sep = path.includes("?") ? "&" : "?";
    const renders = [];
    for (let i = 0; i < rounds + 3; i++) {
      const r = await timedGet(`${base}${path}${sep}bench=${Date.now().toString(36)}${i}`);
      if (r.cache === "HIT") throw new Error(`${path}: a render was answered from the page cache`);
      if (i >= 3) renders.push(r);
    }
    await timedGet(`${base}${path}`);
    const cached = [];
    for (let i = 0; i < rounds; i++) cached.push((await timedGet(`${base}${path}`)).ms);
    const renderedMs = median(renders.map((r) => r.ms));
    const d1Ms = median(renders.map((r) => r.d1Ms ?? 0));
    out.push({
      page: name,
      path,
      htmlKB: renders[0].bytes / 1024,
      renderedMs,
      d1Ms,
      statements: renders[0].statements,
      roundTrips: renders[0].roundTrips,
      rowsRead: renders[0].rowsRead,
      rowsWritten: renders[0].rowsWritten,
      launcherMs,
      cpuMs: median(renders.map((r) => Math.max(0, r.ms - (r.d1Ms ?? 0) - launcherMs))),
      cachedMs: median(cached),
    });
  }
  return out;
}

export function printPageBreakdown(rows) {
  console.log("\nWhere an anonymous page's time goes (one request at a time, medians; renders miss the page cache)\n");
  console.log(
    "| page | HTML KB | rendered ms | D1 ms (statements, round trips) | D1 rows read / written | launcher ms (bare Worker) | render + serialise CPU ms | from the page cache ms |",
  );
  console.log("|---|---|---|---|---|---|---|---|");
  for (const r of rows)
    console.log(
      `| ${r.page} | ${r.htmlKB.toFixed(0)} | ${r.renderedMs.toFixed(1)} | ${r.d1Ms.toFixed(0)} (${r.statements ?? "?"}, ${r.roundTrips ?? "?"}) | ${r.rowsRead ?? "?"} / ${r.rowsWritten ?? "?"} | ${r.launcherMs.toFixed(1)} | ${r.cpuMs.toFixed(1)} | ${r.cachedMs.toFixed(1)} |`,
    );
}

/**
 * The home page's shared sections as an isolate computes them (functions/domain/catalogue/home-page.ts):
 * its first home render, which must be the first request to the home page since the Worker started
 * (the renders of pageBreakdown find them kept and read nothing). Again every HOME_SECTIONS_MAX_AGE_MS
 * in each isolate that shows the home page, and after every public write.
 */
export async function homeSectionsComputed(base) {
  const r = await timedGet(`${base}/?bench=sections-${Date.now().toString(36)}`);
  return { ms: r.ms, d1Ms: r.d1Ms, statements: r.statements, rowsRead: r.rowsRead, cache: r.cache };
}
