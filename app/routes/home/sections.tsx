import { useEffect, useRef } from "react";
import { Link } from "react-router";
import { formatCount } from "#shared/format.ts";
import { COMING_SOON } from "#shared/strings.ts";
import type { HomeText } from "./home.server.ts";
/**
 * The spec's benefits showcase. Only what works today links somewhere; a tool still being built
 * says so plainly (COMING_SOON) and links nowhere.
 */
const BENEFITS: { key: keyof HomeText["benefits"]; icon: string; href?: string }[] = [
  { key: "checklist", href: "/checklist", icon: "✓" },
  { key: "events", href: "/profile/weddingplan", icon: "📅" },
  { key: "wishlist", href: "/profile/favoriteList", icon: "♥" },
  { key: "budget", href: "/profile/weddingbudget", icon: "₹" },
  { key: "cards", href: "/profile/invitationCards", icon: "✉" },
  { key: "reminders", href: "/profile", icon: "⏰" },
];

export function Counters({
  counters,
  labels,
}: {
  counters: { verifiedUsers: number; verifiedVendors: number; activeServices: number };
  labels: HomeText["counters"];
}) {
  // A counter at 0 (a fresh install, or before the team has verified anyone) says nothing good about
  // the marketplace: it is left out, and the row holds what is left (nothing when all are 0).
  const items = [
    { value: counters.verifiedUsers, label: labels.users },
    { value: counters.verifiedVendors, label: labels.vendors },
    { value: counters.activeServices, label: labels.services },
  ].filter((c) => c.value > 0);
  if (items.length === 0) return null;
  const columns = ["", "grid-cols-1", "grid-cols-2", "grid-cols-3"][items.length];
  return (
    <dl className={`mt-8 grid ${columns} gap-3 text-center`}>
      {items.map((c) => (
        <div key={c.label} className="rounded-xl bg-white/10 px-2 py-3 backdrop-blur">
          <dt className="text-xs text-white/85 md:text-sm">{c.label}</dt>
          <dd className="order-first font-display text-2xl font-bold text-marigold-300 md:text-3xl">{formatCount(c.value)}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The benefits' words come from the loader (app/routes/home/home.server.ts), in the page's language. */
export function Benefits({ text }: { text: HomeText["benefits"] }) {
  const listRef = useRef<HTMLUListElement>(null);
  const timer = useRef<number | null>(null);
  const stop = () => {
    if (timer.current !== null) window.clearInterval(timer.current);
    timer.current = null;
  };
  const start = () => {
    if (timer.current !== null || window.matchMedia("(prefers-reduced-motion: reduce)").matches) return;
    timer.current = window.setInterval(() => {
      const el = listRef.current;
      if (!el) return;
      if (el.scrollLeft + el.clientWidth >= el.scrollWidth - 1) el.scrollLeft = 0;
      else el.scrollLeft += 10;
    }, 50);
  };
  useEffect(() => stop, []);
  return (
    <ul ref={listRef} onMouseEnter={start} onMouseLeave={stop} className="relative flex gap-4 overflow-x-auto pb-3" data-testid="benefits-list">
      {BENEFITS.map(({ key, ...b }) => {
        const [title, words, action] = text[key];
        return (
          <li key={key} className="w-64 shrink-0 rounded-2xl border border-maroon-100 bg-white p-5 shadow-sm">
            <span aria-hidden="true" className="grid h-12 w-12 place-items-center rounded-full bg-maroon-50 text-xl text-maroon-700">
              {b.icon}
            </span>
            <h3 className="mt-3 text-lg font-semibold">{title}</h3>
            <p className="mt-1 text-sm text-ink/75">{words}</p>
            {b.href ? (
              <Link to={b.href} className="mt-3 inline-block text-sm font-semibold text-maroon-700 underline-offset-4 hover:underline">
                {action}
              </Link>
            ) : (
              <p className="mt-3 inline-block rounded-full bg-marigold-300/40 px-2 py-0.5 text-xs font-semibold text-maroon-900">{COMING_SOON}</p>
            )}
          </li>
        );
      })}
    </ul>
  );
}

export function SectionHeading({ id, title, text }: { id: string; title: string; text?: string }) {
  return (
    <div className="mb-6">
      <h2 id={id} className="text-2xl font-bold text-maroon-700 md:text-3xl">
        {title}
      </h2>
      {text && <p className="mt-1 text-ink/75">{text}</p>}
    </div>
  );
}
