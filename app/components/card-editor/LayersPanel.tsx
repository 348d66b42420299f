import type { FabricObject } from "fabric";
import { layerLabel } from "./placeholders.ts";
import { IconButton } from "./panel-controls.tsx";
import { type Selected } from "./panel-styles.ts";
import { m } from "#shared/paraglide/messages.js";

/** The card's objects, top first: select, move forward or back, lock, hide, delete. */
export function LayersPanel({
  objects,
  activeObject,
  onAction,
}: {
  objects: Selected[] | FabricObject[];
  activeObject: Selected | null;
  onAction: (o: FabricObject, a: "select" | "forward" | "backward" | "lock" | "hide" | "delete") => void;
}) {
  if (!objects.length) return <p className="text-sm text-stone-500">{m.couple_editor_empty()}</p>;
  return (
    <ul className="divide-y divide-stone-100" aria-label={m.couple_editor_layers()}>
      {(objects as Selected[]).map((o, i) => {
        const name = layerLabel(o);
        return (
          <li key={i} className={`flex items-center gap-1 py-1.5 ${o === activeObject ? "bg-amber-50" : ""}`} data-testid="layer">
            <button type="button" className="min-w-0 flex-1 truncate text-left text-sm text-stone-800" onClick={() => onAction(o, "select")}>
              {name}
            </button>
            <IconButton label={m.couple_editor_forward({ name })} onClick={() => onAction(o, "forward")}>
              ↑
            </IconButton>
            <IconButton label={m.couple_editor_backward({ name })} onClick={() => onAction(o, "backward")}>
              ↓
            </IconButton>
            <IconButton
              label={(o.selectable ? m.couple_editor_lock_name : m.couple_editor_unlock_name)({ name })}
              onClick={() => onAction(o, "lock")}
              pressed={!o.selectable}
            >
              {o.selectable ? m.couple_editor_lock() : m.couple_editor_locked()}
            </IconButton>
            <IconButton
              label={(o.visible ? m.couple_editor_hide_name : m.couple_editor_show_name)({ name })}
              onClick={() => onAction(o, "hide")}
              pressed={!o.visible}
            >
              {o.visible ? m.couple_editor_hide() : m.couple_editor_show()}
            </IconButton>
            <IconButton label={m.couple_editor_delete_name({ name })} onClick={() => onAction(o, "delete")}>
              ✕
            </IconButton>
          </li>
        );
      })}
    </ul>
  );
}
