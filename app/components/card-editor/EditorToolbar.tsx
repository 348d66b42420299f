import type { ReactNode } from "react";
import type { SaveStatus } from "./use-card-saving.ts";
import { m } from "#shared/paraglide/messages.js";

/** The editor's top bar: the card's name, the save status (read out as it changes), undo/redo, zoom, Save and (cards) Publish. */
export function EditorToolbar({
  heading,
  status,
  canUndo,
  canRedo,
  onUndo,
  onRedo,
  zoom,
  onZoom,
  onFit,
  canSave,
  onSave,
  onPublish,
}: {
  heading: string;
  status: SaveStatus;
  canUndo: boolean;
  canRedo: boolean;
  onUndo: () => void;
  onRedo: () => void;
  zoom: number;
  onZoom: (zoom: number) => void;
  onFit: () => void;
  canSave: boolean;
  onSave: () => void;
  /** Cards only. */
  onPublish: (() => void) | null;
}) {
  return (
    <div className="sticky top-0 z-20 flex flex-wrap md:order-1 items-center gap-2 border-b border-stone-200 bg-white px-3 py-2">
      <h1 className="mr-auto max-w-[40vw] truncate font-serif text-base text-maroon-900 md:text-lg" translate="no">
        {heading}
      </h1>
      <p
        role="status"
        aria-live="polite"
        className={`text-xs md:text-sm ${status.kind === "error" ? "text-red-700" : "text-stone-600"}`}
        data-testid="save-status"
      >
        {status.message}
      </p>
      <div className="flex items-center gap-1" role="toolbar" aria-label={m.couple_editor_edit()}>
        <ToolButton label={m.couple_editor_undo()} onClick={onUndo} disabled={!canUndo}>
          ↶
        </ToolButton>
        <ToolButton label={m.couple_editor_redo()} onClick={onRedo} disabled={!canRedo}>
          ↷
        </ToolButton>
        <ToolButton label={m.couple_editor_zoom_out()} onClick={() => onZoom(zoom / 1.25)}>
          −
        </ToolButton>
        <ToolButton label={m.couple_editor_fit()} onClick={onFit}>
          {Math.round(zoom * 100)}%
        </ToolButton>
        <ToolButton label={m.couple_editor_zoom_in()} onClick={() => onZoom(zoom * 1.25)}>
          +
        </ToolButton>
      </div>
      <div className="flex items-center gap-1">
        <button
          type="button"
          onClick={onSave}
          disabled={!canSave}
          className="rounded-lg border border-maroon-700 px-3 py-1.5 text-sm font-medium text-maroon-800 disabled:opacity-50"
        >
          {m.couple_editor_save()}
        </button>
        {onPublish && (
          <button
            type="button"
            onClick={onPublish}
            disabled={!canSave}
            className="rounded-lg bg-maroon-700 px-3 py-1.5 text-sm font-medium text-white disabled:opacity-50"
          >
            {m.couple_editor_publish()}
          </button>
        )}
      </div>
    </div>
  );
}

function ToolButton({ label, onClick, disabled, children }: { label: string; onClick: () => void; disabled?: boolean; children: ReactNode }) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      onClick={onClick}
      disabled={disabled}
      className="min-w-9 rounded-md border border-stone-300 bg-white px-2 py-1 text-sm text-stone-800 disabled:opacity-40"
    >
      {children}
    </button>
  );
}
