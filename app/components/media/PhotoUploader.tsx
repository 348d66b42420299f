import { useRef, useState, type DragEvent, type FormEvent } from "react";
import { Form } from "react-router";
import { IMAGE_MEGAPIXELS_MAX, MEDIA_MESSAGES, PHOTO_ACCEPT, PHOTO_MAX_BYTES, SERVICE_PHOTOS_MAX } from "#shared/service-media.ts";
import { useHydrated } from "#app/lib/use-hydrated.ts";
import { m } from "#shared/paraglide/messages.js";
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
      setSummary({ ok: false, message: m.vendor_photos_too_many({ max: SERVICE_PHOTOS_MAX, room }) });
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
        patch(id, { status: "failed", reason: m.vendor_photos_too_large({ name: chosen.name, mb: PHOTO_MAX_BYTES / 1024 / 1024 }) });
        return;
      }
      patch(id, { status: "uploading", ...(file === chosen ? {} : { sentSize: file.size }) });
      const outcome = await uploadServicePhoto(serviceId, file, (p) => patch(id, { progress: p }));
      if (outcome.ok) done++;
      patch(id, outcome.ok ? { status: "done", progress: 1 } : { status: "failed", reason: outcome.reason });
      if (outcome.ok) onUploaded();
    });
    setSummary(done === 0 ? { ok: false, message: MEDIA_MESSAGES.allFailed } : { ok: true, message: m.vendor_photos_uploaded({ count: done }) });
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
        {m.vendor_photos_add()}
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
          <span className="font-medium">{m.vendor_photos_choose()}</span>
          <span className="text-sm text-gray-600">
            {m.vendor_photos_limits({
              mb: PHOTO_MAX_BYTES / 1024 / 1024,
              mp: IMAGE_MEGAPIXELS_MAX,
              room,
              max: SERVICE_PHOTOS_MAX,
            })}
            {hydrated && m.vendor_photos_shrink_note()}
          </span>
          <input id="photo-files" ref={input} type="file" name="files" multiple accept={PHOTO_ACCEPT} className="max-w-full text-sm" />
        </label>
        <button type="submit" className="btn-primary mt-3 px-5 py-2" disabled={busy}>
          {busy ? m.vendor_photos_uploading() : m.vendor_photos_upload()}
        </button>
      </Form>
      {items.length > 0 && (
        <ul aria-label={m.vendor_photos_uploads()} className="mt-4 space-y-2">
          {items.map((item) => (
            <li key={item.id} className="text-sm">
              <div className="flex justify-between gap-2">
                <span className="truncate" translate="no">
                  {item.name}
                </span>
                <span className="shrink-0 text-gray-600">
                  {item.status === "failed"
                    ? m.vendor_photos_failed()
                    : item.status === "done"
                      ? m.vendor_photos_done()
                      : item.status === "preparing"
                        ? m.vendor_photos_shrinking()
                        : m.vendor_photos_progress({ percent: Math.round(item.progress * 100), size: MB(item.sentSize ?? item.size) })}
                </span>
              </div>
              {item.sentSize !== undefined && (
                <p className="text-xs text-gray-600">{m.vendor_photos_made_smaller({ from: MB(item.size), to: MB(item.sentSize) })}</p>
              )}
              <progress
                className="h-2 w-full"
                max={100}
                value={Math.round(item.progress * 100)}
                aria-label={m.vendor_photos_upload_of({ name: item.name })}
                data-status={item.status}
              />
            </li>
          ))}
        </ul>
      )}
      <div role="status" aria-live="polite" className="mt-3">
        {summary && <p className={summary.ok ? "font-medium text-green-800" : "font-medium text-red-700"}>{summary.message}</p>}
        {!busy && failed.length > 0 && (
          <ul aria-label={m.vendor_photos_failed_files()} className="mt-1 list-disc pl-5 text-sm text-red-700">
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
