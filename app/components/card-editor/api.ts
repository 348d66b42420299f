import type { CardCanvas, CardDetails, CardExportSize } from "#shared/card-format.ts";
import { m } from "#shared/paraglide/messages.js";

/**
 * The editor's calls to the Cards and Gallery APIs (contracts-13.md). Every call resolves to
 * {ok, status, message, body}; none throws for an answer the server gave.
 */
export type Answer<T = Record<string, unknown>> = { ok: boolean; status: number; message: string; body: T & { message?: string; revision?: number } };

async function call<T>(path: string, init: RequestInit & { json?: unknown } = {}): Promise<Answer<T>> {
  const { json, ...rest } = init;
  try {
    const res = await fetch(`/api/v1${path}`, {
      credentials: "same-origin",
      ...rest,
      headers: json === undefined ? { Accept: "application/json" } : { Accept: "application/json", "Content-Type": "application/json" },
      body: json === undefined ? rest.body : JSON.stringify(json),
    });
    if (res.status === 401) {
      window.location.reload();
      return new Promise(() => {});
    }
    let body = {} as Answer<T>["body"];
    try {
      body = (await res.json()) as Answer<T>["body"];
    } catch {
      /* not JSON */
    }
    return { ok: res.ok, status: res.status, message: body.message ?? (res.ok ? "" : m.couple_editor_failed()), body };
  } catch {
    return {
      ok: false,
      status: 0,
      message: m.couple_editor_offline(),
      body: {} as Answer<T>["body"],
    };
  }
}

type SavedCard = { card: { id: string; revision: number } };

export const cardsApi = {
  create: (input: { templateId: string; canvas: CardCanvas; title?: string } & CardDetails) =>
    call<SavedCard>("/userDataTemplate", { method: "POST", json: input }),
  patch: (id: string, input: { revision: number; canvas?: CardCanvas } & CardDetails) =>
    call<SavedCard>(`/userDataTemplate/${encodeURIComponent(id)}`, { method: "PATCH", json: input }),
  preview: (id: string, image: Blob) => {
    const form = new FormData();
    form.append("image", image, "card.jpg");
    return call<{ previewUrl: string }>(`/userDataTemplate/${encodeURIComponent(id)}/preview`, { method: "PUT", body: form });
  },
  assets: () =>
    call<{ assets: { public_id: string; url: string; width: number | null; height: number | null; fileName: string }[] }>(
      "/editorAssets?asset_folder=user_assets",
    ),
};

export const templatesApi = {
  create: (input: { name: string; canvas: CardCanvas; price: number; mood: string; status: "DRAFT" }) =>
    call<{ template: { id: string } }>("/inviteTemplate/create", { method: "POST", json: input }),
  update: (id: string, input: { canvas: CardCanvas; name?: string }) =>
    call<{ template: { id: string } }>(`/inviteTemplate/${encodeURIComponent(id)}`, { method: "PUT", json: input }),
  thumbnail: (id: string, image: Blob) => {
    const form = new FormData();
    form.append("image", image, image.type === "image/webp" ? "thumbnail.webp" : "thumbnail.png");
    return call<{ thumbnailUrl: string }>(`/inviteTemplate/${encodeURIComponent(id)}/thumbnail`, { method: "PUT", body: form });
  },
};

/** POST the rendered image to the export endpoint; on success the file (PDF or PNG) and its name. */
export async function exportCard(
  id: string,
  image: Blob,
  format: "pdf" | "png",
  size: CardExportSize,
): Promise<{ ok: true; file: Blob; fileName: string } | { ok: false; message: string }> {
  const form = new FormData();
  form.append("image", image, image.type === "image/png" ? "card.png" : "card.jpg");
  form.append("format", format);
  form.append("size", size);
  try {
    const res = await fetch(`/api/v1/userDataTemplate/${encodeURIComponent(id)}/export`, { method: "POST", credentials: "same-origin", body: form });
    if (!res.ok) {
      let message: string = m.couple_editor_failed();
      try {
        message = ((await res.json()) as { message?: string }).message ?? message;
      } catch {
        /* not JSON */
      }
      return { ok: false, message };
    }
    const named = /filename="?([^";]+)"?/.exec(res.headers.get("Content-Disposition") ?? "")?.[1];
    return { ok: true, file: await res.blob(), fileName: named ?? `invitation-${size.toLowerCase()}.${format}` };
  } catch {
    return { ok: false, message: m.couple_editor_offline_export() };
  }
}

/** Saves a file the browser holds, as a download. */
export function download(file: Blob, fileName: string) {
  const url = URL.createObjectURL(file);
  const a = document.createElement("a");
  a.href = url;
  a.download = fileName;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
