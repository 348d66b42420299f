import type { FabricObject } from "fabric";

/** What the editor's tool panels share (a side panel on wide screens, a bottom sheet on phones): the selected object's type and the styles. */
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

export const label = "block text-xs font-medium text-stone-600";
export const button = "rounded-md border border-stone-300 bg-white px-3 py-1.5 text-sm text-stone-800 hover:bg-stone-50 disabled:opacity-50";
export const isText = (o: Selected | null) => Boolean(o && ["textbox", "i-text", "text"].includes(String(o.type).toLowerCase()));
export const colour = (v: unknown, fallback: string) => (typeof v === "string" && /^#[0-9a-f]{6}$/i.test(v) ? v : fallback);
