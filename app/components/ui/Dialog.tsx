import { useEffect, useId, useRef, type ReactNode } from "react";

const FOCUSABLE = "a[href], button, input:not([type=hidden]), select, textarea, [tabindex]";

/**
 * An accessible modal on the native <dialog>: `showModal()` makes the rest of the page inert and Tab
 * wraps around inside it, Escape and the close button close it, a click on the backdrop too, and focus goes
 * back to what was focused before it opened. Controlled: the page keeps `open` and hears `onClose`.
 * A modal needs the page's scripts; give a way that works without them (a link to a page, a
 * <details>) where the task matters before hydration.
 */
export function Dialog({
  open,
  onClose,
  title,
  description,
  children,
  closeLabel = "Close",
  className,
}: {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  description?: ReactNode;
  children: ReactNode;
  closeLabel?: string;
  className?: string;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const returnTo = useRef<HTMLElement | null>(null);
  const titleId = useId();
  const descriptionId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      returnTo.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      dialog.showModal();
    } else if (!open && dialog.open) {
      dialog.close();
    }
  }, [open]);

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      // Escape, the close button and the page's own `open={false}` all end here.
      onClose={() => {
        returnTo.current?.focus();
        returnTo.current = null;
        if (open) onClose();
      }}
      onClick={(e) => {
        if (e.target === ref.current) onClose();
      }}
      onKeyDown={(e) => {
        // The rest of the page is inert, but Tab past the last control would leave for the browser's own bar: wrap around.
        if (e.key !== "Tab" || !ref.current) return;
        const controls = [...ref.current.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => !el.hasAttribute("disabled") && el.tabIndex >= 0);
        const first = controls[0];
        const last = controls.at(-1);
        if (!first || !last) return;
        if (e.shiftKey && document.activeElement === first) {
          e.preventDefault();
          last.focus();
        } else if (!e.shiftKey && document.activeElement === last) {
          e.preventDefault();
          first.focus();
        }
      }}
      className={`m-auto w-[min(94vw,32rem)] rounded-2xl border border-maroon-100 bg-white p-0 text-ink shadow-xl backdrop:bg-black/60${className ? ` ${className}` : ""}`}
    >
      <div className="flex flex-col gap-3 p-5 md:p-6">
        <div className="flex items-start justify-between gap-3">
          <h2 id={titleId} className="text-xl font-bold text-maroon-700">
            {title}
          </h2>
          <button type="button" onClick={onClose} className="rounded-full px-3 py-1 text-sm font-semibold text-maroon-700 hover:bg-maroon-50">
            {closeLabel}
          </button>
        </div>
        {description && (
          <p id={descriptionId} className="text-sm text-ink/75">
            {description}
          </p>
        )}
        {children}
      </div>
    </dialog>
  );
}
