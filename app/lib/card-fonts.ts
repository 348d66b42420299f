import playfair400 from "@fontsource/playfair-display/files/playfair-display-latin-400-normal.woff2?url";
import playfair700 from "@fontsource/playfair-display/files/playfair-display-latin-700-normal.woff2?url";
import cormorant500 from "@fontsource/cormorant-garamond/files/cormorant-garamond-latin-500-normal.woff2?url";
import cormorant700 from "@fontsource/cormorant-garamond/files/cormorant-garamond-latin-700-normal.woff2?url";
import greatVibes400 from "@fontsource/great-vibes/files/great-vibes-latin-400-normal.woff2?url";
import poppinsLatin400 from "@fontsource/poppins/files/poppins-latin-400-normal.woff2?url";
import poppinsLatin600 from "@fontsource/poppins/files/poppins-latin-600-normal.woff2?url";
import poppinsDeva400 from "@fontsource/poppins/files/poppins-devanagari-400-normal.woff2?url";
import poppinsDeva600 from "@fontsource/poppins/files/poppins-devanagari-600-normal.woff2?url";
import tiroLatin400 from "@fontsource/tiro-devanagari-hindi/files/tiro-devanagari-hindi-latin-400-normal.woff2?url";
import tiroDeva400 from "@fontsource/tiro-devanagari-hindi/files/tiro-devanagari-hindi-devanagari-400-normal.woff2?url";
import yatraLatin400 from "@fontsource/yatra-one/files/yatra-one-latin-400-normal.woff2?url";
import yatraDeva400 from "@fontsource/yatra-one/files/yatra-one-devanagari-400-normal.woff2?url";
import type { CardFontFamily } from "#shared/card-fonts.ts";

/** Unicode ranges of the two subsets (as @fontsource declares them). */
const LATIN =
  "U+0000-00FF, U+0131, U+0152-0153, U+02BB-02BC, U+02C6, U+02DA, U+02DC, U+0304, U+0308, U+0329, U+2000-206F, U+20AC, U+2122, U+2191, U+2193, U+2212, U+2215, U+FEFF, U+FFFD";
const DEVANAGARI = "U+0900-097F, U+1CD0-1CF9, U+200C-200D, U+20A8, U+20B9, U+20F0, U+25CC, U+A830-A839, U+A8E0-A8FF, U+11B00-11B09";

type Face = { family: CardFontFamily; url: string; weight: number; range: string };
const FACES: Face[] = [
  { family: "Playfair Display", url: playfair400, weight: 400, range: LATIN },
  { family: "Playfair Display", url: playfair700, weight: 700, range: LATIN },
  { family: "Cormorant Garamond", url: cormorant500, weight: 500, range: LATIN },
  { family: "Cormorant Garamond", url: cormorant700, weight: 700, range: LATIN },
  { family: "Great Vibes", url: greatVibes400, weight: 400, range: LATIN },
  { family: "Poppins", url: poppinsLatin400, weight: 400, range: LATIN },
  { family: "Poppins", url: poppinsLatin600, weight: 600, range: LATIN },
  { family: "Poppins", url: poppinsDeva400, weight: 400, range: DEVANAGARI },
  { family: "Poppins", url: poppinsDeva600, weight: 600, range: DEVANAGARI },
  { family: "Tiro Devanagari Hindi", url: tiroLatin400, weight: 400, range: LATIN },
  { family: "Tiro Devanagari Hindi", url: tiroDeva400, weight: 400, range: DEVANAGARI },
  { family: "Yatra One", url: yatraLatin400, weight: 400, range: LATIN },
  { family: "Yatra One", url: yatraDeva400, weight: 400, range: DEVANAGARI },
];

let loading: Promise<void> | null = null;

/**
 * Registers and loads every card typeface (browser only), once: the canvas draws text only with
 * fonts already loaded, so the editor and the export await this before drawing.
 */
export function loadCardFonts(): Promise<void> {
  loading ??= Promise.all(
    FACES.map(async (face) => {
      const font = new FontFace(face.family, `url(${face.url}) format("woff2")`, { weight: String(face.weight), unicodeRange: face.range, display: "swap" });
      document.fonts.add(await font.load());
    }),
  ).then(() => undefined);
  return loading;
}
