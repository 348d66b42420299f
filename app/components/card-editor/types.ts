import type { CardCanvas, CardDetails } from "#shared/card-format.ts";

/** What the editor opens (the loader in app/routes/editor/editor.server.ts decides). */
export type EditorTarget =
  | { kind: "draft"; templateId: string; title: string; canvas: CardCanvas; details: CardDetails }
  | { kind: "card"; cardId: string; templateId: string | null; title: string; canvas: CardCanvas; revision: number; details: CardDetails }
  | { kind: "newTemplate"; canvas: CardCanvas }
  | { kind: "template"; templateId: string; title: string; canvas: CardCanvas };
