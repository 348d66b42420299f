import { useCallback, useMemo, useRef, useState } from "react";
import { useNavigate } from "react-router";
import type { Canvas } from "fabric";
import type { EditorTarget } from "./types.ts";
import { DETAIL_FIELDS } from "./placeholders.ts";
import type { Selected } from "./panel-styles.ts";
import { DetailsPanel } from "./DetailsPanel.tsx";
import { TextPanel } from "./TextPanel.tsx";
import { ShapesPanel } from "./ShapesPanel.tsx";
import { ImagesPanel } from "./ImagesPanel.tsx";
import { LayersPanel } from "./LayersPanel.tsx";
import { ExportPanel } from "./ExportPanel.tsx";
import { EditorToolbar } from "./EditorToolbar.tsx";
import { ToolSheet, ToolTabs } from "./ToolSheet.tsx";
import type { Tab } from "./tool-tabs.ts";
import { canvasActions } from "./canvas-actions.ts";
import { exportActions } from "./export-actions.ts";
import { useCardSaving } from "./use-card-saving.ts";
import { useCanvasHistory } from "./use-canvas-history.ts";
import { useFabricCanvas } from "./use-fabric-canvas.ts";
import { useZoom } from "./use-zoom.ts";
import { useEditorKeys, useLeaveGuard } from "./use-editor-guards.ts";
import { m } from "#shared/paraglide/messages.js";

/**
 * The card editor (issue 13): a fabric.js canvas (imported only by useFabricCanvas, with a dynamic
 * import, so no other page's JavaScript carries it), the tool panels, undo/redo, zoom, autosave, the
 * rendered preview, export and publish. Design pixels are the card's own size; the view is zoomed to
 * fit. Each job is its own hook or panel beside this file; this one puts them together.
 */
export function CardEditor({ target }: { target: EditorTarget }) {
  const navigate = useNavigate();
  const design = useMemo(() => ({ width: target.canvas.width, height: target.canvas.height }), [target.canvas.width, target.canvas.height]);
  const isCard = target.kind === "card" || target.kind === "draft";
  const title = "title" in target ? target.title : m.couple_editor_new_template();
  const stage = useRef<HTMLDivElement>(null);
  const canvasRef = useRef<Canvas | null>(null);
  const [, setTick] = useState(0);
  const rerender = useCallback(() => setTick((t) => t + 1), []);
  const [tab, setTab] = useState<Tab>("details");
  const [sheetOpen, setSheetOpen] = useState(false);
  const [templateName, setTemplateName] = useState(target.kind === "template" ? target.title : "");
  const [busy, setBusy] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const showDetails = useCallback(() => setTab("details"), []);

  const { zoom, applyZoom, fitZoom } = useZoom(canvasRef, stage, design);
  const saving = useCardSaving({ target, design, canvasRef, isCard, title, templateName, onNeedsName: showDetails, setNotice });
  const { status, setStatus, details, setDetails, savedCardId, changeCountRef, blockedBy409Ref, serialize, saveNow, scheduleSave, scheduleSaveRef, unsaved } =
    saving;
  const { restoringRef, startHistory, steps, changed, changedRef, doUndo, doRedo } = useCanvasHistory({
    canvasRef,
    serialize,
    changeCountRef,
    blockedBy409Ref,
    setStatus,
    setDetails,
    scheduleSave,
    rerender,
  });
  const {
    el,
    canvas: c,
    fabric,
    ready,
    loadError,
  } = useFabricCanvas({
    canvasRef,
    design,
    initial: target.canvas,
    restoringRef,
    startHistory,
    serialize,
    changedRef,
    changeCountRef,
    setStatus,
    scheduleSaveRef,
    rerender,
    fitZoom,
  });

  const active = (c?.getActiveObject() ?? null) as Selected | null;
  const { removeObject, addText, addShape, addImage, update, setShadow, setDetail, layerAction } = canvasActions({
    c,
    F: fabric,
    active,
    design,
    changed,
    rerender,
    setDetails,
    onAdded: () => setSheetOpen(false),
    setBusy,
    setNotice,
  });
  const { runExport, publish } = exportActions({
    c,
    design,
    saveNow,
    cardId: savedCardId,
    statusMessage: status.message,
    navigate,
    setBusy,
    setNotice,
  });
  useEditorKeys({ canvasRef, onUndo: doUndo, onRedo: doRedo, onRemove: removeObject });
  useLeaveGuard(unsaved);

  const objects = c ? [...c.getObjects()].reverse() : [];
  const panel = (
    <>
      {tab === "details" && (
        <DetailsPanel
          fields={isCard ? DETAIL_FIELDS : []}
          details={details}
          onChange={setDetail}
          templateName={isCard ? null : templateName}
          onTemplateName={(v) => {
            setTemplateName(v);
            changeCountRef.current += 1;
            setStatus({ kind: "dirty", message: m.couple_editor_unsaved() });
          }}
        />
      )}
      {tab === "text" && <TextPanel selected={active} onAdd={addText} onChange={update} onShadow={setShadow} />}
      {tab === "shapes" && <ShapesPanel selected={active} onAdd={addShape} onChange={update} />}
      {tab === "images" && <ImagesPanel onPick={(url) => void addImage(url)} />}
      {tab === "layers" && <LayersPanel objects={objects} activeObject={active} onAction={layerAction} />}
      {tab === "export" && <ExportPanel canExport={isCard} busy={Boolean(busy)} onExport={(format, size) => void runExport(format, size)} />}
    </>
  );

  return (
    <div className="flex min-h-[calc(100vh-4rem)] flex-col bg-stone-100 pb-16 md:pb-0" data-editor={ready ? "ready" : "loading"}>
      <EditorToolbar
        heading={isCard ? title : templateName || m.couple_editor_new_template()}
        status={status}
        canUndo={steps.canUndo}
        canRedo={steps.canRedo}
        onUndo={doUndo}
        onRedo={doRedo}
        zoom={zoom}
        onZoom={applyZoom}
        onFit={fitZoom}
        canSave={ready && !busy}
        onSave={() => void saveNow(true)}
        onPublish={isCard ? () => void publish() : null}
      />
      {(notice || busy) && (
        <p className="border-b border-amber-200 bg-amber-50 px-3 py-1.5 text-sm text-amber-900 md:order-3" role="alert">
          {busy ?? notice}
        </p>
      )}
      <div className="flex flex-1 flex-col md:order-4 md:flex-row">
        <div ref={stage} className="relative flex-1 overflow-auto p-2 md:p-4" data-testid="editor-stage">
          {loadError ? (
            <p className="rounded-lg bg-red-50 p-4 text-red-800">{loadError}</p>
          ) : (
            !ready && <p className="p-4 text-stone-600">{m.couple_editor_loading()}</p>
          )}
          <div className="mx-auto w-fit shadow-lg" aria-label={m.couple_editor_canvas()}>
            <canvas ref={el} data-testid="card-canvas" />
          </div>
        </div>
        <ToolSheet tab={tab} open={sheetOpen} onClose={() => setSheetOpen(false)}>
          {panel}
        </ToolSheet>
      </div>
      <ToolTabs
        tab={tab}
        open={sheetOpen}
        onTab={(t) => {
          setTab(t);
          setSheetOpen(true);
        }}
        onClose={() => setSheetOpen(false)}
      />
    </div>
  );
}
