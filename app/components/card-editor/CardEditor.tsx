import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useNavigate } from "react-router";
import type * as FabricModule from "fabric";
import type { Canvas, FabricObject } from "fabric";
import { loadCardFonts } from "#app/lib/card-fonts.ts";
import { CARD_CUSTOM_PROPERTIES, type CardCanvas, type CardDetails, type CardExportSize } from "#shared/card-format.ts";
import { DEFAULT_CARD_FONT } from "#shared/card-fonts.ts";
import type { EditorTarget } from "./types.ts";
import { cardsApi, download, exportCard, templatesApi } from "./api.ts";
import { canRedo, canUndo, createHistory, pushSnapshot, redo, undo, type History } from "./history.ts";
import { changedDetails, DETAIL_FIELDS, detailsFromCanvas, relativeMediaSources } from "./placeholders.ts";
import { renderExport, renderPreview, renderThumbnail } from "./render.ts";
import { DetailsPanel, ExportPanel, ImagesPanel, LayersPanel, ShapesPanel, TextPanel, type Selected } from "./panels.tsx";

/**
 * The card editor (issue 13): a fabric.js canvas (imported only here, with a dynamic import, so no
 * other page's JavaScript carries it), the tool panels, undo/redo, zoom, autosave, the rendered
 * preview, export and publish. Design pixels are the card's own size; the view is zoomed to fit.
 */
type Fabric = typeof FabricModule;
type Tab = "details" | "text" | "shapes" | "images" | "layers" | "export";
const TABS: { id: Tab; label: string }[] = [
  { id: "details", label: "Details" },
  { id: "text", label: "Text" },
  { id: "shapes", label: "Shapes" },
  { id: "images", label: "Images" },
  { id: "layers", label: "Layers" },
  { id: "export", label: "Export" },
];

/** Properties kept when a canvas is saved: ours, plus lock state. */
const SAVED_PROPERTIES = [...CARD_CUSTOM_PROPERTIES, "selectable", "evented"];
export const AUTOSAVE_DELAY_MS = 2000;
export const PREVIEW_EVERY_MS = 30_000;

type Status = { kind: "idle" | "dirty" | "saving" | "saved" | "error"; message: string };

