import { useCallback, useEffect, useLayoutEffect, useRef, useState, type MutableRefObject } from "react";
import type { Canvas } from "fabric";
import { CARD_CUSTOM_PROPERTIES, type CardCanvas, type CardDetails } from "#shared/card-format.ts";
import type { EditorTarget } from "./types.ts";
import { cardsApi, templatesApi } from "./api.ts";
import { changedDetails, detailsFromCanvas, relativeMediaSources } from "./placeholders.ts";
import { renderPreview, renderThumbnail } from "./render.ts";
import { m } from "#shared/paraglide/messages.js";

/**
 * The editor's saving (issue 13): a card autosaves AUTOSAVE_DELAY_MS after the last change (a
 * template with its Save button), creating the card on the first save and then patching it by
 * revision; a refused save (409: edited elsewhere) stops autosave; the card's rendered picture is
 * sent at most every PREVIEW_EVERY_MS; a failed save is tried again on the next change or when the
 * connection is back. The card's details (names, date, venue) live here too: they are saved with it.
 */

/** Properties kept when a canvas is saved: ours, plus lock state. */
const SAVED_PROPERTIES = [...CARD_CUSTOM_PROPERTIES, "selectable", "evented"];
export const AUTOSAVE_DELAY_MS = 2000;
export const PREVIEW_EVERY_MS = 30_000;

/** What the status line says; an error also says whether changes are still not on the server. */
export type SaveStatus = { kind: "idle" | "dirty" | "saving" | "saved" | "error"; message: string; unsaved?: boolean };
type Design = { width: number; height: number };

