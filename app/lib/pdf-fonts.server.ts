import latin400 from "@fontsource/noto-sans-devanagari/files/noto-sans-devanagari-latin-400-normal.woff?url";
import latin700 from "@fontsource/noto-sans-devanagari/files/noto-sans-devanagari-latin-700-normal.woff?url";
import devanagari400 from "@fontsource/noto-sans-devanagari/files/noto-sans-devanagari-devanagari-400-normal.woff?url";
import devanagari700 from "@fontsource/noto-sans-devanagari/files/noto-sans-devanagari-devanagari-700-normal.woff?url";
import type { Color, PDFDocument, PDFFont, PDFPage } from "@cantoo/pdf-lib";

/**
 * Fonts for the PDFs the Worker writes (tax invoices, credit notes): Noto Sans Devanagari in two
 * of its subsets, Latin (with the Latin-1 letters, punctuation and U+FFFD) and Devanagari (with
 * "₹" U+20B9), regular and bold, embedded as subsets (only the glyphs a document uses, a few kB).
 * Text is drawn in runs, each in the first font that has its characters, so "₹14,999.00" and a
 * business name in Devanagari print as typed. fontkit shapes each run (conjuncts, the vowel sign
 * i before its consonant); a character neither font has (another script, an emoji) prints as
 * U+FFFD.
 *
 * The font files are static assets, not part of the Worker's code (scripts/deploy-check.mjs
 * refuses font files in the upload): the `?url` imports are their addresses in the build
 * (/assets/…-hash.woff; /node_modules/… under Vite's dev server and the test pool), fetched through
 * the ASSETS binding once per isolate and kept. Tests give the pool an ASSETS binding over the
 * same paths (vitest.config.ts).
 */

export type AssetsFetcher = { fetch(input: Request | string | URL): Promise<Response> };

const FILES = { latin400, latin700, devanagari400, devanagari700 } as const;
type FontBytes = Record<keyof typeof FILES, Uint8Array>;

let cached: Promise<FontBytes> | null = null;

async function fetchFonts(assets: AssetsFetcher | undefined): Promise<FontBytes> {
  if (!assets) throw new Error('The PDF fonts are static assets and this Worker has no ASSETS binding (wrangler.jsonc "assets").');
  const entries = await Promise.all(
    Object.entries(FILES).map(async ([name, path]) => {
      // Any host: the ASSETS binding answers by path.
      const response = await assets.fetch(new Request(new URL(path, "https://assets.invalid")));
      if (!response.ok) throw new Error(`The PDF font ${path} could not be read from the static assets (HTTP ${response.status}).`);
      return [name, new Uint8Array(await response.arrayBuffer())] as const;
    }),
  );
  return Object.fromEntries(entries) as FontBytes;
}

/** The font files' bytes, fetched once per isolate (a failed fetch is tried again next time). */
export function pdfFontBytes(assets: AssetsFetcher | undefined): Promise<FontBytes> {
  if (!cached) {
    cached = fetchFonts(assets);
    cached.catch(() => {
      cached = null;
    });
  }
  return cached;
}

/**
 * @pdf-lib/fontkit, as @cantoo/pdf-lib 2.x can use it. That fork is written for fontkit 2
 * (@cantoo/fontkit), whose subset has `encode()` without arguments; @pdf-lib/fontkit's subset has
 * an `encode(stream)` that needs the stream, and an `encodeStream()` the fork also accepts. So each
 * font's subset is handed over without its `encode`.
 *
 * @pdf-lib/fontkit's Devanagari shaper walks its syllables with a generator compiled by Babel to
 * the `regeneratorRuntime` global, which nothing defines in a Worker (ReferenceError). A stand-in
 * for the two calls it makes (`mark`, `wrap`) runs that one state machine.
 */
