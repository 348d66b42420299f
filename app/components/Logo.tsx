import { SITE_NAME } from "#shared/strings.ts";

/** `compact`: the name shows from the sm breakpoint up, so a phone's top bar keeps room for its links. */
export function Logo({ light = false, compact = false }: { light?: boolean; compact?: boolean }) {
  return (
    <span className="flex items-center gap-2">
      <svg aria-hidden="true" width="32" height="32" viewBox="0 0 32 32">
        <circle cx="16" cy="16" r="15" fill="#7f1d3c" />
        <path d="M8 22h16M10 22V13l6-5 6 5v9" stroke="#f9c04a" strokeWidth="2" fill="none" strokeLinejoin="round" />
        <circle cx="16" cy="15" r="2.2" fill="#f9c04a" />
      </svg>
      <span className={`font-display text-xl font-bold tracking-wide ${light ? "text-white" : "text-maroon-700"} ${compact ? "hidden sm:inline" : ""}`}>
        {SITE_NAME}
      </span>
    </span>
  );
}
