import { startTransition, useCallback, useEffect, useRef, useState } from "react";
import { m } from "#shared/paraglide/messages.js";
import { useHydrated } from "#app/lib/use-hydrated.ts";
import { flushSync } from "react-dom";

/** The discover carousels' scroll step (spec section 9). */
export const CAROUSEL_STEP_PX = 800;

/**
 * Cards the server renders per carousel: a 1280 px screen's width (four 288 px cards). The rest
 * of the list (the spec's 20) is fetched (`loadRest`) and drawn in the browser as the carousel
 * comes within a screen of view, so the home page's HTML, its data and hydration stay small on a
 * cheap phone. Every card is one "See all" away without JavaScript too.
 */
export const CAROUSEL_SERVER_CARDS = 4;

/**
 * A horizontal list with previous/next buttons that scroll by 800 px and are disabled at the start
 * and end. Without JavaScript the list still scrolls by touch or trackpad.
 */
export function Carousel<T>({
  label,
  items,
  loadRest,
  itemKey,
  renderItem,
}: {
  label: string;
  /** The cards the page came with. */
  items: T[];
  /** The whole list, when there is more than `items` (rejects or gives [] when it cannot be had: the first cards stay). */
  loadRest?: () => Promise<T[]>;
  itemKey: (item: T) => string;
  renderItem: (item: T) => React.ReactNode;
}) {
  const rootRef = useRef<HTMLDivElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const [all, setAll] = useState<T[] | null>(null);
  const loading = useRef<Promise<T[] | null> | null>(null);
  const list = all ?? items;
  const [shown, setShown] = useState(Math.min(CAROUSEL_SERVER_CARDS, items.length));
  const complete = shown >= list.length && (all !== null || !loadRest);

  /** The whole list, fetched once; null when it could not be had. */
  const rest = useCallback((): Promise<T[] | null> => {
    if (!loadRest) return Promise.resolve(null);
    loading.current ??= loadRest().then(
      (whole) => (whole.length > 0 ? whole : null),
      () => null,
    );
    return loading.current;
  }, [loadRest]);
  const [atStart, setAtStart] = useState(true);
  const [atEnd, setAtEnd] = useState(false);
  // The buttons scroll with JavaScript: until it runs they are disabled (the list still scrolls by swipe).
  const hydrated = useHydrated();

  const update = useCallback(() => {
    const el = listRef.current;
    if (!el) return;
    setAtStart(el.scrollLeft <= 1);
    setAtEnd(el.scrollLeft + el.clientWidth >= el.scrollWidth - 1);
  }, []);

  useEffect(() => {
    const el = listRef.current;
    if (!el) return;
    update();
    el.addEventListener("scroll", update, { passive: true });
    window.addEventListener("resize", update);
    return () => {
      el.removeEventListener("scroll", update);
      window.removeEventListener("resize", update);
    };
  }, [update]);

  // Draw the rest of the cards once the carousel is within a screen of the viewport.
  useEffect(() => {
    const el = rootRef.current;
    // Without IntersectionObserver the rest still appears on the first press of "forward".
    if (!el || complete || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((e) => e.isIntersecting)) return;
        observer.disconnect();
        void rest().then((whole) =>
          startTransition(() => {
            if (whole) setAll(whole);
            setShown((whole ?? items).length);
          }),
        );
      },
      { rootMargin: "100% 0px" },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [complete, items, rest]);

  useEffect(update, [shown, update]);

  const scroll = async (direction: 1 | -1) => {
    const el = listRef.current;
    if (!el) return;
    if (!complete) {
      const whole = await rest();
      flushSync(() => {
        if (whole) setAll(whole);
        setShown((whole ?? items).length);
      });
    }
    const smooth = !window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    el.scrollBy({ left: direction * CAROUSEL_STEP_PX, behavior: smooth ? "smooth" : "auto" });
  };

  const button = "grid h-10 w-10 place-items-center rounded-full border border-maroon-100 bg-white text-maroon-700 shadow-sm hover:bg-maroon-50";
  return (
    <div ref={rootRef} className="relative" role="group" aria-roledescription="carousel" aria-label={label}>
      <div className="mb-3 flex justify-end gap-2">
        <button type="button" className={button} onClick={() => void scroll(-1)} disabled={!hydrated || atStart} aria-label={m.public_carousel_back({ label })}>
          <svg aria-hidden="true" width="16" height="16" viewBox="0 0 16 16">
            <path d="M10 3L5 8l5 5" stroke="currentColor" strokeWidth="2" fill="none" />
          </svg>
        </button>
        <button type="button" className={button} onClick={() => void scroll(1)} disabled={!hydrated || atEnd} aria-label={m.public_carousel_forward({ label })}>
          <svg aria-hidden="true" width="16" height="16" viewBox="0 0 16 16">
            <path d="M6 3l5 5-5 5" stroke="currentColor" strokeWidth="2" fill="none" />
          </svg>
        </button>
      </div>
      <ul ref={listRef} className="relative flex gap-4 overflow-x-auto pb-3 [scrollbar-width:thin]" data-carousel-list>
        {list.slice(0, shown).map((item) => (
          <li key={itemKey(item)} className="w-64 shrink-0 md:w-72">
            {renderItem(item)}
          </li>
        ))}
      </ul>
    </div>
  );
}