export function useCardSaving({
  target,
  design,
  canvasRef,
  isCard,
  title,
  templateName,
  onNeedsName,
  setNotice,
}: {
  target: EditorTarget;
  design: Design;
  canvasRef: MutableRefObject<Canvas | null>;
  isCard: boolean;
  title: string;
  templateName: string;
  /** A template without a name cannot be saved: show where to give it one. */
  onNeedsName: () => void;
  setNotice: (notice: string | null) => void;
}) {
  const [status, setStatus] = useState<SaveStatus>({
    kind: "idle",
    message: target.kind === "draft" ? m.couple_editor_not_saved_yet() : m.couple_editor_all_saved(),
  });
  const [details, setDetails] = useState<CardDetails>(() => ({ ...detailsFromCanvas(target.canvas), ...("details" in target ? target.details : {}) }));

  // Saving state lives in refs: the save loop reads the latest values, not a render's.
  const idsRef = useRef({
    cardId: target.kind === "card" ? target.cardId : null,
    revision: target.kind === "card" ? target.revision : 0,
    templateId: target.kind === "template" ? target.templateId : target.kind === "draft" ? target.templateId : null,
  });
  const savedDetailsRef = useRef<CardDetails>(target.kind === "card" ? { ...details } : {});
  const detailsRef = useRef(details);
  useLayoutEffect(() => {
    detailsRef.current = details;
  });
  const changeCountRef = useRef(0);
  const savedCountRef = useRef(0);
  const savingRef = useRef<Promise<boolean> | null>(null);
  const saveTimerRef = useRef<ReturnType<typeof setTimeout> | null>(null);
  const previewTimerRef = useRef<ReturnType<typeof setTimeout> | null>(null);
  const lastPreviewRef = useRef(0);
  const blockedBy409Ref = useRef(false);
  /** The last save was refused or never reached the server: wait for the next change (or the connection) before trying again. */
  const lastSaveFailedRef = useRef(false);

  const serialize = useCallback((): CardCanvas => {
    const c = canvasRef.current!;
    const obj = c.toObject(SAVED_PROPERTIES) as CardCanvas;
    return relativeMediaSources({ ...obj, width: design.width, height: design.height }, window.location.origin);
  }, [canvasRef, design.width, design.height]);

  const uploadPreview = useCallback(async () => {
    const c = canvasRef.current;
    const id = idsRef.current.cardId;
    if (!c || !id) return;
    lastPreviewRef.current = Date.now();
    if (previewTimerRef.current) clearTimeout(previewTimerRef.current);
    previewTimerRef.current = null;
    const image = await renderPreview(c, design);
    const done = await cardsApi.preview(id, image);
    if (!done.ok) setNotice(m.couple_editor_picture_not_updated({ reason: done.message }));
  }, [canvasRef, design, setNotice]);

  const previewSoon = useCallback(() => {
    const wait = lastPreviewRef.current + PREVIEW_EVERY_MS - Date.now();
    if (wait <= 0) void uploadPreview();
    else if (!previewTimerRef.current) previewTimerRef.current = setTimeout(() => void uploadPreview(), wait);
  }, [uploadPreview]);

  /** One save of the card (create on the first); true when the server has the latest state. */
  const saveCardOnce = useCallback(async (): Promise<boolean> => {
    const upTo = changeCountRef.current;
    const canvas = serialize();
    const current = detailsRef.current;
    setStatus({ kind: "saving", message: m.couple_editor_saving() });
    const cardId = idsRef.current.cardId;
    const answer = cardId
      ? await cardsApi.patch(cardId, { revision: idsRef.current.revision, canvas, ...changedDetails(savedDetailsRef.current, current) })
      : await cardsApi.create({
          templateId: idsRef.current.templateId!,
          canvas,
          title,
          ...Object.fromEntries(Object.entries(current).filter(([, v]) => v)),
        });
    lastSaveFailedRef.current = !answer.ok;
    if (!answer.ok) {
      if (answer.status === 409) blockedBy409Ref.current = true;
      setStatus({ kind: "error", message: answer.message, unsaved: changeCountRef.current !== savedCountRef.current });
      return false;
    }
    const card = answer.body.card;
    idsRef.current.revision = card.revision;
    if (!cardId) {
      idsRef.current.cardId = card.id;
      // The card exists now: its address is /update_editor?card={id} (no reload, the editor stays).
      window.history.replaceState(window.history.state, "", `/update_editor?card=${encodeURIComponent(card.id)}`);
    }
    savedDetailsRef.current = { ...current };
    savedCountRef.current = upTo;
    const clean = changeCountRef.current === upTo;
    setStatus(clean ? { kind: "saved", message: m.couple_editor_all_saved() } : { kind: "dirty", message: m.couple_editor_unsaved() });
    return clean;
  }, [serialize, title]);

  const saveTemplateOnce = useCallback(async (): Promise<boolean> => {
    const upTo = changeCountRef.current;
    const canvas = serialize();
    const name = templateName.trim();
    if (!name) {
      setStatus({ kind: "error", message: m.couple_editor_name_template() });
      onNeedsName();
      return false;
    }
    setStatus({ kind: "saving", message: m.couple_editor_saving() });
    const id = idsRef.current.templateId;
    const answer = id
      ? await templatesApi.update(id, { canvas, name })
      : await templatesApi.create({ name, canvas, price: 0, mood: "WEDDING", status: "DRAFT" });
    if (!answer.ok) {
      setStatus({ kind: "error", message: answer.message, unsaved: changeCountRef.current !== savedCountRef.current });
      return false;
    }
    if (!id) {
      idsRef.current.templateId = answer.body.template.id;
      window.history.replaceState(window.history.state, "", `/update_editor?template=${encodeURIComponent(answer.body.template.id)}`);
    }
    const thumb = await templatesApi.thumbnail(idsRef.current.templateId!, await renderThumbnail(canvasRef.current!, design));
    if (!thumb.ok) setNotice(m.couple_editor_thumbnail_not_updated({ reason: thumb.message }));
    savedCountRef.current = upTo;
    const clean = changeCountRef.current === upTo;
    setStatus(clean ? { kind: "saved", message: m.couple_editor_all_saved() } : { kind: "dirty", message: m.couple_editor_unsaved() });
    return clean;
  }, [serialize, templateName, design, canvasRef, onNeedsName, setNotice]);

  /** Saves now (waiting for a save under way first); `explicit` also uploads the card's picture. */
  const saveNow = useCallback(
    async (explicit = false): Promise<boolean> => {
      if (saveTimerRef.current) clearTimeout(saveTimerRef.current);
      saveTimerRef.current = null;
      if (blockedBy409Ref.current) return false;
      while (savingRef.current) await savingRef.current;
      const pending = changeCountRef.current !== savedCountRef.current || (isCard && !idsRef.current.cardId);
      let ok = true;
      if (pending) {
        savingRef.current = isCard ? saveCardOnce() : saveTemplateOnce();
        ok = await savingRef.current.finally(() => (savingRef.current = null));
      }
      if (ok && isCard && idsRef.current.cardId) {
        if (explicit) await uploadPreview();
        else previewSoon();
      }
      return ok && changeCountRef.current === savedCountRef.current;
    },
    [isCard, saveCardOnce, saveTemplateOnce, uploadPreview, previewSoon],
  );

  /** The latest scheduleSave, for timers and listeners made before it changed. */
  const scheduleSaveRef = useRef<() => void>(() => undefined);
  const scheduleSave = useCallback(() => {
    if (saveTimerRef.current) clearTimeout(saveTimerRef.current);
    if (!isCard || blockedBy409Ref.current) return; // templates are saved with the Save button
    saveTimerRef.current = setTimeout(() => {
      saveTimerRef.current = null;
      void saveNow(false).then((clean) => {
        if (!clean && !blockedBy409Ref.current && !lastSaveFailedRef.current && changeCountRef.current !== savedCountRef.current) scheduleSaveRef.current();
      });
    }, AUTOSAVE_DELAY_MS);
  }, [isCard, saveNow]);
  useLayoutEffect(() => {
    scheduleSaveRef.current = scheduleSave;
  });

  // Back online after a failed save: try again.
  useEffect(() => {
    const onOnline = () => {
      if (lastSaveFailedRef.current && changeCountRef.current !== savedCountRef.current) scheduleSaveRef.current();
    };
    window.addEventListener("online", onOnline);
    return () => window.removeEventListener("online", onOnline);
  }, []);

  /** Changes not yet on the server (the editor asks before they could be lost). */
  const unsaved = status.kind === "dirty" || status.kind === "saving" || (status.kind === "error" && Boolean(status.unsaved));

  /** The saved card's id (null until the first save creates it). */
  const savedCardId = useCallback(() => idsRef.current.cardId, []);

  return {
    status,
    setStatus,
    details,
    setDetails,
    savedCardId,
    changeCountRef,
    blockedBy409Ref,
    serialize,
    saveNow,
    scheduleSave,
    scheduleSaveRef,
    unsaved,
  };
}
