import { AsyncLocalStorage } from "node:async_hooks";
import { BASE_LOCALE, type Locale } from "#shared/locale.ts";
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
