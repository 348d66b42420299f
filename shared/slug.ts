/**
 * URL slugs: lower-case, spaces (and anything not a letter or digit) become hyphens, apostrophes
 * dropped. Normalising the spec's mixed-case links ("/all/Wedding Vendor/caterers") through the same
 * function is what lets routes accept them and redirect to the canonical form.
 */
export function slugify(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/['’]/g, "")
    .replace(/&/g, " and ")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}
