import { slugify } from "./slug.ts";

/** Links the listing pages build on both sides: the login door that comes back, and vendor pages. */
export const loginPath = (to: string) => `/login?redirectTo=${encodeURIComponent(to)}`;

/** The vendor page's first segment: the city's slug ("india" when the vendor has no city). */
export const vendorLocation = (city: string | null | undefined) => (city ? slugify(city) : "") || "india";
export const vendorPath = (v: { slug: string; city: string | null }) => `/${vendorLocation(v.city)}/${v.slug}`;
