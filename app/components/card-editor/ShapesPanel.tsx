import { Field } from "#app/components/ui/index.ts";
import { colour, button, type Selected } from "./panel-styles.ts";
import { m } from "#shared/paraglide/messages.js";

/** Add a rectangle, circle or line, and change the selected shape's colours and opacity. */
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
          {m.couple_editor_rectangle()}
        </button>
        <button type="button" className={button} onClick={() => onAdd("circle")}>
          {m.couple_editor_circle()}
        </button>
        <button type="button" className={button} onClick={() => onAdd("line")}>
          {m.couple_editor_line()}
        </button>
      </div>
      {shape && (
        <div className="grid grid-cols-2 gap-2">
          {String(shape.type).toLowerCase() !== "line" && (
            <Field
              compact
              label={m.couple_editor_fill()}
              type="color"
              value={colour(shape.fill, "#ffffff")}
              onChange={(e) => onChange({ fill: e.target.value })}
            />
          )}
          <Field
            compact
            label={m.couple_editor_outline()}
            type="color"
            value={colour(shape.stroke, "#000000")}
            onChange={(e) => onChange({ stroke: e.target.value })}
          />
          <Field
            compact
            className="col-span-2"
            label={m.couple_editor_opacity()}
            type="range"
            min={0.1}
            max={1}
            step={0.05}
            value={shape.opacity ?? 1}
            onChange={(e) => onChange({ opacity: Number(e.target.value) })}
          />
        </div>
      )}
    </div>
  );
}
