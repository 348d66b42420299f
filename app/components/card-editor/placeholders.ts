import type { CardCanvas, CardDetails, CardObject, CardPlaceholder } from "#shared/card-format.ts";
import { m } from "#shared/paraglide/messages.js";

/**
 * The "Details" panel's fields and how they meet the canvas (pure): each field is a placeholder
 * key of shared/card-format.ts; text objects carrying `placeholder: key` show its value.
 */
export const DETAIL_FIELDS: { key: CardPlaceholder; label: () => string; multiline?: boolean }[] = [
  { key: "brideName", label: m.couple_editor_field_bride },
  { key: "groomName", label: m.couple_editor_field_groom },
  { key: "eventDate", label: m.couple_editor_field_date },
  { key: "time", label: m.couple_editor_field_time },
  { key: "location", label: m.couple_editor_field_venue },
  { key: "heading", label: m.couple_editor_field_heading },
  { key: "description", label: m.couple_editor_field_description, multiline: true },
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
    {
      rect: m.couple_editor_rectangle,
      circle: m.couple_editor_circle,
      line: m.couple_editor_line,
      image: m.couple_editor_image,
      textbox: m.couple_editor_text,
      "i-text": m.couple_editor_text,
      text: m.couple_editor_text,
      group: m.couple_editor_group,
      path: m.couple_editor_shape,
    }[type] ?? m.couple_editor_object
  )();
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
