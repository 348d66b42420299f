import { useRef, useState, type DragEvent, type FormEvent } from "react";
import { Form } from "react-router";
import { IMAGE_MEGAPIXELS_MAX, MEDIA_MESSAGES, PHOTO_ACCEPT, PHOTO_MAX_BYTES, SERVICE_PHOTOS_MAX } from "#shared/service-media.ts";
import { useHydrated } from "#app/lib/use-hydrated.ts";
import { CONCURRENCY, eachLimited, shrinkPhoto, uploadServicePhoto } from "#app/lib/upload-client.ts";

type Item = {
  id: number;
  name: string;
  size: number;
  /** The size of the smaller copy sent instead (app/lib/upload-client.ts), when the photo was redrawn. */
  sentSize?: number;
  progress: number;
  status: "waiting" | "preparing" | "uploading" | "done" | "failed";
  reason?: string;
};

const MB = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/**
 * Choose or drop several photos. Without JavaScript the form posts them to the page (one
 * multipart request); with it, each photo is first made smaller on the device when it is over the
 * cap or very large, then goes its own way (signature, upload, register) with a progress bar, a few
 * at a time, and the page stays usable. The spec's messages are shown as they
 * are; the failed files are listed.
 */
export function PhotoUploader({ serviceId, count, onUploaded }: { serviceId: string; count: number; onUploaded: () => void }) {
  const input = useRef<HTMLInputElement>(null);
  const [items, setItems] = useState<Item[]>([]);
  const [summary, setSummary] = useState<{ ok: boolean; message: string } | null>(null);
  const [dragging, setDragging] = useState(false);
  const hydrated = useHydrated();
  const busy = items.some((i) => i.status === "waiting" || i.status === "preparing" || i.status === "uploading");
  const room = Math.max(0, SERVICE_PHOTOS_MAX - count);

  const patch = (id: number, change: Partial<Item>) => setItems((list) => list.map((i) => (i.id === id ? { ...i, ...change } : i)));

  async function start(files: File[]) {
    if (busy) return;
    if (!files.length) {
      setSummary({ ok: false, message: MEDIA_MESSAGES.noFiles });
      return;
    }
    if (files.length > room) {
      setSummary({ ok: false, message: `Too many photos: a service can have at most ${SERVICE_PHOTOS_MAX}. You can add ${room} more.` });
      return;
    }
    const base = Date.now();
    const queued: Item[] = files.map((f, i) => ({ id: base + i, name: f.name, size: f.size, progress: 0, status: "waiting" }));
    setItems(queued);
    setSummary(null);
    let done = 0;
    await eachLimited(files, CONCURRENCY, async (chosen, i) => {
      const id = queued[i]!.id;
      patch(id, { status: "preparing" });
      const file = await shrinkPhoto(chosen, PHOTO_MAX_BYTES);
      if (file.size > PHOTO_MAX_BYTES) {
        patch(id, { status: "failed", reason: `${chosen.name} is larger than ${PHOTO_MAX_BYTES / 1024 / 1024} MB.` });
        return;
      }
      patch(id, { status: "uploading", ...(file === chosen ? {} : { sentSize: file.size }) });
      const outcome = await uploadServicePhoto(serviceId, file, (p) => patch(id, { progress: p }));
      if (outcome.ok) done++;
      patch(id, outcome.ok ? { status: "done", progress: 1 } : { status: "failed", reason: outcome.reason });
      if (outcome.ok) onUploaded();
    });
    setSummary(done === 0 ? { ok: false, message: MEDIA_MESSAGES.allFailed } : { ok: true, message: `${done} photo${done === 1 ? "" : "s"} uploaded.` });
    if (input.current) input.current.value = "";
  }

  function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    void start([...(input.current?.files ?? [])]);
  }

  function onDrop(e: DragEvent<HTMLElement>) {
    e.preventDefault();
    setDragging(false);
    void start([...e.dataTransfer.files]);
  }

  const failed = items.filter((i) => i.status === "failed");
  return (
    <section aria-labelledby="upload-heading" className="rounded-2xl border border-maroon-100 bg-white p-4 md:p-6">
      <h2 id="upload-heading" className="text-lg font-semibold text-maroon-700">
        Add photos
      </h2>
      <Form method="post" encType="multipart/form-data" onSubmit={onSubmit} className="mt-3">
        <input type="hidden" name="intent" value="upload" />
        <label
          htmlFor="photo-files"
          onDragOver={(e) => {
            e.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
          className={`flex cursor-pointer flex-col items-center gap-2 rounded-xl border-2 border-dashed p-6 text-center ${dragging ? "border-maroon-600 bg-maroon-50" : "border-maroon-200"}`}
        >
          <span className="font-medium">Choose photos or drop them here</span>
          <span className="text-sm text-gray-600">
            JPEG, PNG, WebP or GIF, up to {PHOTO_MAX_BYTES / 1024 / 1024} MB and {IMAGE_MEGAPIXELS_MAX} megapixels each. {room} of {SERVICE_PHOTOS_MAX} places
            left.
            {hydrated && " A bigger JPEG, PNG or WebP photo is made smaller on this device before it is sent."}
          </span>
          <input id="photo-files" ref={input} type="file" name="files" multiple accept={PHOTO_ACCEPT} className="max-w-full text-sm" />
        </label>
        <button type="submit" className="btn-primary mt-3 px-5 py-2" disabled={busy}>
          {busy ? "Uploading…" : "Upload photos"}
        </button>
      </Form>
      {items.length > 0 && (
        <ul aria-label="Uploads" className="mt-4 space-y-2">
          {items.map((item) => (
            <li key={item.id} className="text-sm">
              <div className="flex justify-between gap-2">
                <span className="truncate">{item.name}</span>
                <span className="shrink-0 text-gray-600">
                  {item.status === "failed"
                    ? "Failed"
                    : item.status === "done"
                      ? "Done"
                      : item.status === "preparing"
                        ? "Making it smaller…"
                        : `${Math.round(item.progress * 100)}% of ${MB(item.sentSize ?? item.size)}`}
                </span>
              </div>
              {item.sentSize !== undefined && (
                <p className="text-xs text-gray-600">
                  Made smaller to send: {MB(item.size)} → {MB(item.sentSize)}
                </p>
              )}
              <progress
                className="h-2 w-full"
                max={100}
                value={Math.round(item.progress * 100)}
                aria-label={`Upload of ${item.name}`}
                data-status={item.status}
              />
            </li>
          ))}
        </ul>
      )}
      <div role="status" aria-live="polite" className="mt-3">
        {summary && <p className={summary.ok ? "font-medium text-green-800" : "font-medium text-red-700"}>{summary.message}</p>}
        {!busy && failed.length > 0 && (
          <ul aria-label="Failed files" className="mt-1 list-disc pl-5 text-sm text-red-700">
            {failed.map((f) => (
              <li key={f.id}>
                {MEDIA_MESSAGES.failedFor(f.name)}
                {f.reason ? `: ${f.reason}` : ""}
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
