import { PhotonImage } from "@cf-wasm/photon";

/** A 6000x4000 phone-sized JPEG of smooth colour with grain (about 16 MB: over the 5 MB cap). */
export function bigPhoto(): Buffer {
  const w = 6000;
  const h = 4000;
  const px = new Uint8Array(w * h * 4);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const i = (y * w + x) * 4;
      const grain = (Math.random() - 0.5) * 64;
      px[i] = 120 + 100 * Math.sin(x / 300) + grain;
      px[i + 1] = 110 + 80 * Math.cos(y / 250) + grain;
      px[i + 2] = 90 + 60 * Math.sin((x + y) / 500) + grain;
      px[i + 3] = 255;
    }
  const image = new PhotonImage(px, w, h);
  try {
    return Buffer.from(image.get_bytes_jpeg(92));
  } finally {
    image.free();
  }
}
