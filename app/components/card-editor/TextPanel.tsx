import { CARD_FONTS } from "#shared/card-fonts.ts";
import { Toggle } from "./panel-controls.tsx";
import { Field, Select, TextArea } from "#app/components/ui/index.ts";
import { button, colour, isText, type Selected } from "./panel-styles.ts";
import { m } from "#shared/paraglide/messages.js";

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
        {m.couple_editor_add_text()}
      </button>
      {!t ? (
        <p className="text-sm text-stone-500">{m.couple_editor_select_text()}</p>
      ) : (
        <>
          <TextArea compact label={m.couple_editor_text()} rows={2} value={t.text ?? ""} onChange={(e) => onChange({ text: e.target.value })} />
          {Boolean(t.path) && <p className="text-xs text-stone-500">{m.couple_editor_follows_curve()}</p>}
          <Select
            compact
            label={m.couple_editor_font()}
            value={t.fontFamily}
            onChange={(e) => onChange({ fontFamily: e.target.value })}
            options={CARD_FONTS.map((f) => [f.family, f.family] as const)}
          />
          <div className="grid grid-cols-2 gap-2">
            <Field
              compact
              label={m.couple_editor_size()}
              type="number"
              min={6}
              max={300}
              value={Math.round(t.fontSize ?? 24)}
              onChange={(e) => Number(e.target.value) >= 6 && onChange({ fontSize: Math.min(300, Number(e.target.value)) })}
            />
            <Field
              compact
              label={m.couple_editor_colour()}
              type="color"
              value={colour(t.fill, "#000000")}
              onChange={(e) => onChange({ fill: e.target.value })}
            />
          </div>
          <div className="flex flex-wrap gap-1" role="group" aria-label={m.couple_editor_style()}>
            <Toggle pressed={t.fontWeight === "bold" || Number(t.fontWeight) >= 600} onClick={(on) => onChange({ fontWeight: on ? "bold" : "normal" })}>
              {m.couple_editor_bold()}
            </Toggle>
            <Toggle pressed={t.fontStyle === "italic"} onClick={(on) => onChange({ fontStyle: on ? "italic" : "normal" })}>
              {m.couple_editor_italic()}
            </Toggle>
            <Toggle pressed={Boolean(t.shadow)} onClick={onShadow}>
              {m.couple_editor_shadow()}
            </Toggle>
          </div>
          <div className="flex flex-wrap gap-1" role="group" aria-label={m.couple_editor_alignment()}>
            {(["left", "center", "right"] as const).map((a) => (
              <Toggle key={a} pressed={t.textAlign === a} onClick={() => onChange({ textAlign: a })}>
                {{ left: m.couple_editor_align_left, center: m.couple_editor_align_center, right: m.couple_editor_align_right }[a]()}
              </Toggle>
            ))}
          </div>
          <Field
            compact
            label={m.couple_editor_letter_spacing()}
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
