import { decodePDFRawStream, PDFDict, PDFDocument, PDFName, PDFRawStream, type PDFRef, PDFStream } from "@cantoo/pdf-lib";

/**
 * What a PDF page says, read back as a person's PDF reader would copy it: the page's content
 * streams decoded, each shown string mapped to Unicode through its font's ToUnicode CMap (the
 * embedded fonts draw glyph ids, not characters). Strings drawn on the same baseline one after the
 * other join into one line ("₹" in one font, "4,999.00" in the next); each baseline is a line.
 * Also names the fonts the page uses (their BaseFont, once each).
 */
export async function pdfPageText(bytes: Uint8Array, pageIndex = 0): Promise<{ text: string; fonts: string[] }> {
  const doc = await PDFDocument.load(bytes);
  const page = doc.getPages()[pageIndex]!;
  const fontDict = page.node.Resources()?.lookup(PDFName.of("Font"), PDFDict);
  const maps = new Map<string, Map<string, string>>();
  const fonts: string[] = [];
  for (const [name, ref] of fontDict?.entries() ?? []) {
    const font = doc.context.lookup(ref as PDFRef, PDFDict);
    const baseFont = String(font.get(PDFName.of("BaseFont")));
    if (!fonts.includes(baseFont)) fonts.push(baseFont);
    const toUnicode = font.get(PDFName.of("ToUnicode"));
    const stream = toUnicode ? doc.context.lookup(toUnicode as PDFRef) : null;
    maps.set(name.asString(), stream instanceof PDFStream ? cmapOf(streamText(stream)) : new Map());
  }

  const contents = page.node.Contents();
  const refs = contents && "asArray" in contents ? contents.asArray() : [contents];
  const lines: string[] = [];
  let font = "";
  let baseline: string | null = null;
  let line = "";
  for (const ref of refs) {
    const stream = doc.context.lookup(ref as PDFRef);
    if (!(stream instanceof PDFStream)) continue;
    for (const [, fontName, y, hex] of streamText(stream).matchAll(
      /(\/\S+)\s+[\d.]+\s+Tf|[-\d.]+\s+[-\d.]+\s+[-\d.]+\s+[-\d.]+\s+[-\d.]+\s+([-\d.]+)\s+Tm|<([0-9A-Fa-f]*)>\s*Tj/g,
    )) {
      if (fontName) font = fontName;
      else if (y !== undefined) {
        if (baseline !== null && y !== baseline) {
          lines.push(line);
          line = "";
        }
        baseline = y;
      } else if (hex !== undefined) {
        const map = maps.get(font) ?? new Map<string, string>();
        for (let i = 0; i < hex.length; i += 4) line += map.get(hex.slice(i, i + 4).toLowerCase()) ?? "\uFFFD";
      }
    }
  }
  lines.push(line);
  return { text: lines.join("\n"), fonts };
}

function streamText(stream: PDFStream): string {
  const bytes = stream instanceof PDFRawStream ? decodePDFRawStream(stream).decode() : stream.getContents();
  return new TextDecoder("latin1").decode(bytes);
}

/** A ToUnicode CMap's bfchar entries: glyph id (4 hex digits) to text. */
function cmapOf(cmap: string): Map<string, string> {
  const map = new Map<string, string>();
  const entries = [...cmap.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)].map((m) => m[1]).join("\n");
  for (const [, id, unicode] of entries.matchAll(/<([0-9A-Fa-f]{4})>\s*<([0-9A-Fa-f]+)>/g)) {
    const units = unicode!.match(/.{4}/g)!.map((h) => parseInt(h, 16));
    map.set(id!.toLowerCase(), String.fromCharCode(...units));
  }
  return map;
}
