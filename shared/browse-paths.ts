import { slugify } from "./slug.ts";

/**
 * /all/{group}/{subcategory}/{state}/{city} link for the navigation and cards; a whole group's
 * results in a place leave the subcategory out (/all/{group}/{state}/{city}). Apart from the
 * catalogue (shared/catalogue.ts re-exports them), so a service card links without the catalogue's
 * names in the page's JavaScript (docs/decisions/0053).
 */
export function browsePath(groupName?: string, subcategoryName?: string, state?: string, city?: string): string {
  const parts = ["/all"];
  if (groupName) parts.push(slugify(groupName));
  if (groupName && subcategoryName) parts.push(slugify(subcategoryName));
  if (groupName && state) parts.push(slugify(state));
  if (groupName && state && city) parts.push(slugify(city));
  return parts.join("/");
}

export function servicePath(s: { id: string; serviceCategory: string; serviceType: string; state: string; city: string }): string {
  return `${browsePath(s.serviceCategory, s.serviceType, s.state, s.city)}/${s.id}`;
}
