import type { ReactNode } from "react";
import { Link } from "react-router";
import { m } from "#shared/paraglide/messages.js";

export type PagerProps = {
  /** The page on screen, from 1. */
  page: number;
  /** How many pages there are, when the list knows its total; otherwise say whether there is a next page. */
  pages?: number;
  hasMore?: boolean;
  /** The URL of a page (the list's filters kept in the query). */
  href: (page: number) => string;
  /** Page numbers (1 … 4 5 6 … 20) between the two links; otherwise "Page 5 of 20" when `pages` is known. */
  numbers?: boolean;
  /** What the two links say ("Newer"/"Older" on lists newest first). */
  previousLabel?: string;
  nextLabel?: string;
  /** The navigation's accessible name. */
  label?: string;
  /** Text between the links instead of "Page 5 of 20" (for example with a count). */
  summary?: ReactNode;
  className?: string;
};

const numberClass = "grid h-10 min-w-10 place-items-center rounded-full px-3 text-sm";

/**
 * The one pager of the site's lists: links to the previous and next page (plain links, so it works
 * without JavaScript and every page has its own URL), and between them the page numbers or "Page 5
 * of 20". Nothing is shown when there is only one page.
 */
export function Pager({
  page,
  pages,
  hasMore,
  href,
  numbers = false,
  previousLabel = m.public_pager_previous(),
  nextLabel = m.public_pager_next(),
  label = m.public_pager(),
  summary,
  className = "mt-4 justify-start",
}: PagerProps) {
  const last = pages ?? (hasMore ? page + 1 : page);
  const next = pages !== undefined ? page < pages : Boolean(hasMore);
  if (page <= 1 && !next) return null;
  const shown = numbers ? [...new Set([1, last, page - 1, page, page + 1].filter((p) => p >= 1 && p <= last))].sort((a, b) => a - b) : [];
  return (
    <nav aria-label={label} className={`flex flex-wrap items-center gap-2 ${className}`}>
      {page > 1 ? (
        <Link to={href(Math.min(page - 1, Math.max(last, 1)))} rel="prev" className="btn-secondary px-4 py-2">
          {previousLabel}
        </Link>
      ) : (
        numbers && (
          <span aria-disabled="true" className="btn-secondary px-4 py-2">
            {previousLabel}
          </span>
        )
      )}
      {numbers
        ? shown.map((p, i) => (
            <span key={p} className="flex items-center gap-2">
              {i > 0 && p - (shown[i - 1] ?? p) > 1 && <span aria-hidden="true">…</span>}
              {p === page ? (
                <span aria-current="page" className={`${numberClass} bg-maroon-700 font-semibold text-white`}>
                  {p}
                </span>
              ) : (
                <Link
                  to={href(p)}
                  aria-label={m.public_pager_page({ page: p })}
                  className={`${numberClass} border border-maroon-100 bg-white hover:bg-maroon-50`}
                >
                  {p}
                </Link>
              )}
            </span>
          ))
        : (summary ??
          (pages !== undefined && <span className="px-1 text-sm text-ink/75">{m.public_pager_page_of({ page: Math.min(page, pages), pages })}</span>))}
      {next ? (
        <Link to={href(page + 1)} rel="next" className="btn-secondary px-4 py-2">
          {nextLabel}
        </Link>
      ) : (
        numbers && (
          <span aria-disabled="true" className="btn-secondary px-4 py-2">
            {nextLabel}
          </span>
        )
      )}
    </nav>
  );
}
