import { m } from "#shared/paraglide/messages.js";
import { useRef, useState } from "react";

export type GalleryImage = { path: string; width: number | null; height: number | null; alt: string | null; card?: { path: string; width: number } };

/** The gallery's column widths (one column on phones, up to four), for the browser to pick a photo's size. */
export const GALLERY_SIZES = "(min-width: 1101px) 25vw, (min-width: 701px) 33vw, (min-width: 501px) 50vw, 100vw";

/** srcset for a photo with a card-size variant and a known full width; undefined when there is one size. */
export function gallerySrcSet(image: GalleryImage): string | undefined {
  return image.card && image.width ? `${image.card.path} ${image.card.width}w, ${image.path} ${image.width}w` : undefined;
}

/** Photos a phone (one masonry column) shows in the page; the rest wait in the lightbox. */
export const PHONE_PREVIEW_PHOTOS = 2;

/**
 * Photos as a masonry (spec: 4 columns, 3 up to 1100 px, 2 up to 700 px, 1 up to 500 px) that
 * open in a lightbox: a native <dialog> (focus kept inside, Escape closes) with Previous/Next
 * buttons and the arrow keys. Without JavaScript each photo links to the full image.
 * In one column (phones) only the first PHONE_PREVIEW_PHOTOS show, then "See all N photos", so
 * the price and the enquiry form are not seven screens down.
 */
export function Gallery({ images, label }: { images: readonly GalleryImage[]; label: string }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [index, setIndex] = useState(0);
  const count = images.length;
  const current = images[index];

  function open(i: number, event: React.MouseEvent) {
    event.preventDefault();
    setIndex(i);
    dialog.current?.showModal();
  }
  const step = (delta: number) => setIndex((i) => (i + delta + count) % count);

  function onKeyDown(event: React.KeyboardEvent) {
    if (event.key === "ArrowRight") {
      event.preventDefault();
      step(1);
    } else if (event.key === "ArrowLeft") {
      event.preventDefault();
      step(-1);
    }
  }

  if (!count) return null;
  // The list's and the viewer's names carry the listing's name and the photos' descriptions, which
  // the vendor wrote: shown as written (translate="no"), around words in the page's language.
  return (
    <>
      <ul className="columns-1 gap-3 min-[501px]:columns-2 min-[701px]:columns-3 min-[1101px]:columns-4" aria-label={label} translate="no">
        {images.map((image, i) => (
          <li key={`${image.path}-${i}`} className={`mb-3 break-inside-avoid${i >= PHONE_PREVIEW_PHOTOS ? " max-[500px]:hidden" : ""}`}>
            <a
              href={image.path}
              onClick={(e) => open(i, e)}
              data-after-scripts=""
              className="block overflow-hidden rounded-xl bg-maroon-50 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-maroon-700"
              aria-label={image.alt ? m.public_gallery_open_alt({ number: i + 1, count, alt: image.alt }) : m.public_gallery_open({ number: i + 1, count })}
            >
              <img
                src={image.path}
                alt={image.alt ?? ""}
                width={image.width ?? 800}
                height={image.height ?? 600}
                srcSet={gallerySrcSet(image)}
                sizes={gallerySrcSet(image) ? GALLERY_SIZES : undefined}
                loading={i < 2 ? "eager" : "lazy"}
                fetchPriority={i === 0 ? "high" : undefined}
                decoding={i === 0 ? undefined : "async"}
                className="h-auto w-full transition-transform duration-300 hover:scale-[1.03]"
              />
            </a>
          </li>
        ))}
      </ul>
      {count > PHONE_PREVIEW_PHOTOS && (
        <a
          href={images[PHONE_PREVIEW_PHOTOS]!.path}
          onClick={(e) => open(PHONE_PREVIEW_PHOTOS, e)}
          data-after-scripts=""
          className="btn-secondary w-full min-[501px]:hidden"
        >
          {m.public_gallery_see_all({ count })}
        </a>
      )}
      <dialog
        ref={dialog}
        onKeyDown={onKeyDown}
        aria-label={m.public_gallery_dialog({ label, number: index + 1, count })}
        translate="no"
        className="m-auto max-h-[95vh] w-[min(96vw,1100px)] rounded-2xl bg-ink p-0 text-white backdrop:bg-black/80"
        onClick={(e) => {
          if (e.target === dialog.current) dialog.current?.close();
        }}
      >
        {current && (
          <figure className="flex flex-col">
            <div className="flex items-center justify-between gap-2 px-4 py-2">
              <p aria-live="polite" className="text-sm">
                {m.public_gallery_counter({ number: index + 1, count })}
              </p>
              <button
                type="button"
                autoFocus
                onClick={() => dialog.current?.close()}
                className="rounded-full px-3 py-1 text-sm font-semibold hover:bg-white/10"
              >
                {m.public_gallery_close()}
              </button>
            </div>
            <img
              src={current.path}
              alt={current.alt ?? ""}
              width={current.width ?? 800}
              height={current.height ?? 600}
              className="max-h-[75vh] w-full object-contain"
            />
            <figcaption className="flex items-center justify-between gap-2 px-4 py-3 text-sm">
              <button
                type="button"
                onClick={() => step(-1)}
                className="rounded-full border border-white/40 px-4 py-1.5 hover:bg-white/10"
                aria-label={m.public_gallery_previous()}
              >
                ← Previous
              </button>
              <span className="line-clamp-1 text-white/80">{current.alt}</span>
              <button
                type="button"
                onClick={() => step(1)}
                className="rounded-full border border-white/40 px-4 py-1.5 hover:bg-white/10"
                aria-label={m.public_gallery_next()}
              >
                Next →
              </button>
            </figcaption>
          </figure>
        )}
      </dialog>
    </>
  );
}
