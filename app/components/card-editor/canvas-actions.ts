import type { Canvas, FabricObject } from "fabric";
import { DEFAULT_CARD_FONT } from "#shared/card-fonts.ts";
import type { CardDetails } from "#shared/card-format.ts";
import type { Selected } from "./panel-styles.ts";
import type { Fabric } from "./use-fabric-canvas.ts";
import { m } from "#shared/paraglide/messages.js";

export type LayerAction = "select" | "forward" | "backward" | "lock" | "hide" | "delete";

/**
 * What the tool panels do to the canvas: add a text, shape or image, change the selected object,
 * fill the details into the card's placeholder texts, and the layer list's actions. Each change is
 * reported through `changed` (undo and autosave). Made each render, from that render's canvas.
 */
export function canvasActions({
  c,
  F,
  active,
  design,
  changed,
  rerender,
  setDetails,
  onAdded,
  setBusy,
  setNotice,
}: {
  c: Canvas | null;
  F: Fabric | null;
  active: Selected | null;
  design: { width: number; height: number };
  changed: () => void;
  rerender: () => void;
  setDetails: (update: (details: CardDetails) => CardDetails) => void;
  /** After an object is added (the phone's bottom sheet closes to show it). */
  onAdded: () => void;
  setBusy: (busy: string | null) => void;
  setNotice: (notice: string | null) => void;
}) {
  function addObject(o: FabricObject) {
    if (!c) return;
    c.add(o);
    c.setActiveObject(o);
    c.requestRenderAll();
    changed();
    onAdded();
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
      new F.Textbox(m.couple_editor_your_text(), {
        ...center,
        width: design.width * 0.6,
        fontFamily: DEFAULT_CARD_FONT,
        fontSize: 32,
        fill: "#5b1a1a",
        textAlign: "center",
      }),
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
    setBusy(m.couple_editor_adding_image());
    try {
      const img = await F.FabricImage.fromURL(url);
      const scale = Math.min(1, (design.width * 0.6) / (img.width || 1), (design.height * 0.6) / (img.height || 1));
      img.set({ ...center, scaleX: scale, scaleY: scale });
      addObject(img);
    } catch {
      setNotice(m.couple_editor_image_failed());
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

  const layerAction = (o: FabricObject, action: LayerAction) => {
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

  return { removeObject, addText, addShape, addImage, update, setShadow, setDetail, layerAction };
}
