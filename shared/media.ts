/** Public URL of an R2 object served by the Worker; a placeholder when there is none. */
export const PLACEHOLDER_IMAGE = "/images/placeholder-service.svg";

export function mediaUrl(key: string | null | undefined): string {
  // Already a URL: a Google profile picture, or a profile photo stored as its /media/ path.
  if (key && (key.startsWith("/") || /^https?:\/\//i.test(key))) return key;
  return key ? `/media/${key.split("/").map(encodeURIComponent).join("/")}` : PLACEHOLDER_IMAGE;
}