export function CardEditor({ target }: { target: EditorTarget }) {
  const navigate = useNavigate();
  const design = useMemo(() => ({ width: target.canvas.width, height: target.canvas.height }), [target.canvas.width, target.canvas.height]);
  const isCard = target.kind === "card" || target.kind === "draft";
  const title = "title" in target ? target.title : "New template";
  const el = useRef<HTMLCanvasElement>(null);
  const stage = useRef<HTMLDivElement>(null);
  const fabricMod = useRef<Fabric | null>(null);
  const canvasRef = useRef<Canvas | null>(null);
  const restoring = useRef(false);
  const history = useRef<History | null>(null);
  const [, setTick] = useState(0);
  const rerender = useCallback(() => setTick((t) => t + 1), []);
  const [ready, setReady] = useState(false);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [zoom, setZoomState] = useState(1);
  const [tab, setTab] = useState<Tab>("details");
  const [sheetOpen, setSheetOpen] = useState(false);
  const [status, setStatus] = useState<Status>({ kind: "idle", message: target.kind === "draft" ? "Not saved yet" : "All changes saved" });
  const [details, setDetails] = useState<CardDetails>(() => ({ ...detailsFromCanvas(target.canvas), ...("details" in target ? target.details : {}) }));
  const [templateName, setTemplateName] = useState(target.kind === "template" ? target.title : "");
  const [busy, setBusy] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  // Saving state lives in refs: the save loop reads the latest values, not a render's.
  const ids = useRef({
    cardId: target.kind === "card" ? target.cardId : null,
    revision: target.kind === "card" ? target.revision : 0,
    templateId: target.kind === "template" ? target.templateId : target.kind === "draft" ? target.templateId : null,
  });
  const savedDetails = useRef<CardDetails>(target.kind === "card" ? { ...details } : {});
  const detailsRef = useRef(details);
  detailsRef.current = details;
  const changeCount = useRef(0);
  const savedCount = useRef(0);
  const saving = useRef<Promise<boolean> | null>(null);
  const saveTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const previewTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const lastPreview = useRef(0);
  const blockedBy409 = useRef(false);
  /** The last save was refused or never reached the server: wait for the next change (or the connection) before trying again. */
  const lastSaveFailed = useRef(false);

  const serialize = useCallback((): CardCanvas => {
    const c = canvasRef.current!;
    const obj = c.toObject(SAVED_PROPERTIES) as CardCanvas;
    return relativeMediaSources({ ...obj, width: design.width, height: design.height }, window.location.origin);
  }, [design.width, design.height]);

  // ---- zoom ----
  const applyZoom = useCallback(
    (z: number) => {
      const c = canvasRef.current;
      if (!c) return;
      const next = Math.min(4, Math.max(0.1, z));
      c.setZoom(next);
      c.setDimensions({ width: Math.round(design.width * next), height: Math.round(design.height * next) });
      setZoomState(next);
    },
    [design.width, design.height],
  );
  const fitZoom = useCallback(() => {
    const box = stage.current;
    if (!box) return;
    const w = box.clientWidth - 16;
    const narrow = window.innerWidth < 768;
    const h = narrow ? Number.POSITIVE_INFINITY : window.innerHeight - 230;
    applyZoom(Math.min(w / design.width, h / design.height));
  }, [applyZoom, design.width, design.height]);

  // ---- saving ----
  const uploadPreview = useCallback(async () => {
    const c = canvasRef.current;
    const id = ids.current.cardId;
    if (!c || !id) return;
    lastPreview.current = Date.now();
    if (previewTimer.current) clearTimeout(previewTimer.current);
    previewTimer.current = null;
    const image = await renderPreview(c, design);
    const done = await cardsApi.preview(id, image);
    if (!done.ok) setNotice(`The card's picture was not updated: ${done.message}`);
  }, [design]);

  const previewSoon = useCallback(() => {
    const wait = lastPreview.current + PREVIEW_EVERY_MS - Date.now();
    if (wait <= 0) void uploadPreview();
    else if (!previewTimer.current) previewTimer.current = setTimeout(() => void uploadPreview(), wait);
  }, [uploadPreview]);

  /** One save of the card (create on the first); true when the server has the latest state. */
  const saveCardOnce = useCallback(async (): Promise<boolean> => {
    const upTo = changeCount.current;
    const canvas = serialize();
    const current = detailsRef.current;
    setStatus({ kind: "saving", message: "Saving…" });
    const cardId = ids.current.cardId;
    const answer = cardId
      ? await cardsApi.patch(cardId, { revision: ids.current.revision, canvas, ...changedDetails(savedDetails.current, current) })
      : await cardsApi.create({
          templateId: ids.current.templateId!,
          canvas,
          title,
          ...Object.fromEntries(Object.entries(current).filter(([, v]) => v)),
        });
    lastSaveFailed.current = !answer.ok;
    if (!answer.ok) {
      if (answer.status === 409) blockedBy409.current = true;
      setStatus({ kind: "error", message: answer.message });
      return false;
    }
    const card = answer.body.card;
    ids.current.revision = card.revision;
    if (!cardId) {
      ids.current.cardId = card.id;
      // The card exists now: its address is /update_editor?card={id} (no reload, the editor stays).
      window.history.replaceState(window.history.state, "", `/update_editor?card=${encodeURIComponent(card.id)}`);
    }
    savedDetails.current = { ...current };
    savedCount.current = upTo;
    const clean = changeCount.current === upTo;
    setStatus(clean ? { kind: "saved", message: "All changes saved" } : { kind: "dirty", message: "Unsaved changes" });
    return clean;
  }, [serialize, title]);

  const saveTemplateOnce = useCallback(async (): Promise<boolean> => {
    const upTo = changeCount.current;
    const canvas = serialize();
    const name = templateName.trim();
    if (!name) {
      setStatus({ kind: "error", message: "Give the template a name (Details) before saving." });
      setTab("details");
      return false;
    }
    setStatus({ kind: "saving", message: "Saving…" });
    const id = ids.current.templateId;
    const answer = id
      ? await templatesApi.update(id, { canvas, name })
      : await templatesApi.create({ name, canvas, price: 0, mood: "WEDDING", status: "DRAFT" });
    if (!answer.ok) {
      setStatus({ kind: "error", message: answer.message });
      return false;
    }
    if (!id) {
      ids.current.templateId = answer.body.template.id;
      window.history.replaceState(window.history.state, "", `/update_editor?template=${encodeURIComponent(answer.body.template.id)}`);
    }
    const thumb = await templatesApi.thumbnail(ids.current.templateId!, await renderThumbnail(canvasRef.current!, design));
    if (!thumb.ok) setNotice(`The thumbnail was not updated: ${thumb.message}`);
    savedCount.current = upTo;
    const clean = changeCount.current === upTo;
    setStatus(clean ? { kind: "saved", message: "All changes saved" } : { kind: "dirty", message: "Unsaved changes" });
    return clean;
  }, [serialize, templateName, design]);

  /** Saves now (waiting for a save under way first); `explicit` also uploads the card's picture. */
  const saveNow = useCallback(
    async (explicit = false): Promise<boolean> => {
      if (saveTimer.current) clearTimeout(saveTimer.current);
      saveTimer.current = null;
      if (blockedBy409.current) return false;
      while (saving.current) await saving.current;
      const pending = changeCount.current !== savedCount.current || (isCard && !ids.current.cardId);
      let ok = true;
      if (pending) {
        saving.current = isCard ? saveCardOnce() : saveTemplateOnce();
        ok = await saving.current.finally(() => (saving.current = null));
      }
      if (ok && isCard && ids.current.cardId) {
        if (explicit) await uploadPreview();
        else previewSoon();
      }
      return ok && changeCount.current === savedCount.current;
    },
    [isCard, saveCardOnce, saveTemplateOnce, uploadPreview, previewSoon],
  );

  const scheduleSave = useCallback(() => {
    if (saveTimer.current) clearTimeout(saveTimer.current);
    if (!isCard || blockedBy409.current) return; // templates are saved with the Save button
    saveTimer.current = setTimeout(() => {
      saveTimer.current = null;
      void saveNow(false).then((clean) => {
        if (!clean && !blockedBy409.current && !lastSaveFailed.current && changeCount.current !== savedCount.current) scheduleSaveRef.current();
      });
    }, AUTOSAVE_DELAY_MS);
  }, [isCard, saveNow]);
  const scheduleSaveRef = useRef(scheduleSave);
  scheduleSaveRef.current = scheduleSave;

  /** Something changed on the canvas: record it for undo and save soon. */
  const changed = useCallback(() => {
    if (restoring.current || !canvasRef.current) return;
    history.current = pushSnapshot(history.current!, JSON.stringify(serialize()));
    changeCount.current += 1;
    if (!blockedBy409.current) setStatus({ kind: "dirty", message: "Unsaved changes" });
    rerender();
    scheduleSave();
  }, [serialize, rerender, scheduleSave]);
  const changedRef = useRef(changed);
  changedRef.current = changed;

  // ---- load fabric, fonts and the design ----
  useEffect(() => {
    let cancelled = false;
    let canvas: Canvas | null = null;
    (async () => {
      const [fabric] = await Promise.all([import("fabric"), loadCardFonts().catch(() => undefined)]);
      if (cancelled || !el.current) return;
      fabricMod.current = fabric;
      // Keep image sources as written ("/media/..."), not the browser's absolute URL.
      fabric.FabricImage.ownDefaults.srcFromAttribute = true;
      canvas = new fabric.Canvas(el.current, { width: design.width, height: design.height, preserveObjectStacking: true, enableRetinaScaling: true });
      canvasRef.current = canvas;
      const { width: _w, height: _h, ...json } = target.canvas;
      restoring.current = true;
      await canvas.loadFromJSON(json);
      restoring.current = false;
      if (cancelled) return;
      history.current = createHistory(JSON.stringify(serialize()));
      const onChange = () => changedRef.current();
      canvas.on("object:modified", onChange);
      canvas.on("text:editing:exited", onChange);
      canvas.on("text:changed", () => {
        changeCount.current += 1;
        setStatus({ kind: "dirty", message: "Unsaved changes" });
        scheduleSaveRef.current();
      });
      canvas.on("selection:created", rerender);
      canvas.on("selection:updated", rerender);
      canvas.on("selection:cleared", rerender);
      fitZoom();
      canvas.requestRenderAll();
      setReady(true);
    })().catch((e: unknown) => {
      console.error("the editor failed to load", e);
      setLoadError("The editor could not load. Check your connection and reload the page.");
    });
    return () => {
      cancelled = true;
      void canvas?.dispose();
      canvasRef.current = null;
    };
    // The design is loaded once per mount; later changes are the editor's own.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    const onResize = () => fitZoom();
    window.addEventListener("resize", onResize);
    return () => window.removeEventListener("resize", onResize);
  }, [fitZoom]);

  // Back online after a failed save: try again.
  useEffect(() => {
    const onOnline = () => {
      if (lastSaveFailed.current && changeCount.current !== savedCount.current) scheduleSaveRef.current();
    };
    window.addEventListener("online", onOnline);
    return () => window.removeEventListener("online", onOnline);
  }, []);

  // ---- undo / redo ----
  const restore = useCallback(
    async (snapshot: string) => {
      const c = canvasRef.current;
      if (!c) return;
      const { width: _w, height: _h, ...json } = JSON.parse(snapshot) as CardCanvas;
      restoring.current = true;
      c.discardActiveObject();
      await c.loadFromJSON(json);
      restoring.current = false;
      c.requestRenderAll();
      setDetails((d) => ({ ...d, ...detailsFromCanvas(JSON.parse(snapshot) as CardCanvas) }));
      changeCount.current += 1;
      if (!blockedBy409.current) setStatus({ kind: "dirty", message: "Unsaved changes" });
      rerender();
      scheduleSave();
    },
    [rerender, scheduleSave],
  );
  const doUndo = useCallback(() => {
    const step = history.current && undo(history.current);
    if (!step) return;
    history.current = step.history;
    void restore(step.snapshot);
  }, [restore]);
  const doRedo = useCallback(() => {
    const step = history.current && redo(history.current);
    if (!step) return;
    history.current = step.history;
    void restore(step.snapshot);
  }, [restore]);

  // ---- keyboard ----
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const t = e.target as HTMLElement | null;
      const typing = t && (t.tagName === "INPUT" || t.tagName === "TEXTAREA" || t.tagName === "SELECT" || t.isContentEditable);
      const active = canvasRef.current?.getActiveObject() as (FabricObject & { isEditing?: boolean }) | undefined;
      if (typing || active?.isEditing) return;
      const mod = e.ctrlKey || e.metaKey;
      const key = e.key.toLowerCase();
      if (mod && key === "z") {
        e.preventDefault();
        if (e.shiftKey) doRedo();
        else doUndo();
      } else if (mod && key === "y") {
        e.preventDefault();
        doRedo();
      } else if ((e.key === "Delete" || e.key === "Backspace") && active) {
        e.preventDefault();
        removeObject(active);
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  });

  // ---- never lose edits silently ----
  const unsaved = status.kind === "dirty" || status.kind === "saving" || (status.kind === "error" && changeCount.current !== savedCount.current);
  useEffect(() => {
    if (!unsaved) return;
    const onLeave = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      e.returnValue = "";
    };
    window.addEventListener("beforeunload", onLeave);
    return () => window.removeEventListener("beforeunload", onLeave);
  }, [unsaved]);
  // Links inside the site navigate without unloading: ask before following one (a capturing
  // listener, not the router's blocker, which would add to every page's shared router chunk).
  useEffect(() => {
    if (!unsaved) return;
    const onClick = (e: MouseEvent) => {
      const link = (e.target as Element | null)?.closest?.("a[href]");
      if (!link || e.defaultPrevented || link.getAttribute("target") === "_blank") return;
      if (window.confirm("Your latest changes are not saved yet. Leave the editor anyway?")) return;
      e.preventDefault();
      e.stopPropagation();
    };
    document.addEventListener("click", onClick, true);
    return () => document.removeEventListener("click", onClick, true);
  }, [unsaved]);

  // ---- object operations ----
  const c = canvasRef.current;
  const F = fabricMod.current;
  const active = (c?.getActiveObject() ?? null) as Selected | null;

  function addObject(o: FabricObject) {
    if (!c) return;
    c.add(o);
    c.setActiveObject(o);
    c.requestRenderAll();
    changed();
    setSheetOpen(false);
  }
  function removeObject(o: FabricObject) {
    if (!c) return;
    c.remove(o);
    c.discardActiveObject();
    c.requestRenderAll();
    changed();
  }
  const center = { left: design.width / 2, top: design.height / 2, originX: "center" as const, originY: "center" as const };
  const addText = () =>
    F &&
    addObject(
      new F.Textbox("Your text", { ...center, width: design.width * 0.6, fontFamily: DEFAULT_CARD_FONT, fontSize: 32, fill: "#5b1a1a", textAlign: "center" }),
    );
  const addShape = (kind: "rect" | "circle" | "line") => {
    if (!F) return;
    if (kind === "rect")
      addObject(new F.Rect({ ...center, width: design.width * 0.4, height: design.height * 0.15, fill: "#f3d9a4", stroke: "#b4531b", strokeWidth: 2 }));
    if (kind === "circle") addObject(new F.Circle({ ...center, radius: design.width * 0.12, fill: "#f7e3c1", stroke: "#b4531b", strokeWidth: 2 }));
    if (kind === "line") addObject(new F.Line([0, 0, design.width * 0.5, 0], { ...center, stroke: "#b4531b", strokeWidth: 3 }));
  };
  const addImage = async (url: string) => {
    if (!F) return;
    setBusy("Adding the image…");
    try {
      const img = await F.FabricImage.fromURL(url);
      const scale = Math.min(1, (design.width * 0.6) / (img.width || 1), (design.height * 0.6) / (img.height || 1));
      img.set({ ...center, scaleX: scale, scaleY: scale });
      addObject(img);
    } catch {
      setNotice("That image could not be loaded.");
    } finally {
      setBusy(null);
    }
  };
  /** Sets properties on the selected object (a change for undo and autosave). */
  const update = (props: Record<string, unknown>) => {
    if (!c || !active) return;
    active.set(props);
    if ("text" in props && active.type !== "textbox") active.initDimensions?.();
    active.setCoords();
    c.requestRenderAll();
    changed();
  };
  const setShadow = (on: boolean) => F && update({ shadow: on ? new F.Shadow({ color: "rgba(0,0,0,0.35)", blur: 6, offsetX: 2, offsetY: 2 }) : null });

  // ---- details ----
  const setDetail = (key: keyof CardDetails, value: string) => {
    setDetails((d) => ({ ...d, [key]: value }));
    if (!c) return;
    let touched = false;
    const visit = (o: FabricObject & { placeholder?: string; _objects?: FabricObject[] }) => {
      if (o.placeholder === key && value.trim() && "text" in o) {
        o.set({ text: value } as Partial<FabricObject>);
        touched = true;
      }
      o._objects?.forEach(visit);
    };
    c.getObjects().forEach(visit);
    if (touched) c.requestRenderAll();
    changed();
  };

  // ---- layers ----
  const layerAction = (o: FabricObject, action: "select" | "forward" | "backward" | "lock" | "hide" | "delete") => {
    if (!c) return;
    if (action === "select") {
      if (o.selectable) c.setActiveObject(o);
      c.requestRenderAll();
      rerender();
      return;
    }
    if (action === "forward") c.bringObjectForward(o);
    if (action === "backward") c.sendObjectBackwards(o);
    if (action === "lock") {
      const locked = o.selectable;
      o.set({ selectable: !locked, evented: !locked });
      if (locked && c.getActiveObject() === o) c.discardActiveObject();
    }
    if (action === "hide") {
      o.set({ visible: !o.visible });
      if (!o.visible && c.getActiveObject() === o) c.discardActiveObject();
    }
    if (action === "delete") return removeObject(o);
    c.requestRenderAll();
    changed();
  };

  // ---- export and publish ----
  const runExport = async (format: "pdf" | "png", size: CardExportSize) => {
    if (!c) return;
    setBusy("Preparing your file…");
    setNotice(null);
    try {
      await saveNow(false);
      const id = ids.current.cardId;
      if (!id) return setNotice(status.message || "Save the card before exporting it.");
      c.discardActiveObject();
      const image = await renderExport(c, design, size, format);
      const file = await exportCard(id, image, format, size);
      if (!file.ok) return setNotice(file.message);
      download(file.file, file.fileName);
      setNotice(`Downloaded ${file.fileName}.`);
    } finally {
      setBusy(null);
    }
  };
  const publish = async () => {
    setBusy("Saving and publishing…");
    try {
      c?.discardActiveObject();
      const ok = await saveNow(true);
      if (!ok || !ids.current.cardId) return;
      navigate(`/card?card=${encodeURIComponent(ids.current.cardId)}`);
    } finally {
      setBusy(null);
    }
  };

  const h = history.current;
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
            changeCount.current += 1;
            setStatus({ kind: "dirty", message: "Unsaved changes" });
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
      <div className="sticky top-0 z-20 flex flex-wrap md:order-1 items-center gap-2 border-b border-stone-200 bg-white px-3 py-2">
        <h1 className="mr-auto max-w-[40vw] truncate font-serif text-base text-maroon-900 md:text-lg">{isCard ? title : templateName || "New template"}</h1>
        <p
          role="status"
          aria-live="polite"
          className={`text-xs md:text-sm ${status.kind === "error" ? "text-red-700" : "text-stone-600"}`}
          data-testid="save-status"
        >
          {status.message}
        </p>
        <div className="flex items-center gap-1" role="toolbar" aria-label="Edit">
          <ToolButton label="Undo" onClick={doUndo} disabled={!h || !canUndo(h)}>
            ↶
          </ToolButton>
          <ToolButton label="Redo" onClick={doRedo} disabled={!h || !canRedo(h)}>
            ↷
          </ToolButton>
          <ToolButton label="Zoom out" onClick={() => applyZoom(zoom / 1.25)}>
            −
          </ToolButton>
          <ToolButton label="Fit to screen" onClick={fitZoom}>
            {Math.round(zoom * 100)}%
          </ToolButton>
          <ToolButton label="Zoom in" onClick={() => applyZoom(zoom * 1.25)}>
            +
          </ToolButton>
        </div>
        <div className="flex items-center gap-1">
          <button
            type="button"
            onClick={() => void saveNow(true)}
            disabled={!ready || Boolean(busy)}
            className="rounded-lg border border-maroon-700 px-3 py-1.5 text-sm font-medium text-maroon-800 disabled:opacity-50"
          >
            Save
          </button>
          {isCard && (
            <button
              type="button"
              onClick={() => void publish()}
              disabled={!ready || Boolean(busy)}
              className="rounded-lg bg-maroon-700 px-3 py-1.5 text-sm font-medium text-white disabled:opacity-50"
            >
              Publish
            </button>
          )}
        </div>
      </div>
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
            !ready && <p className="p-4 text-stone-600">Loading the editor…</p>
          )}
          <div className="mx-auto w-fit shadow-lg" aria-label="Card canvas">
            <canvas ref={el} data-testid="card-canvas" />
          </div>
        </div>
        <aside
          className={`${sheetOpen ? "fixed inset-x-0 bottom-14 z-30 max-h-[55vh] overflow-y-auto rounded-t-2xl border-t border-stone-200 shadow-2xl" : "hidden"} bg-white p-4 md:static md:z-auto md:block md:max-h-none md:w-80 md:rounded-none md:border-l md:border-t-0 md:shadow-none`}
          aria-label={`${TABS.find((t) => t.id === tab)!.label} panel`}
        >
          <div className="mb-2 flex items-center justify-between md:hidden">
            <h2 className="font-medium text-stone-800">{TABS.find((t) => t.id === tab)!.label}</h2>
            <button type="button" onClick={() => setSheetOpen(false)} className="rounded px-2 py-1 text-sm text-stone-600" aria-label="Close panel">
              Close
            </button>
          </div>
          {panel}
        </aside>
      </div>
      <nav
        aria-label="Editor tools"
        className="fixed inset-x-0 bottom-0 z-40 flex h-14 border-t border-stone-200 bg-white md:static md:order-2 md:h-auto md:border-b md:border-t-0 md:px-3"
      >
        {TABS.map((t) => (
          <button
            key={t.id}
            type="button"
            aria-pressed={tab === t.id}
            onClick={() => {
              if (tab === t.id && sheetOpen) setSheetOpen(false);
              else {
                setTab(t.id);
                setSheetOpen(true);
              }
            }}
            className={`flex-1 px-1 py-2 text-xs font-medium md:flex-none md:px-3 md:text-sm ${tab === t.id ? "text-maroon-800 md:border-b-2 md:border-maroon-700" : "text-stone-600"}`}
          >
            {t.label}
          </button>
        ))}
      </nav>
    </div>
  );
}

function ToolButton({ label, onClick, disabled, children }: { label: string; onClick: () => void; disabled?: boolean; children: React.ReactNode }) {
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
