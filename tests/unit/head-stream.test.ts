import { describe, expect, it } from "vitest";
import { lowerModulePreloadPriority } from "#app/lib/head-stream.server.ts";

/** Streams `html` in pieces cut at the given byte offsets and reads back what the page receives. */
async function throughStream(html: string, cuts: number[]): Promise<string> {
  const bytes = new TextEncoder().encode(html);
  const edges = [0, ...cuts, bytes.length];
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (let i = 0; i < edges.length - 1; i++) controller.enqueue(bytes.slice(edges[i], edges[i + 1]));
      controller.close();
    },
  });
  return new Response(lowerModulePreloadPriority(body)).text();
}

const page =
  '<!DOCTYPE html><html><head><link rel="modulepreload" href="/a.js"/><link rel="stylesheet" href="/s.css"/></head><body><p>₹1,200 / thali — शादी</p><link rel="modulepreload" href="/late.js"/></body></html>';

describe("module preloads wait behind CSS", () => {
  it("marks the head's preloads low priority and leaves the body byte for byte", async () => {
    const out = await throughStream(page, []);
    expect(out).toContain('<link rel="modulepreload" fetchpriority="low" href="/a.js"/>');
    expect(out.slice(out.indexOf("</head>"))).toBe(page.slice(page.indexOf("</head>")));
  });

  it("keeps every character when chunks split '</head>' or a multi-byte character", async () => {
    const bytes = new TextEncoder().encode(page);
    const headEnd = new TextEncoder().encode(page.slice(0, page.indexOf("</head>"))).length;
    const rupee = new TextEncoder().encode(page.slice(0, page.indexOf("₹"))).length;
    const expected = await throughStream(page, []);
    for (const cuts of [
      [headEnd + 3],
      [headEnd - 2, headEnd + 9],
      [rupee + 1],
      [headEnd + 7, rupee + 2],
      Array.from({ length: bytes.length - 1 }, (_, i) => i + 1),
    ]) {
      expect(await throughStream(page, cuts)).toBe(expected);
    }
  });

  it("passes a document without a head through unchanged", async () => {
    expect(await throughStream("plain text, no head", [5])).toBe("plain text, no head");
  });
});
