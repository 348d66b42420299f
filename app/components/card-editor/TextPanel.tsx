import { CARD_FONTS } from "#shared/card-fonts.ts";
import { Toggle } from "./panel-controls.tsx";
import { Field, Select, TextArea } from "#app/components/ui/index.ts";
import { button, colour, isText, type Selected } from "./panel-styles.ts";

/** Add a text, and change the selected one: words, font, size, colour, style, alignment, spacing. */
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
          <TextArea compact label="Text" rows={2} value={t.text ?? ""} onChange={(e) => onChange({ text: e.target.value })} />
          {Boolean(t.path) && <p className="text-xs text-stone-500">This text follows a curve.</p>}
          <Select
            compact
            label="Font"
            value={t.fontFamily}
            onChange={(e) => onChange({ fontFamily: e.target.value })}
            options={CARD_FONTS.map((f) => [f.family, f.family] as const)}
          />
          <div className="grid grid-cols-2 gap-2">
            <Field
              compact
              label="Size"
              type="number"
              min={6}
              max={300}
              value={Math.round(t.fontSize ?? 24)}
              onChange={(e) => Number(e.target.value) >= 6 && onChange({ fontSize: Math.min(300, Number(e.target.value)) })}
            />
            <Field compact label="Colour" type="color" value={colour(t.fill, "#000000")} onChange={(e) => onChange({ fill: e.target.value })} />
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
          <Field
            compact
            label="Letter spacing"
            type="range"
            min={-100}
            max={800}
            step={10}
            value={t.charSpacing ?? 0}
            onChange={(e) => onChange({ charSpacing: Number(e.target.value) })}
          />
        </>
      )}
    </div>
  );
}
