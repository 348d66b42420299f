import { useEffect } from "react";
import { data, isRouteErrorResponse, Links, Meta, Outlet, redirectDocument, Scripts, useLocation, type ShouldRevalidateFunction } from "react-router";
import type { Route } from "./+types/root";
import "./app.css";
import devanagari400 from "@fontsource/noto-sans-devanagari/files/noto-sans-devanagari-devanagari-400-normal.woff2?url";
import { appContext } from "#functions/page-context.ts";
import { ErrorScreen } from "./components/ErrorScreen.tsx";
import { hydrationDone, keptFromServer } from "./components/KeptFromServer.tsx";
import { WishlistSync } from "./components/WishlistButton.tsx";
import { ScrollToTop } from "./components/ScrollToTop.tsx";
import { SiteFooter } from "./components/SiteFooter.tsx";
import { SiteHeader } from "./components/SiteHeader.tsx";
import { Splash } from "./components/Splash.tsx";
import { Toaster } from "./components/Toaster.tsx";
import { clearFlashCookie, LANGUAGE_COOKIE, readCookie, readFlash } from "#platform/cookies.ts";
import { FIRST_VISIT_SCRIPT } from "#shared/first-visit.ts";
import { EARLY_TAPS_SCRIPT } from "#shared/early-taps.ts";
import { pageTitle } from "#shared/strings.ts";
import { viewerOf } from "#domain/core/index.ts";
import { type RootData, useRootData } from "./lib/root-data.ts";
import { followsSavedChoice, getLocale, isLocale, LOCALE_TAG, LOCALES, pathInLocale } from "#shared/locale.ts";
import { pagePath } from "./lib/page-errors.server.ts";
import { LANGUAGE_REDIRECT_HEADER } from "#platform/locale-pages.ts";
import { m } from "#shared/paraglide/messages.js";

// Words and links only: a 404 page keeps the server's HTML for them (docs/decisions/0053).
const NotFoundPage = keptFromServer(() => import("./components/NotFoundPage.tsx").then((kept) => kept.NotFoundPage));

export async function loader({ request, context }: Route.LoaderArgs) {
  const { env, actor } = context.get(appContext);
  // A person's own pages (dashboards, account and sign-in pages) open in the language they chose:
  // saved on the account, or a visitor's cookie (app/routes/language.ts); public pages keep their URL's.
  const chosen = [actor?.locale, readCookie(request, LANGUAGE_COOKIE)].find(isLocale);
  const here = pagePath(request, { search: true });
  if (chosen && chosen !== getLocale() && followsSavedChoice(here.split("?")[0]!)) {
    const [path, query] = here.split(/\?(.*)/s);
    // An absolute URL: React Router puts the basename (/hi) before a path, which would keep a Hindi page Hindi.
    throw redirectDocument(`${new URL(request.url).origin}${pathInLocale(path!, chosen)}${query ? `?${query}` : ""}`, {
      headers: { [LANGUAGE_REDIRECT_HEADER]: "1" },
    });
  }
  const headers = new Headers();
  const flash = readFlash(request);
  if (flash) headers.append("Set-Cookie", clearFlashCookie(request));
  // The first-visit splash is decided in the browser (shared/first-visit.ts), so this page is the same for every visitor.
  return data(
    {
      flash,
      contactPhone: env.CONTACT_PHONE,
      origin: new URL(request.url).origin,
      viewer: viewerOf(actor),
    } satisfies RootData,
    { headers },
  );
}

export const meta: Route.MetaFunction = () => [{ title: pageTitle(m.site_title()) }, { name: "description", content: m.site_description() }];

/**
 * The page in each language for search engines (hreflang en-IN, hi-IN and x-default, the English
 * page): on public pages, whose language is their URL's (a person's own pages follow their choice).
 */
function LanguageAlternates() {
  const root = useRootData();
  const { pathname } = useLocation();
  if (!root?.origin || followsSavedChoice(pathname)) return null;
  return (
    <>
      {LOCALES.map((locale) => (
        <link key={locale} rel="alternate" hrefLang={LOCALE_TAG[locale]} href={`${root.origin}${pathInLocale(pathname, locale)}`} />
      ))}
      <link rel="alternate" hrefLang="x-default" href={`${root.origin}${pathInLocale(pathname, "en")}`} />
    </>
  );
}

export const links: Route.LinksFunction = () => [
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "manifest", href: "/manifest.webmanifest" },
];

/** The vendor dashboard has no top bar; vendor login and sign-up hide the navigation. */
function chromeFor(pathname: string) {
  const lower = pathname.toLowerCase();
  return {
    topBar: !lower.startsWith("/vendordashboard"),
    navigation: !["/vendorlogin", "/vendorsignup"].includes(lower.replace(/\/$/, "")),
  };
}

