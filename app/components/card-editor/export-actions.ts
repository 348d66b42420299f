import type { Canvas } from "fabric";
import type { CardExportSize } from "#shared/card-format.ts";
import { download, exportCard } from "./api.ts";
import { renderExport } from "./render.ts";
import { m } from "#shared/paraglide/messages.js";

/**
 * Export (save first, render at the print size, download) and publish (save with the card's
 * picture, then open the card's page). Made each render, from that render's canvas.
 */
export function exportActions({
  c,
  design,
  saveNow,
  cardId,
  statusMessage,
  navigate,
  setBusy,
  setNotice,
}: {
  c: Canvas | null;
  design: { width: number; height: number };
  saveNow: (explicit?: boolean) => Promise<boolean>;
  /** The saved card's id, read after saving (the first save creates the card). */
  cardId: () => string | null;
  statusMessage: string;
  navigate: (to: string) => void | Promise<void>;
  setBusy: (busy: string | null) => void;
  setNotice: (notice: string | null) => void;
}) {
  const runExport = async (format: "pdf" | "png", size: CardExportSize) => {
    if (!c) return;
    setBusy(m.couple_editor_preparing());
    setNotice(null);
    try {
      await saveNow(false);
      const id = cardId();
      if (!id) return setNotice(statusMessage || m.couple_editor_save_before_export());
      c.discardActiveObject();
      const image = await renderExport(c, design, size, format);
      const file = await exportCard(id, image, format, size);
      if (!file.ok) return setNotice(file.message);
      download(file.file, file.fileName);
      setNotice(m.couple_editor_downloaded({ file: file.fileName }));
    } finally {
      setBusy(null);
    }
  };
  const publish = async () => {
    setBusy(m.couple_editor_publishing());
    try {
      c?.discardActiveObject();
      const ok = await saveNow(true);
      const id = cardId();
      if (!ok || !id) return;
      void navigate(`/card?card=${encodeURIComponent(id)}`);
    } finally {
      setBusy(null);
    }
  };
  return { runExport, publish };
}
