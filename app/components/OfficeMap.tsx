import { useState } from "react";
import { OFFICE } from "#shared/contact.ts";
import { m } from "#shared/paraglide/messages.js";

/** A map of the office that loads only when asked: no third-party frame (or its cost) until the visitor wants it. */
export function OfficeMap({ tone = "dark" }: { tone?: "dark" | "light" }) {
  const [shown, setShown] = useState(false);
  const src = `https://www.google.com/maps?q=${encodeURIComponent(OFFICE)}&output=embed`;
  return shown ? (
    <iframe
      title={m.office_map_title({ office: m.office_address() })}
      src={src}
      width={320}
      height={180}
      loading="lazy"
      className="h-44 w-full rounded-lg border-0"
      referrerPolicy="no-referrer-when-downgrade"
    />
  ) : (
    <button
      type="button"
      onClick={() => setShown(true)}
      className={`flex h-44 w-full flex-col items-center justify-center gap-2 rounded-lg border text-sm ${
        tone === "dark" ? "border-white/20 bg-white/5 text-white/85 hover:bg-white/10" : "border-maroon-100 bg-white text-maroon-800 hover:bg-maroon-50"
      }`}
    >
      <svg aria-hidden="true" width="28" height="28" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8">
        <path d="M12 21s-7-6.2-7-11a7 7 0 1 1 14 0c0 4.8-7 11-7 11z" />
        <circle cx="12" cy="10" r="2.5" />
      </svg>
      <span>{m.office_address()}</span>
      <span className="underline">{m.office_show_map()}</span>
    </button>
  );
}
