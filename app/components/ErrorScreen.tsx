import { LOCALE_PREFIX, getLocale } from "#shared/locale.ts";
import { m } from "#shared/paraglide/messages.js";

/** Spec section 2: dark page, sad face, fixed texts, Retry reloads, Home Page goes to /. No error detail: only the request's reference, to quote. */
export function ErrorScreen() {
  return (
    <div role="alert" className="flex min-h-screen flex-col items-center justify-center gap-6 bg-[#14111a] px-6 text-center text-white">
      <img src="/images/sad-face.svg" alt="" width={120} height={120} />
      <h1 className="text-3xl font-bold md:text-4xl">{m.error_heading()}</h1>
      <p className="max-w-md text-white/80">{m.error_text()}</p>
      {/* Filled by the Worker on a server-rendered error page with the request's id (functions/app.ts), for the person to quote. */}
      <p data-request-ref hidden suppressHydrationWarning className="font-mono text-xs text-white/60" />
      <div className="flex gap-3">
        <button type="button" onClick={() => window.location.reload()} className="btn bg-marigold-500 text-ink hover:bg-marigold-400">
          {m.error_retry()}
        </button>
        {/* A plain anchor: the router may be what failed. */}
        <a href={LOCALE_PREFIX[getLocale()] || "/"} className="btn border border-white/60 text-white hover:bg-white/10">
          {m.error_home()}
        </a>
      </div>
    </div>
  );
}
