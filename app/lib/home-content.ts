import type { ServiceCardData } from "#domain/catalogue/index.ts";

/**
 * The spec's popular-search shortcuts as it writes them (the browse route canonicalises), but for
 * one: the spec sends "Transportation" to Wedding Entertainment ("also used for Transportation");
 * the catalogue has Wedding Transportation, so the chip opens that (issue 28).
 */
export const POPULAR_SEARCHES = [
  { label: "Caterers", href: "/all/Wedding Vendor/caterers" },
  { label: "Photographers", href: "/all/Wedding Vendor/Wedding Photographers" },
  { label: "Makeup Salon", href: "/all/bride/Makeup Salon" },
  { label: "Entertainment", href: "/all/Wedding vendor/Wedding Entertainment" },
  { label: "Transportation", href: "/all/Wedding vendor/Wedding Transportation" },
  { label: "Wedding Gifts", href: "/all/Wedding vendor/Wedding Gift" },
  { label: "Invitations", href: "/all/Wedding vendor/Wedding Invitation" },
  { label: "Wedding Planner", href: "/all/Wedding vendor/Wedding planner" },
  { label: "Mehndi Artist", href: "/all/bride/Mehndi Artist" },
] as const;

/** A discover carousel's whole list, from /carousels/{key} (the page cache serves it); rejects when it cannot be had. */
export async function carouselRest(key: string): Promise<ServiceCardData[]> {
  const res = await fetch(`/carousels/${encodeURIComponent(key)}`, { headers: { Accept: "application/json" } });
  if (!res.ok) throw new Error(`carousel ${key}: ${res.status}`);
  const body = (await res.json()) as { services?: ServiceCardData[] };
  return Array.isArray(body.services) ? body.services : [];
}
