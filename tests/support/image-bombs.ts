/**
 * Image bombs and impostors for the upload tests (issue 28): small files whose headers declare
 * more pixels than the cap, and files that carry an image's magic bytes but do not decode.
 */

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function pngChunk(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + data.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, data.length);
  out.set(new TextEncoder().encode(type), 4);
  out.set(data, 8);
  view.setUint32(8 + data.length, crc32(out.subarray(4, 8 + data.length)));
  return out;
}

function join(parts: Uint8Array[]): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/**
 * A real, valid PNG of w x h pixels, 1-bit greyscale and all black: 10,000 x 10,000 is about 12 KB
 * on disk and 100 megapixels (some 400 MB as RGBA) once decoded.
 */
export async function pngBomb(w: number, h: number): Promise<Uint8Array<ArrayBuffer>> {
  const ihdr = new Uint8Array(13);
  const view = new DataView(ihdr.buffer);
  view.setUint32(0, w);
  view.setUint32(4, h);
  ihdr.set([1, 0, 0, 0, 0], 8); // bit depth 1, greyscale, deflate, no filter, no interlace
  const row = 1 + Math.ceil(w / 8);
  const stream = new CompressionStream("deflate");
  const writer = stream.writable.getWriter();
  const rows = new Uint8Array(row * 256);
  const written = (async () => {
    for (let y = 0; y < h; y += 256) await writer.write(rows.subarray(0, row * Math.min(256, h - y)));
    await writer.close();
  })();
  const idat = new Uint8Array(await new Response(stream.readable).arrayBuffer());
  await written;
  return join([
    new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk("IHDR", ihdr),
    pngChunk("IDAT", idat),
    pngChunk("IEND", new Uint8Array()),
  ]);
}

/** A JPEG whose frame header (SOF0) declares w x h; no image data follows. */
export function jpegBomb(w: number, h: number): Uint8Array<ArrayBuffer> {
  const sof = [0xff, 0xc0, 0x00, 0x11, 0x08, h >> 8, h & 0xff, w >> 8, w & 0xff, 0x03, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1];
  return join([new Uint8Array([0xff, 0xd8]), new Uint8Array(sof), new Uint8Array(200), new Uint8Array([0xff, 0xd9])]);
}

/** A GIF whose logical screen is 10 x 10 but whose first frame declares w x h. */
export function gifFrameBomb(w: number, h: number): Uint8Array<ArrayBuffer> {
  const header = new TextEncoder().encode("GIF89a");
  const screen = new Uint8Array([10, 0, 10, 0, 0, 0, 0]);
  const frame = new Uint8Array([0x2c, 0, 0, 0, 0, w & 0xff, w >> 8, h & 0xff, h >> 8, 0, 2, 2, 0x4c, 0x01, 0, 0x3b]);
  return join([header, screen, frame]);
}

/** A WebP (VP8X) whose canvas declares w x h. */
export function webpBomb(w: number, h: number): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(30 + 200);
  const view = new DataView(bytes.buffer);
  bytes.set(new TextEncoder().encode("RIFF"), 0);
  view.setUint32(4, bytes.length - 8, true);
  bytes.set(new TextEncoder().encode("WEBPVP8X"), 8);
  view.setUint32(16, 10, true);
  const cw = w - 1;
  const ch = h - 1;
  bytes.set([cw & 0xff, (cw >> 8) & 0xff, (cw >> 16) & 0xff, ch & 0xff, (ch >> 8) & 0xff, (ch >> 16) & 0xff], 24);
  return bytes;
}

/** A file with a PNG's signature and a readable 64 x 64 header, whose image data is not deflate at all. */
export function pngImpostor(): Uint8Array<ArrayBuffer> {
  const ihdr = new Uint8Array(13);
  const view = new DataView(ihdr.buffer);
  view.setUint32(0, 64);
  view.setUint32(4, 64);
  ihdr.set([8, 6, 0, 0, 0], 8);
  const payload = new TextEncoder().encode("<html><script>alert(document.domain)</script></html>");
  return join([
    new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk("IHDR", ihdr),
    pngChunk("IDAT", payload),
    pngChunk("IEND", new Uint8Array()),
  ]);
}