/**
 * The head's two inline scripts run once, from the server's HTML, before React is there. Hydration
 * keeps an element's inner HTML as the server wrote it, so the browser's copy of this module needs
 * no text for them: the scripts' 1.4 KB stay out of every page's JavaScript (docs/decisions/0053).
 */
const HEAD_SCRIPTS = import.meta.env.SSR ? [FIRST_VISIT_SCRIPT, EARLY_TAPS_SCRIPT] : ["", ""];

export function Layout({ children }: { children: React.ReactNode }) {
  // The layout's effect runs once the page's first render has committed (after App's or ErrorBoundary's).
  useEffect(hydrationDone, []);
  return (
    // The first-visit script adds a class to <html> before React hydrates it.
    <html lang={LOCALE_TAG[getLocale()]} suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        {HEAD_SCRIPTS.map((script, i) => (
          <script key={i} dangerouslySetInnerHTML={{ __html: script }} suppressHydrationWarning />
        ))}
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#7f1d3c" />
        <Meta />
        <Links />
        {/* A Hindi page's text is Devanagari: its font's regular face (app/app.css) is fetched with the CSS, not after it. */}
        {getLocale() === "hi" && <link rel="preload" href={devanagari400} as="font" type="font/woff2" crossOrigin="" />}
        <LanguageAlternates />
      </head>
      <body className="min-h-screen">
        {children}
        <ScrollToTop />
        <Scripts />
      </body>
    </html>
  );
}

function Chrome({ children }: { children: React.ReactNode }) {
  const root = useRootData();
  const { pathname } = useLocation();
  const chrome = chromeFor(pathname);
  return (
    <>
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2"
      >
        {m.skip_to_content()}
      </a>
      {chrome.topBar && <SiteHeader viewer={root?.viewer ?? null} showNavigation={chrome.navigation} />}
      <main id="main">{children}</main>
      {chrome.topBar && <SiteFooter contactPhone={root?.contactPhone ?? ""} />}
      <Toaster flash={root?.flash ?? null} />
      <WishlistSync />
    </>
  );
}

/** Fetches that only read (the blog writer's live preview) never reload the page's shell. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formAction, nextUrl, defaultShouldRevalidate }) => {
  if (formAction === "/blog-preview") return false;
  // Going to a person's own page: the loader checks it opens in their chosen language.
  if (followsSavedChoice(nextUrl.pathname)) return true;
  return defaultShouldRevalidate;
};

declare global {
  interface Window {
    /** Set by EARLY_TAPS_SCRIPT in <head>: uses the forms and links tapped before the scripts ran. */
    __mandapScriptsReady?: () => void;
  }
}

export default function App() {
  // Effects run after hydration, children's first: every handler (the hearts') is attached now.
  useEffect(() => window.__mandapScriptsReady?.(), []);
  return (
    <>
      <Splash />
      <Chrome>
        <Outlet />
      </Chrome>
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <Chrome>
        <title>{pageTitle(m.title_not_found())}</title>
        <NotFoundPage />
      </Chrome>
    );
  }
  // A request the server refused with a plain message (e.g. a form body it cannot read: 400, 415).
  if (isRouteErrorResponse(error) && error.status >= 400 && error.status < 500 && typeof error.data === "string" && error.data) {
    return (
      <Chrome>
        <title>{pageTitle(m.title_request_refused())}</title>
        <section role="alert" className="container-page py-12">
          <h1 className="text-3xl font-bold text-maroon-700">{m.request_refused_heading()}</h1>
          <p className="mt-3">{error.data}</p>
        </section>
      </Chrome>
    );
  }
  // Something the page needs cannot be reached for a moment (a wedding's store, docs/decisions/0066): said so, not the error screen.
  if (isRouteErrorResponse(error) && error.status === 503 && typeof error.data === "string" && error.data) {
    return (
      <Chrome>
        <title>{pageTitle(m.title_unavailable())}</title>
        <section role="alert" className="container-page py-12">
          <h1 className="text-3xl font-bold text-maroon-700">{m.unavailable_heading()}</h1>
          <p className="mt-3">{error.data}</p>
        </section>
      </Chrome>
    );
  }
  // The error is logged, never shown: on the server by entry.server.tsx (handleError), here in the browser's console.
  if (typeof document !== "undefined") console.error(error);
  return (
    <>
      <title>{pageTitle(m.title_error())}</title>
      <ErrorScreen />
    </>
  );
}
