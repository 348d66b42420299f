import { useEffect, useState } from "react";
import type { FabricObject } from "fabric";
import { uploadAssets } from "#app/lib/upload-client.ts";
import { CARD_EXPORT_SIZES, type CardDetails, type CardExportSize, type CardPlaceholder } from "#shared/card-format.ts";
import { CARD_FONTS } from "#shared/card-fonts.ts";
import { cardsApi } from "./api.ts";
import { layerLabel } from "./placeholders.ts";

/** The editor's tool panels (a side panel on wide screens, a bottom sheet on phones). */
export type Selected = FabricObject & {
  text?: string;
  fontFamily?: string;
  fontSize?: number;
  fontWeight?: string | number;
  fontStyle?: string;
  textAlign?: string;
  charSpacing?: number;
  path?: unknown;
  placeholder?: string;
  layerName?: string;
  initDimensions?: () => void;
};

const label = "block text-xs font-medium text-stone-600";
const input = "mt-1 w-full rounded-md border border-stone-300 px-2 py-1.5 text-sm";
const button = "rounded-md border border-stone-300 bg-white px-3 py-1.5 text-sm text-stone-800 hover:bg-stone-50 disabled:opacity-50";
const isText = (o: Selected | null) => Boolean(o && ["textbox", "i-text", "text"].includes(String(o.type).toLowerCase()));
const colour = (v: unknown, fallback: string) => (typeof v === "string" && /^#[0-9a-f]{6}$/i.test(v) ? v : fallback);

export function DetailsPanel({
  fields,
  details,
  onChange,
  templateName,
  onTemplateName,
}: {
  fields: { key: CardPlaceholder; label: string; multiline?: boolean }[];
  details: CardDetails;
  onChange: (key: CardPlaceholder, value: string) => void;
  templateName: string | null;
  onTemplateName: (v: string) => void;
}) {
  return (
    <div className="space-y-3">
      {templateName !== null && (
        <label className={label}>
          Template name
          <input className={input} value={templateName} maxLength={120} onChange={(e) => onTemplateName(e.target.value)} />
        </label>
      )}
      {fields.length > 0 && <p className="text-xs text-stone-500">These fill the card&apos;s name, date and venue texts.</p>}
      {fields.map((f) => (
        <label key={f.key} className={label}>
          {f.label}
          {f.multiline ? (
            <textarea
              aria-label={f.label}
              className={input}
              rows={3}
              maxLength={500}
              value={details[f.key] ?? ""}
              onChange={(e) => onChange(f.key, e.target.value)}
            />
          ) : (
            <input className={input} maxLength={120} value={details[f.key] ?? ""} onChange={(e) => onChange(f.key, e.target.value)} />
          )}
        </label>
      ))}
    </div>
  );
}

export function TextPanel({
  selected,
  onAdd,
  onChange,
  onShadow,
}: {
  selected: Selected | null;
  onAdd: () => void;
  onChange: (props: Record<string, unknown>) => void;
  onShadow: (on: boolean) => void;
}) {
  const t = isText(selected) ? selected! : null;
  return (
    <div className="space-y-3">
      <button type="button" className={button} onClick={onAdd}>
        Add text
      </button>
      {!t ? (
        <p className="text-sm text-stone-500">Select a text on the card to change it. Double-click (or double-tap) a text to type in place.</p>
      ) : (
        <>
          <label className={label}>
            Text
            <textarea aria-label="Text" className={input} rows={2} value={t.text ?? ""} onChange={(e) => onChange({ text: e.target.value })} />
          </label>
          {Boolean(t.path) && <p className="text-xs text-stone-500">This text follows a curve.</p>}
          <label className={label}>
            Font
            <select className={input} value={t.fontFamily} onChange={(e) => onChange({ fontFamily: e.target.value })}>
              {CARD_FONTS.map((f) => (
                <option key={f.family} value={f.family}>
                  {f.family}
                </option>
              ))}
            </select>
          </label>
          <div className="grid grid-cols-2 gap-2">
            <label className={label}>
              Size
              <input
                className={input}
                type="number"
                min={6}
                max={300}
                value={Math.round(t.fontSize ?? 24)}
                onChange={(e) => Number(e.target.value) >= 6 && onChange({ fontSize: Math.min(300, Number(e.target.value)) })}
              />
            </label>
            <label className={label}>
              Colour
              <input className={`${input} h-9`} type="color" value={colour(t.fill, "#000000")} onChange={(e) => onChange({ fill: e.target.value })} />
            </label>
          </div>
          <div className="flex flex-wrap gap-1" role="group" aria-label="Style">
            <Toggle pressed={t.fontWeight === "bold" || Number(t.fontWeight) >= 600} onClick={(on) => onChange({ fontWeight: on ? "bold" : "normal" })}>
              Bold
            </Toggle>
            <Toggle pressed={t.fontStyle === "italic"} onClick={(on) => onChange({ fontStyle: on ? "italic" : "normal" })}>
              Italic
            </Toggle>
            <Toggle pressed={Boolean(t.shadow)} onClick={onShadow}>
              Shadow
            </Toggle>
          </div>
          <div className="flex flex-wrap gap-1" role="group" aria-label="Alignment">
            {(["left", "center", "right"] as const).map((a) => (
              <Toggle key={a} pressed={t.textAlign === a} onClick={() => onChange({ textAlign: a })}>
                {a === "center" ? "Centre" : a[0]!.toUpperCase() + a.slice(1)}
              </Toggle>
            ))}
          </div>
          <label className={label}>
            Letter spacing
            <input
              className="mt-1 w-full"
              type="range"
              min={-100}
              max={800}
              step={10}
              value={t.charSpacing ?? 0}
              onChange={(e) => onChange({ charSpacing: Number(e.target.value) })}
            />
          </label>
        </>
      )}
    </div>
  );
}

export function ShapesPanel({
  selected,
  onAdd,
  onChange,
}: {
  selected: Selected | null;
  onAdd: (k: "rect" | "circle" | "line") => void;
  onChange: (p: Record<string, unknown>) => void;
}) {
  const shape = selected && ["rect", "circle", "line"].includes(String(selected.type).toLowerCase()) ? selected : null;
  return (
    <div className="space-y-3">
      <div className="flex flex-wrap gap-2">
        <button type="button" className={button} onClick={() => onAdd("rect")}>
          Rectangle
        </button>
        <button type="button" className={button} onClick={() => onAdd("circle")}>
          Circle
        </button>
        <button type="button" className={button} onClick={() => onAdd("line")}>
          Line
        </button>
      </div>
      {shape && (
        <div className="grid grid-cols-2 gap-2">
          {String(shape.type).toLowerCase() !== "line" && (
            <label className={label}>
              Fill
              <input className={`${input} h-9`} type="color" value={colour(shape.fill, "#ffffff")} onChange={(e) => onChange({ fill: e.target.value })} />
            </label>
          )}
          <label className={label}>
            Outline
            <input className={`${input} h-9`} type="color" value={colour(shape.stroke, "#000000")} onChange={(e) => onChange({ stroke: e.target.value })} />
          </label>
          <label className={`${label} col-span-2`}>
            Opacity
            <input
              className="mt-1 w-full"
              type="range"
              min={0.1}
              max={1}
              step={0.05}
              value={shape.opacity ?? 1}
              onChange={(e) => onChange({ opacity: Number(e.target.value) })}
            />
          </label>
        </div>
      )}
    </div>
  );
}

type Asset = { public_id: string; url: string; fileName: string };

export function ImagesPanel({ onPick }: { onPick: (url: string) => void }) {
  const [assets, setAssets] = useState<Asset[] | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [uploading, setUploading] = useState<number | null>(null);
  const load = () =>
    cardsApi.assets().then((res) => {
      if (res.ok) setAssets(res.body.assets ?? []);
      else {
        setAssets([]);
        setMessage(res.message);
      }
    });
  useEffect(() => {
    void load();
  }, []);
  const upload = async (files: File[]) => {
    if (!files.length) return;
    setUploading(0);
    setMessage(null);
    try {
      const result = await uploadAssets(files, { folder: "user_assets", tags: ["invitation"], onProgress: setUploading });
      const problems = result.failed.map((f) => `${f.name}: ${f.message}`);
      setMessage(problems.length ? problems.join(" ") : (result.message ?? `${result.assets.length} uploaded.`));
      await load();
    } finally {
      setUploading(null);
    }
  };
  return (
    <div className="space-y-3">
      <label className={`${button} inline-block cursor-pointer`}>
        {uploading !== null ? `Uploading… ${Math.round(uploading * 100)}%` : "Upload photos"}
        <input
          type="file"
          accept="image/jpeg,image/png,image/webp"
          multiple
          className="sr-only"
          disabled={uploading !== null}
          onChange={(e) => {
            void upload([...(e.target.files ?? [])]);
            e.target.value = "";
          }}
        />
      </label>
      {message && (
        <p className="text-sm text-stone-700" role="status">
          {message}
        </p>
      )}
      {assets === null ? (
        <p className="text-sm text-stone-500">Loading your photos…</p>
      ) : assets.length === 0 ? (
        <p className="text-sm text-stone-500">No photos yet. Upload one to add it to the card.</p>
      ) : (
        <ul className="grid grid-cols-3 gap-2" aria-label="Your photos">
          {assets.map((a) => (
            <li key={a.public_id}>
              <button
                type="button"
                onClick={() => onPick(a.url)}
                className="block aspect-square w-full overflow-hidden rounded-md border border-stone-200"
                aria-label={`Add ${a.fileName}`}
              >
                <img src={a.url} alt="" loading="lazy" className="h-full w-full object-cover" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

export function LayersPanel({
  objects,
  activeObject,
  onAction,
}: {
  objects: Selected[] | FabricObject[];
  activeObject: Selected | null;
  onAction: (o: FabricObject, a: "select" | "forward" | "backward" | "lock" | "hide" | "delete") => void;
}) {
  if (!objects.length) return <p className="text-sm text-stone-500">The card is empty.</p>;
  return (
    <ul className="divide-y divide-stone-100" aria-label="Layers">
      {(objects as Selected[]).map((o, i) => {
        const name = layerLabel(o);
        return (
          <li key={i} className={`flex items-center gap-1 py-1.5 ${o === activeObject ? "bg-amber-50" : ""}`} data-testid="layer">
            <button type="button" className="min-w-0 flex-1 truncate text-left text-sm text-stone-800" onClick={() => onAction(o, "select")}>
              {name}
            </button>
            <IconButton label={`Bring ${name} forward`} onClick={() => onAction(o, "forward")}>
              ↑
            </IconButton>
            <IconButton label={`Send ${name} back`} onClick={() => onAction(o, "backward")}>
              ↓
            </IconButton>
            <IconButton label={`${o.selectable ? "Lock" : "Unlock"} ${name}`} onClick={() => onAction(o, "lock")} pressed={!o.selectable}>
              {o.selectable ? "Lock" : "Locked"}
            </IconButton>
            <IconButton label={`${o.visible ? "Hide" : "Show"} ${name}`} onClick={() => onAction(o, "hide")} pressed={!o.visible}>
              {o.visible ? "Hide" : "Show"}
            </IconButton>
            <IconButton label={`Delete ${name}`} onClick={() => onAction(o, "delete")}>
              ✕
            </IconButton>
          </li>
        );
      })}
    </ul>
  );
}

export function ExportPanel({
  canExport,
  busy,
  onExport,
}: {
  canExport: boolean;
  busy: boolean;
  onExport: (format: "pdf" | "png", size: CardExportSize) => void;
}) {
  const [format, setFormat] = useState<"pdf" | "png">("pdf");
  const [size, setSize] = useState<CardExportSize>("A5");
  if (!canExport) return <p className="text-sm text-stone-500">Templates are exported by the couples who use them.</p>;
  return (
    <form
      className="space-y-3"
      onSubmit={(e) => {
        e.preventDefault();
        onExport(format, size);
      }}
    >
      <fieldset>
        <legend className={label}>Format</legend>
        <div className="mt-1 flex gap-3 text-sm">
          {(["pdf", "png"] as const).map((f) => (
            <label key={f} className="flex items-center gap-1">
              <input type="radio" name="format" value={f} checked={format === f} onChange={() => setFormat(f)} />
              {f.toUpperCase()}
            </label>
          ))}
        </div>
      </fieldset>
      <label className={label}>
        Size
        <select className={input} value={size} onChange={(e) => setSize(e.target.value as CardExportSize)}>
          {(Object.keys(CARD_EXPORT_SIZES) as CardExportSize[]).map((k) => (
            <option key={k} value={k}>
              {CARD_EXPORT_SIZES[k].label}
            </option>
          ))}
        </select>
      </label>
      <button type="submit" className="rounded-lg bg-maroon-700 px-4 py-2 text-sm font-medium text-white disabled:opacity-50" disabled={busy}>
        Download {format.toUpperCase()}
      </button>
      <p className="text-xs text-stone-500">Print sizes are drawn at 300 dpi.</p>
    </form>
  );
}

function Toggle({ pressed, onClick, children }: { pressed: boolean; onClick: (on: boolean) => void; children: React.ReactNode }) {
  return (
    <button
      type="button"
      aria-pressed={pressed}
      onClick={() => onClick(!pressed)}
      className={`${button} ${pressed ? "border-maroon-700 bg-maroon-50 text-maroon-900" : ""}`}
    >
      {children}
    </button>
  );
}

function IconButton({ label: name, onClick, pressed, children }: { label: string; onClick: () => void; pressed?: boolean; children: React.ReactNode }) {
  return (
    <button
      type="button"
      aria-label={name}
      title={name}
      aria-pressed={pressed}
      onClick={onClick}
      className="h-8 min-w-8 shrink-0 rounded px-1 text-xs text-stone-700 hover:bg-stone-100 aria-pressed:bg-amber-100"
    >
      {children}
    </button>
  );
}