async function loadFontkit(): Promise<Fontkit> {
  const fontkit = (await import("@pdf-lib/fontkit")).default;
  const global = globalThis as { regeneratorRuntime?: unknown };
  global.regeneratorRuntime ??= REGENERATOR_STAND_IN;
  return {
    create(bytes, postscriptName) {
      const font = fontkit.create(bytes, postscriptName);
      const createSubset = font.createSubset.bind(font);
      return Object.assign(font, {
        createSubset: () => {
          const subset = createSubset() as ReturnType<typeof createSubset> & { cff?: unknown; encodeStream(): unknown };
          return { includeGlyph: (glyph: never) => subset.includeGlyph(glyph), encodeStream: () => subset.encodeStream(), cff: subset.cff };
        },
      });
    },
  } as Fontkit;
}

type Context = { prev: number; next: number | string; done: boolean; stop(): undefined };
type Fontkit = Parameters<PDFDocument["registerFontkit"]>[0];

/** Babel's regenerator, as far as a generator compiled to a `switch` over `context.next` needs it: yield is a return while not stopped. */
const REGENERATOR_STAND_IN = {
  mark: <T>(fn: T) => fn,
  wrap(body: (context: Context) => unknown) {
    const context: Context = {
      prev: 0,
      next: 0,
      done: false,
      stop() {
        this.done = true;
        return undefined;
      },
    };
    const iterator = {
      next() {
        if (context.done) return { value: undefined, done: true };
        const value = body(context);
        return context.done ? { value: undefined, done: true } : { value, done: false };
      },
      [Symbol.iterator]: () => iterator,
    };
    return iterator;
  },
};

/** One weight: the Latin subset first, the Devanagari one (and "₹") for what Latin lacks. */
export type FontFace = { fonts: PDFFont[]; sets: Set<number>[] };
export type PdfFonts = { regular: FontFace; bold: FontFace };

/** Embeds the fonts (subset) in `doc`. */
export async function embedPdfFonts(doc: PDFDocument, assets: AssetsFetcher | undefined): Promise<PdfFonts> {
  const [bytes, fontkit] = await Promise.all([pdfFontBytes(assets), loadFontkit()]);
  doc.registerFontkit(fontkit);
  const face = async (...files: Uint8Array[]): Promise<FontFace> => {
    const fonts = await Promise.all(files.map((file) => doc.embedFont(file, { subset: true })));
    return { fonts, sets: fonts.map((font) => new Set(font.getCharacterSet())) };
  };
  const [regular, bold] = await Promise.all([face(bytes.latin400, bytes.devanagari400), face(bytes.latin700, bytes.devanagari700)]);
  return { regular, bold };
}

const REPLACEMENT = "\uFFFD";

/** Characters that join the run they are in whichever font it uses (spaces, joiners). */
const NEUTRAL = /[\s\u200C\u200D]/u;

/** The text cut into runs, each with the index of the font that draws it. */
export function textRuns(text: string, face: FontFace): { text: string; font: number }[] {
  const runs: { text: string; font: number }[] = [];
  for (const raw of text.normalize("NFC")) {
    const code = raw.codePointAt(0)!;
    const current = runs.at(-1);
    let font = face.sets.findIndex((set) => set.has(code));
    let char = raw;
    if (font < 0) {
      char = REPLACEMENT;
      font = 0;
    } else if (current && NEUTRAL.test(raw) && face.sets[current.font]!.has(code)) font = current.font;
    if (current && current.font === font) current.text += char;
    else runs.push({ text: char, font });
  }
  return runs;
}

/** The width of the text in points, at `size`. */
export function widthOf(text: string, face: FontFace, size: number): number {
  return textRuns(text, face).reduce((sum, run) => sum + face.fonts[run.font]!.widthOfTextAtSize(run.text, size), 0);
}

/** Draws the text from (x, y), run by run. */
export function drawRuns(page: PDFPage, text: string, at: { x: number; y: number; size: number; face: FontFace; color: Color }) {
  let x = at.x;
  for (const run of textRuns(text, at.face)) {
    const font = at.face.fonts[run.font]!;
    page.drawText(run.text, { x, y: at.y, size: at.size, font, color: at.color });
    x += font.widthOfTextAtSize(run.text, at.size);
  }
}
