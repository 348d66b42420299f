import type { FlashToast } from "#shared/toast.ts";
import { safeRedirectPath } from "./safe-redirect.ts";
import { FIRST_VISIT_COOKIE } from "#shared/first-visit.ts";

/**
 * Small cookies the pages use: the flash toast a server redirect carries, and the first-visit flag
 * that skips the welcome splash (cleared at logout).
 */
export const FLASH_COOKIE = "mandap_flash";
/** Set by the browser's first-visit script (shared/first-visit.ts); logout clears it. */
export const VISITED_COOKIE = FIRST_VISIT_COOKIE;
/** A random id per browser (1 year), so a blog post's view counts once per browser per day. */
export const READER_COOKIE = "mandap_reader";
/** The language a visitor chose with the language switch ("en" or "hi", 1 year; shared/locale.ts). */
export const LANGUAGE_COOKIE = "mandap_lang";

/** The Set-Cookie of a visitor's language choice: read by the server only, so HttpOnly. */
export function languageCookie(request: Request, locale: string): string {
  return `${LANGUAGE_COOKIE}=${encodeURIComponent(locale)}; Path=/; Max-Age=31536000; HttpOnly; SameSite=Lax${secureFlag(request)}`;
}

export function readCookie(request: Request, name: string): string | null {
  const header = request.headers.get("cookie");
  if (!header) return null;
  for (const part of header.split(";")) {
    const [k, ...v] = part.trim().split("=");
    if (k === name) {
      try {
        return decodeURIComponent(v.join("="));
      } catch {
        return null;
      }
    }
  }
  return null;
}

function secureFlag(request: Request) {
  return new URL(request.url).protocol === "https:" ? "; Secure" : "";
}

export function flashCookie(request: Request, toast: FlashToast): string {
  return `${FLASH_COOKIE}=${encodeURIComponent(JSON.stringify(toast))}; Path=/; Max-Age=60; HttpOnly; SameSite=Lax${secureFlag(request)}`;
}

export function clearFlashCookie(request: Request): string {
  return `${FLASH_COOKIE}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax${secureFlag(request)}`;
}

export function readFlash(request: Request): FlashToast | null {
  const raw = readCookie(request, FLASH_COOKIE);
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as FlashToast;
    if (typeof value?.message !== "string" || !["success", "error", "info", "warning"].includes(value.type)) return null;
    const toast: FlashToast = { type: value.type, message: value.message };
    // A link is only ever a path on this site.
    const href = typeof value.link?.href === "string" ? safeRedirectPath(value.link.href, new URL(request.url).origin) : null;
    if (href && typeof value.link?.label === "string") toast.link = { label: value.link.label, href };
    return toast;
  } catch {
    return null;
  }
}

export function clearVisitedCookie(request: Request): string {
  return `${VISITED_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax${secureFlag(request)}`;
}

/** A redirect that shows a toast on the next page. */
export function redirectWithToast(request: Request, to: string, toast: FlashToast, init: ResponseInit = {}): Response {
  const headers = new Headers(init.headers);
  headers.set("Location", to);
  headers.append("Set-Cookie", flashCookie(request, toast));
  return new Response(null, { status: 302, ...init, headers });
}

/** The browser's reader id and, when it had none, the cookie that gives it one. */
export function readerId(request: Request): { id: string; setCookie: string | null } {
  const existing = readCookie(request, READER_COOKIE);
  if (existing && /^[a-f0-9-]{16,64}$/.test(existing)) return { id: existing, setCookie: null };
  const id = crypto.randomUUID();
  return { id, setCookie: `${READER_COOKIE}=${id}; Path=/; Max-Age=31536000; HttpOnly; SameSite=Lax${secureFlag(request)}` };
}
