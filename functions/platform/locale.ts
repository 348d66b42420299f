import { AsyncLocalStorage } from "node:async_hooks";
import { BASE_LOCALE, isLocale, type Locale } from "#shared/locale.ts";
import { overwriteGetLocale } from "#shared/paraglide/runtime.js";

/**
 * The locale of the request being served: every message (`m.name()`) and formatter asks
 * `getLocale()`, which on the server reads this request's store, so two requests served at once by
 * one isolate never see each other's language (a module-level variable would leak between them).
 * Outside a request (cron, queues, tests) it is the base locale unless `withLocale` says otherwise.
 */
const store = new AsyncLocalStorage<Locale>();

overwriteGetLocale(() => store.getStore() ?? BASE_LOCALE);

/** Runs `work` with `locale` as the locale of every message and format it uses. */
export function withLocale<T>(locale: Locale, work: () => T): T {
  return store.run(locale, work);
}

/**
 * The language a request's Accept-Language asks for among ours ("hi", "hi-IN;q=0.9, en;q=0.8"),
 * by its weights; English when it names neither (or none at all).
 */
export function acceptedLocale(header: string | null | undefined): Locale {
  let best: { locale: Locale; q: number } | null = null;
  for (const part of (header ?? "").split(",").slice(0, 20)) {
    const [tag = "", ...params] = part.trim().split(";");
    const primary = tag.trim().toLowerCase().split("-")[0];
    if (!isLocale(primary)) continue;
    const weight = params.map((p) => p.trim().match(/^q=([01](?:\.\d{0,3})?)$/i)?.[1]).find((q) => q !== undefined);
    const q = weight === undefined ? 1 : Number(weight);
    if (q > 0 && (!best || q > best.q)) best = { locale: primary, q };
  }
  return best?.locale ?? BASE_LOCALE;
}

/**
 * The language an API answer is in: the signed-in person's saved choice (users.locale), else what
 * their client's Accept-Language asks for, else English.
 */
export function apiLocale(saved: string | null | undefined, acceptLanguage: string | null | undefined): Locale {
  return isLocale(saved) ? saved : acceptedLocale(acceptLanguage);
}
