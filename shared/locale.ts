import { baseLocale, locales, overwriteGetLocale } from "./paraglide/runtime.js";

/**
 * The site's two languages (docs/decisions/0046-languages.md). English is the base: its pages have
 * no prefix; Hindi public pages live under /hi (/hi, /hi/all/..., /hi/service/...).
 *
 * Which locale a render uses is never module state on the server: functions/platform/locale.ts
 * resolves it per request (AsyncLocalStorage). A browser shows one page's document at a time and
 * every language change is a full page load, so there the locale is the document's <html lang>,
 * which the server wrote: the hydrating render reads the same locale the server rendered with.
 */
export type Locale = (typeof locales)[number];
export const LOCALES: readonly Locale[] = locales;
export const BASE_LOCALE: Locale = baseLocale;

/** The URL prefix of each locale's pages ("" for English). */
export const LOCALE_PREFIX: Record<Locale, string> = { en: "", hi: "/hi" };

/** The BCP 47 tag of <html lang>, hreflang and Intl formatting: Indian English and Hindi. */
export const LOCALE_TAG: Record<Locale, "en-IN" | "hi-IN"> = { en: "en-IN", hi: "hi-IN" };

/** Each language's own name, as the language switch shows it. */
export const LOCALE_NAME: Record<Locale, string> = { en: "English", hi: "हिन्दी" };

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (LOCALES as readonly string[]).includes(value);
}

/**
 * The page a path is for, when it is React Router's data request of a page (a client-side
 * navigation or a form's submission): "<path>.data", or "<path>_.data" for a path ending in "/"
 * ("/_.data" is the home page's, "/hi.data" the Hindi home page's). Any other path is its own page.
 */
export function pageOfDataPath(pathname: string): string {
  if (pathname.endsWith("/_.data")) return pathname.slice(0, -"_.data".length);
  return pathname.endsWith(".data") ? pathname.slice(0, -".data".length) : pathname;
}

/** The locale a page's path names: "hi" for /hi and /hi/... (and /hi.data, the Hindi home page's data), otherwise English. */
export function localeOfPath(pathname: string): Locale {
  return pathname === "/hi" || pathname === "/hi.data" || pathname.startsWith("/hi/") ? "hi" : "en";
}

/** The path without its locale prefix ("/hi/all/x" -> "/all/x", "/hi" -> "/", "/hi.data" -> "/_.data"). */
export function unprefixedPath(pathname: string): string {
  if (localeOfPath(pathname) === "en") return pathname;
  if (pathname === "/hi.data") return "/_.data";
  return pathname.slice(LOCALE_PREFIX.hi.length) || "/";
}

/** The same page in `locale`: "/all/x" -> "/hi/all/x"; "/hi" -> "/" (query and hash are the caller's). */
export function pathInLocale(pathname: string, locale: Locale): string {
  const bare = unprefixedPath(pathname);
  const prefix = LOCALE_PREFIX[locale];
  if (!prefix) return bare;
  return bare === "/" ? prefix : `${prefix}${bare}`;
}

/**
 * Pages that are a person's own (dashboards, account and sign-in pages) follow the language they
 * chose (saved on the account, or a visitor's cookie) rather than their URL: opening /profile with
 * Hindi chosen leads to /hi/profile. Public pages are in the language their URL names.
 */
const PERSONAL_PAGES = [
  "/profile",
  "/VendorDashboard",
  "/admin",
  "/login",
  "/vendorLogin",
  "/signup",
  "/vendorSignup",
  "/user-forgot-password",
  "/vendor-forgot-password",
  "/user-change-password",
  "/vendor-change-password",
  "/verify-email",
  "/email-preferences",
  "/mobile-number",
  "/email-address",
  "/checklist",
  "/blog_dashboard",
  "/new-blog-post",
  "/update-blog-post",
];

export function followsSavedChoice(pathname: string): boolean {
  const path = pageOfDataPath(unprefixedPath(pathname)).toLowerCase();
  return PERSONAL_PAGES.some((page) => {
    const p = page.toLowerCase();
    return path === p || path.startsWith(`${p}/`);
  });
}

/** The locale of the document in a browser (the server wrote it into <html lang>). */
function documentLocale(): Locale {
  const tag = document.documentElement.lang.toLowerCase();
  return LOCALES.find((locale) => LOCALE_TAG[locale].toLowerCase() === tag || locale === tag) ?? BASE_LOCALE;
}

if (typeof document !== "undefined") {
  const locale = documentLocale();
  overwriteGetLocale(() => locale);
}

export { getLocale } from "./paraglide/runtime.js";
