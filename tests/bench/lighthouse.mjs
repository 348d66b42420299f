// Lighthouse (mobile, simulated throttling) against the local production build, through a
// compressing proxy, since Cloudflare's edge compresses and local workerd does not.
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import http from "node:http";
import http2 from "node:http2";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";

const COMPRESSIBLE = /^(text\/|application\/(javascript|json|xml|manifest\+json)|image\/svg\+xml)/;

/** A throwaway self-signed certificate for 127.0.0.1 (openssl), or null when openssl is missing. */
function localCertificate() {
  try {
    const dir = mkdtempSync(join(tmpdir(), "mandap-bench-"));
    execFileSync(
      "openssl",
      [
        "req",
        "-x509",
        "-newkey",
        "rsa:2048",
        "-nodes",
        "-days",
        "1",
        "-subj",
        "/CN=127.0.0.1",
        "-addext",
        "subjectAltName=IP:127.0.0.1",
        "-keyout",
        join(dir, "key.pem"),
        "-out",
        join(dir, "cert.pem"),
      ],
      { stdio: "ignore" },
    );
    return { key: readFileSync(join(dir, "key.pem")), cert: readFileSync(join(dir, "cert.pem")) };
  } catch {
    return null;
  }
}

/**
 * A stand-in for Cloudflare's edge: forwards to `upstream`, compresses text bodies, and speaks
 * HTTP/2 over TLS as the edge does (a local self-signed certificate), so that Lighthouse models
 * one multiplexed connection rather than HTTP/1.1's six. Falls back to HTTP/1.1 without openssl.
 * Resolves to { server, origin }.
 */
export async function startCompressingProxy(upstream, port) {
  const handler = async (req, res) => {
    try {
      const headers = Object.fromEntries(Object.entries(req.headers).filter(([k]) => !k.startsWith(":")));
      delete headers["accept-encoding"];
      delete headers.host;
      const up = await fetch(new URL(req.url, upstream), { method: req.method, headers, redirect: "manual" });
      const body = Buffer.from(await up.arrayBuffer());
      const out = {};
      up.headers.forEach((v, k) => {
        if (!["content-length", "content-encoding", "transfer-encoding", "connection", "keep-alive"].includes(k)) out[k] = v;
      });
      const setCookies = up.headers.getSetCookie?.() ?? [];
      if (setCookies.length) out["set-cookie"] = setCookies;
      const type = up.headers.get("content-type") ?? "";
      if (COMPRESSIBLE.test(type) && /gzip/.test(req.headers["accept-encoding"] ?? "") && body.length > 0) {
        const gz = gzipSync(body, { level: 6 });
        res.writeHead(up.status, { ...out, "content-encoding": "gzip", "content-length": gz.length, vary: "accept-encoding" });
        res.end(gz);
      } else {
        res.writeHead(up.status, { ...out, "content-length": body.length });
        res.end(body);
      }
    } catch (e) {
      res.writeHead(502);
      res.end(String(e));
    }
  };
  const tls = localCertificate();
  const server = tls ? http2.createSecureServer({ ...tls, allowHTTP1: true }, handler) : http.createServer(handler);
  await new Promise((resolve) => server.listen(port, "127.0.0.1", resolve));
  return { server, origin: `${tls ? "https" : "http"}://127.0.0.1:${port}` };
}

/**
 * Scores (0-100) per category and key metrics for each { name, url, cookie? }. A cookie makes the
 * visit a returning one (Lighthouse otherwise always loads a page as a first-time visitor). Each
 * page is audited `runs` times and the run with the median performance score is reported (with all
 * the performance scores), as Lighthouse advises: on a 2-core machine one run can swing 10 points.
 */
export async function audit(urls, runs = 3) {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    chromeFlags: [
      "--headless=new",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
      "--ignore-certificate-errors",
    ],
  });
  const results = [];
  try {
    for (const { name, url, cookie } of urls) {
      const page = [];
      for (let i = 0; i < runs; i++) page.push(await auditOnce(chrome.port, name, url, cookie));
      page.sort((a, b) => a.performance - b.performance);
      results.push({ ...page[Math.floor((page.length - 1) / 2)], performanceRuns: page.map((r) => r.performance) });
    }
  } finally {
    await chrome.kill();
  }
  return results;
}

/** One Lighthouse run of one page, reduced to what the bench prints. */
async function auditOnce(port, name, url, cookie) {
  const run = await lighthouse(url, {
    port,
    output: "json",
    logLevel: "error",
    onlyCategories: ["performance", "accessibility", "best-practices", "seo"],
    ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
  });
  const lhr = run.lhr;
  const score = (c) => Math.round((lhr.categories[c]?.score ?? 0) * 100);
  const failed = (c) =>
    lhr.categories[c].auditRefs
      .map((r) => lhr.audits[r.id])
      .filter(
        (a) =>
          a &&
          a.score !== null &&
          a.score < 1 &&
          a.scoreDisplayMode !== "informative" &&
          a.scoreDisplayMode !== "notApplicable" &&
          a.scoreDisplayMode !== "manual",
      )
      .map((a) => a.id);
  return {
    name,
    url,
    performance: score("performance"),
    accessibility: score("accessibility"),
    bestPractices: score("best-practices"),
    seo: score("seo"),
    fcpMs: Math.round(lhr.audits["first-contentful-paint"]?.numericValue ?? 0),
    siMs: Math.round(lhr.audits["speed-index"]?.numericValue ?? 0),
    lcpMs: Math.round(lhr.audits["largest-contentful-paint"]?.numericValue ?? 0),
    cls: Number((lhr.audits["cumulative-layout-shift"]?.numericValue ?? 0).toFixed(3)),
    tbtMs: Math.round(lhr.audits["total-blocking-time"]?.numericValue ?? 0),
    // Everything the page transferred (compressed, as the proxy serves it), images included.
    transferKB: Math.round((lhr.audits["total-byte-weight"]?.numericValue ?? 0) / 1024),
    failing: { accessibility: failed("accessibility"), seo: failed("seo"), bestPractices: failed("best-practices") },
  };
}
