// Uploading 10 photos of about 4 MB as the photos page does (app/lib/upload-client.ts):
// per file POST /generateSignature, PUT the bytes to the signed uploadUrl, then register; three
// files at a time. Reports the time to finish, when the first photo was ready (progressive), how
// many uploads overlapped (concurrent), and how fast the site kept answering meanwhile (a probe
// fetches the home page every 250 ms: "without blocking"). The photos are deleted afterwards.
// `npm run bench` runs it; alone, against a running server with the demo data:
//   node tests/bench/uploads.mjs [baseUrl] [files]
import { PhotonImage } from "@cf-wasm/photon";

const CONCURRENCY = 3;
const DEMO_VENDOR = { email: "vendor@mandap.example", password: "Vendor@Mandap1" };

/** A noisy JPEG of about 4 MB (noise does not compress: 1800 x 1340 at quality 88). */
function photo() {
  const w = 1800;
  const h = 1340;
  const px = new Uint8Array(w * h * 4);
  for (let i = 0; i < px.length; i++) px[i] = (Math.random() * 255) | 0;
  const image = new PhotonImage(px, w, h);
  try {
    return image.get_bytes_jpeg(88);
  } finally {
    image.free();
  }
}

const pct = (xs, p) => xs.slice().sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil((p / 100) * xs.length) - 1)];

export async function uploadBench(base, count = 10) {
  const origin = new URL(base).origin;
  const login = await fetch(`${base}/api/v1/vendors/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: origin },
    body: JSON.stringify(DEMO_VENDOR),
  });
  if (!login.ok) throw new Error(`demo vendor log-in: HTTP ${login.status}`);
  const cookie = (login.headers.getSetCookie?.() ?? [login.headers.get("set-cookie")]).map((c) => c.split(";")[0]).join("; ");
  const me = await (await fetch(`${base}/api/v1/users/me`, { headers: { Cookie: cookie } })).json();
  const vendorId = me.user?.id ?? me.user?._id;
  // One of the demo vendor's services (the public list carries each service's vendor).
  let serviceId = null;
  for (let page = 1; page <= 50 && !serviceId; page++) {
    const list = await (await fetch(`${base}/api/v1/services?limit=100&page=${page}`)).json();
    serviceId = list.ServiceResult.find((s) => s.vendor?.id === vendorId)?.id ?? null;
    if (page >= (list.totalPages ?? 1)) break;
  }
  if (!serviceId) throw new Error("the demo vendor has no service");
  const headers = { Cookie: cookie, Origin: origin };
  const json = { ...headers, "Content-Type": "application/json" };
  const before = new Set((await (await fetch(`${base}/api/v1/upload/${serviceId}`, { headers })).json()).photos.map((p) => p.id));
  const room = 30 - before.size;
  count = Math.min(count, room);
  const files = Array.from({ length: count }, photo);
  const totalMB = files.reduce((n, f) => n + f.length, 0) / 1024 / 1024;

  let probing = true;
  const probes = [];
  const probe = (async () => {
    while (probing) {
      const t = performance.now();
      const res = await fetch(`${base}/`, { headers: { Cookie: "mandap_visited=1" } });
      await res.arrayBuffer();
      probes.push(performance.now() - t);
      await new Promise((r) => setTimeout(r, 250));
    }
  })();

  const t0 = performance.now();
  const spans = [];
  let active = 0;
  let maxActive = 0;
  let next = 0;
  const failures = [];
  const lane = async () => {
    while (next < files.length) {
      const i = next++;
      const start = performance.now() - t0;
      active++;
      maxActive = Math.max(maxActive, active);
      try {
        const sig = await (
          await fetch(`${base}/api/v1/generateSignature`, { method: "POST", headers: json, body: JSON.stringify({ folder: `services/${serviceId}` }) })
        ).json();
        const put = await fetch(new URL(sig.uploadUrl, base), { method: "PUT", headers: { ...headers, "Content-Type": "image/jpeg" }, body: files[i] });
        await put.arrayBuffer();
        const putDone = performance.now() - t0;
        if (!put.ok) throw new Error(`PUT ${put.status}`);
        const reg = await fetch(`${base}/api/v1/upload/${serviceId}/register`, {
          method: "POST",
          headers: json,
          body: JSON.stringify({ files: [{ key: sig.key, name: `bench-${i}.jpg` }] }),
        });
        const body = await reg.json();
        if (!reg.ok) throw new Error(`register ${reg.status}: ${body.message}`);
        spans.push({ i, start, putDone, end: performance.now() - t0 });
      } catch (e) {
        failures.push(`${i}: ${e.message}`);
      } finally {
        active--;
      }
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, lane));
  const totalMs = performance.now() - t0;
  probing = false;
  await probe;

  // Clean up: the demo service keeps only its own photos.
  const after = (await (await fetch(`${base}/api/v1/upload/${serviceId}`, { headers })).json()).photos;
  for (const p of after.filter((p) => !before.has(p.id)))
    await (await fetch(`${base}/api/v1/delete/${serviceId}`, { method: "POST", headers: json, body: JSON.stringify({ publicId: p.id }) })).arrayBuffer();

  const perFile = spans.map((s) => s.end - s.start);
  return {
    files: count,
    totalMB,
    concurrency: CONCURRENCY,
    maxConcurrent: maxActive,
    totalMs,
    firstReadyMs: Math.min(...spans.map((s) => s.end)),
    perFileP50Ms: pct(perFile, 50),
    perFileMaxMs: Math.max(...perFile),
    registerP50Ms: pct(
      spans.map((s) => s.end - s.putDone),
      50,
    ),
    probeP50Ms: pct(probes, 50),
    probeMaxMs: Math.max(...probes),
    probes: probes.length,
    failures,
  };
}

export function printUploadBench(r) {
  console.log(
    `Uploads: ${r.files} photos, ${r.totalMB.toFixed(1)} MB, ${r.concurrency} at a time (up to ${r.maxConcurrent} in flight): all done in ${(r.totalMs / 1000).toFixed(1)} s, ` +
      `the first ready after ${(r.firstReadyMs / 1000).toFixed(1)} s; per photo p50 ${(r.perFileP50Ms / 1000).toFixed(1)} s (resize and store ${(r.registerP50Ms / 1000).toFixed(1)} s), max ${(r.perFileMaxMs / 1000).toFixed(1)} s. ` +
      `Home page meanwhile: p50 ${r.probeP50Ms.toFixed(0)} ms, max ${r.probeMaxMs.toFixed(0)} ms over ${r.probes} requests.${r.failures.length ? ` FAILED: ${r.failures.join("; ")}` : ""}`,
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const result = await uploadBench(process.argv[2] ?? "http://localhost:8787", Number(process.argv[3] ?? 10));
  printUploadBench(result);
  process.exitCode = result.failures.length ? 1 : 0;
}
