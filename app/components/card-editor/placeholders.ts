import type { CardCanvas, CardDetails, CardObject, CardPlaceholder } from "#shared/card-format.ts";

/**
 * The "Details" panel's fields and how they meet the canvas (pure): each field is a placeholder
 * key of shared/card-format.ts; text objects carrying `placeholder: key` show its value.
 */
export const DETAIL_FIELDS: { key: CardPlaceholder; label: string; multiline?: boolean }[] = [
  { key: "brideName", label: "Bride" },
  { key: "groomName", label: "Groom" },
  { key: "eventDate", label: "Date" },
  { key: "time", label: "Time" },
  { key: "location", label: "Venue" },
  { key: "heading", label: "Heading" },
  { key: "description", label: "Description", multiline: true },
];

/** The details a canvas shows today: the text of the first object carrying each placeholder. */
export function detailsFromCanvas(canvas: Pick<CardCanvas, "objects">): CardDetails {
  const out: CardDetails = {};
  const visit = (o: CardObject) => {
    const key = o.placeholder as CardPlaceholder | undefined;
    if (key && typeof o.text === "string" && out[key] === undefined) out[key] = o.text;
    if (Array.isArray(o.objects)) (o.objects as CardObject[]).forEach(visit);
  };
  canvas.objects.forEach(visit);
  return out;
}

/** The fields the couple changed compared with what was last saved (for the card's PATCH). */
export function changedDetails(saved: CardDetails, current: CardDetails): CardDetails {
  const out: CardDetails = {};
  for (const { key } of DETAIL_FIELDS) {
    if ((current[key] ?? "") !== (saved[key] ?? "")) out[key] = current[key] ?? "";
  }
  return out;
}

/** A text object's name in the layers list: its layerName, else its text (shortened), else its type. */
export function layerLabel(o: { layerName?: unknown; text?: unknown; type?: unknown; placeholder?: unknown }): string {
  if (typeof o.layerName === "string" && o.layerName.trim()) return o.layerName.trim();
  if (typeof o.text === "string" && o.text.trim()) {
    const t = o.text.trim().replace(/\s+/g, " ");
    return t.length > 28 ? `${t.slice(0, 27)}…` : t;
  }
  const type = typeof o.type === "string" ? o.type.toLowerCase() : "object";
  return (
    { rect: "Rectangle", circle: "Circle", line: "Line", image: "Image", textbox: "Text", "i-text": "Text", text: "Text", group: "Group", path: "Shape" }[
      type
    ] ?? "Object"
  );
}

/** Makes image sources relative ("/media/...") when the browser wrote them absolute for this origin. */
export function relativeMediaSources<T extends { objects: CardObject[] }>(canvas: T, origin: string): T {
  const fix = (o: CardObject): CardObject => {
    let next = o;
    if (typeof o.src === "string" && o.src.startsWith(`${origin}/media/`)) next = { ...o, src: o.src.slice(origin.length) };
    if (Array.isArray(next.objects)) next = { ...next, objects: (next.objects as CardObject[]).map(fix) };
    return next;
  };
  return { ...canvas, objects: canvas.objects.map(fix) };
}
