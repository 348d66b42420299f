import { useState } from "react";
import { Field } from "#app/components/ui/index.ts";
import { useHydrated } from "#app/lib/use-hydrated.ts";
import { Form, useFetcher } from "react-router";
import { closestCenter, DndContext, KeyboardSensor, PointerSensor, useSensor, useSensors, type DragEndEvent } from "@dnd-kit/core";
import { arrayMove, rectSortingStrategy, SortableContext, sortableKeyboardCoordinates, useSortable } from "@dnd-kit/sortable";
import { ALT_MAX } from "#shared/service-media.ts";
import { m } from "#shared/paraglide/messages.js";

export type GridPhoto = {
  id: string;
  cardUrl: string;
  cardWidth: number | null;
  cardHeight: number | null;
  alt: string | null;
  isCover: boolean;
};

const label = (p: GridPhoto, i: number) => (p.alt ? m.vendor_photo_label_alt({ n: i + 1, alt: p.alt }) : m.vendor_photo_label({ n: i + 1 }));

/**
 * The service's photos in order. Reorder by dragging, or with the keyboard (focus a photo's
 * handle, Space to pick it up, arrow keys to move, Space to drop); every photo also has plain
 * forms (move earlier/later, make cover, alt text, delete with confirmation) that work without
 * JavaScript. @dnd-kit is imported by this page's modules only.
 */
export function PhotoGrid({ photos }: { photos: GridPhoto[] }) {
  // A drag's new order is shown at once, until the server's order (revalidated) replaces it.
  const serverOrder = photos.map((p) => p.id);
  const base = serverOrder.join(",");
  const [local, setLocal] = useState<{ base: string; ids: string[] } | null>(null);
  const order = local && local.base === base ? local.ids : serverOrder;
  const fetcher = useFetcher();
  const byId = new Map(photos.map((p) => [p.id, p]));
  const shown = order.map((id) => byId.get(id)).filter((p): p is GridPhoto => Boolean(p));
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  function onDragEnd({ active, over }: DragEndEvent) {
    if (!over || active.id === over.id) return;
    const next = arrayMove(order, order.indexOf(String(active.id)), order.indexOf(String(over.id)));
    setLocal({ base, ids: next });
    void fetcher.submit({ intent: "order", ids: next.join(",") }, { method: "post" });
  }

  if (!photos.length) return <p className="rounded-2xl border border-maroon-100 bg-white p-5 text-gray-700">{m.vendor_photos_none()}</p>;
  return (
    <DndContext
      id="photo-order"
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{
        screenReaderInstructions: {
          draggable: m.vendor_photos_drag_help(),
        },
      }}
    >
      <SortableContext items={order} strategy={rectSortingStrategy}>
        <ol aria-label={m.vendor_photos_list()} className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {shown.map((photo, i) => (
            <SortablePhoto key={photo.id} photo={photo} index={i} last={i === shown.length - 1} />
          ))}
        </ol>
      </SortableContext>
      {fetcher.data && typeof fetcher.data === "object" && "message" in fetcher.data ? (
        <p role="status" className="mt-2 text-sm">
          {String((fetcher.data as { message: string }).message)}
        </p>
      ) : null}
    </DndContext>
  );
}

function SortablePhoto({ photo, index, last }: { photo: GridPhoto; index: number; last: boolean }) {
  const hydrated = useHydrated();
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: photo.id });
  const style = transform ? { transform: `translate3d(${Math.round(transform.x)}px, ${Math.round(transform.y)}px, 0)`, transition } : { transition };
  const name = label(photo, index);
  return (
    <li
      ref={setNodeRef}
      style={style}
      data-photo-id={photo.id}
      className={`rounded-xl border bg-white p-3 ${isDragging ? "z-10 border-maroon-600 shadow-lg" : "border-maroon-100"}`}
    >
      <div className="relative">
        <img
          src={photo.cardUrl}
          width={photo.cardWidth ?? 640}
          height={photo.cardHeight ?? 480}
          alt={photo.alt ?? ""}
          className="h-44 w-full rounded-lg object-cover"
          loading="lazy"
        />
        {photo.isCover && (
          <span className="absolute left-2 top-2 rounded bg-maroon-700 px-2 py-0.5 text-xs font-semibold text-white">{m.vendor_photos_cover()}</span>
        )}
        <button
          type="button"
          hidden={!hydrated}
          ref={setActivatorNodeRef}
          {...attributes}
          {...listeners}
          aria-label={m.vendor_photos_reorder_label({ name })}
          className="absolute right-2 top-2 cursor-grab rounded bg-white/90 px-2 py-1 text-sm font-semibold shadow"
        >
          {m.vendor_photos_reorder()}
        </button>
      </div>
      <div className="mt-2 flex flex-wrap gap-2 text-sm">
        <Form method="post">
          <input type="hidden" name="mediaId" value={photo.id} />
          <button name="intent" value="move-up" className="btn-secondary px-2 py-1" disabled={index === 0} aria-label={m.vendor_photos_earlier_label({ name })}>
            {m.vendor_photos_earlier()}
          </button>
        </Form>
        <Form method="post">
          <input type="hidden" name="mediaId" value={photo.id} />
          <button name="intent" value="move-down" className="btn-secondary px-2 py-1" disabled={last} aria-label={m.vendor_photos_later_label({ name })}>
            {m.vendor_photos_later()}
          </button>
        </Form>
        {!photo.isCover && (
          <Form method="post">
            <input type="hidden" name="mediaId" value={photo.id} />
            <button name="intent" value="cover" className="btn-secondary px-2 py-1" aria-label={m.vendor_photos_make_cover_label({ name })}>
              {m.vendor_photos_make_cover()}
            </button>
          </Form>
        )}
      </div>
      <Form method="post" className="mt-2 flex gap-2">
        <input type="hidden" name="mediaId" value={photo.id} />
        <Field
          id={`alt-${photo.id}`}
          name="alt"
          label={<span className="sr-only">{m.vendor_photos_alt_label({ n: index + 1 })}</span>}
          defaultValue={photo.alt ?? ""}
          maxLength={ALT_MAX}
          placeholder={m.vendor_photos_alt_placeholder()}
          className="min-w-0 flex-1"
          inputClassName="px-2 py-1 text-sm"
        />
        <button name="intent" value="alt" className="btn-secondary px-2 py-1 text-sm">
          {m.vendor_save()}
        </button>
      </Form>
      <details className="mt-2 text-sm">
        <summary className="cursor-pointer text-red-700">{m.vendor_details_delete_link()}</summary>
        <Form method="post" className="mt-1 flex items-center gap-2">
          <input type="hidden" name="mediaId" value={photo.id} />
          <span>{m.vendor_photos_delete_confirm()}</span>
          <button
            name="intent"
            value="delete"
            className="rounded bg-red-700 px-2 py-1 font-semibold text-white"
            aria-label={m.vendor_photos_yes_delete_label({ name })}
          >
            {m.vendor_services_yes_delete()}
          </button>
        </Form>
      </details>
    </li>
  );
}
