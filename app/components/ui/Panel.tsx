import type { ReactNode } from "react";

/**
 * The dashboards' card: a white, rounded box with a maroon heading and, beside it, the panel's
 * actions (a button, a link). The heading names the section for screen readers (aria-labelledby).
 * Give `id` to make the section a link target (`#budget`); its heading is then `<id>-heading`.
 */
export function Panel({
  title,
  id,
  headingId,
  actions,
  children,
  className,
}: {
  title?: ReactNode;
  id?: string;
  /** The heading's id when the section itself has none (or another one). */
  headingId?: string;
  actions?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  const heading = title ? (headingId ?? (id ? `${id}-heading` : undefined)) : undefined;
  return (
    <section id={id} className={`rounded-2xl border border-maroon-100 bg-white p-4 md:p-6${className ? ` ${className}` : ""}`} aria-labelledby={heading}>
      {(title || actions) && (
        <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
          {title && (
            <h2 id={heading} className="text-xl font-bold text-maroon-700">
              {title}
            </h2>
          )}
          {actions}
        </div>
      )}
      {children}
    </section>
  );
}
