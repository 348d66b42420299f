import { useEffect } from "react";
import { data, isRouteErrorResponse, Links, Meta, Outlet, Scripts, useLocation, type ShouldRevalidateFunction } from "react-router";
import type { Route } from "./+types/root";
import "./app.css";
import { appContext } from "#functions/page-context.ts";
import { ErrorScreen } from "./components/ErrorScreen.tsx";
import { WishlistSync } from "./components/WishlistButton.tsx";
import { NotFoundPage } from "./components/NotFoundPage.tsx";
import { ScrollToTop } from "./components/ScrollToTop.tsx";
import { SiteFooter } from "./components/SiteFooter.tsx";
import { SiteHeader } from "./components/SiteHeader.tsx";
import { Splash } from "./components/Splash.tsx";
import { Toaster } from "./components/Toaster.tsx";
import { clearFlashCookie, readFlash } from "#platform/cookies.ts";
import { FIRST_VISIT_SCRIPT } from "#shared/first-visit.ts";
import { EARLY_TAPS_SCRIPT } from "#shared/early-taps.ts";
import { pageTitle } from "#shared/strings.ts";
import { viewerOf } from "#domain/core/index.ts";
import { type RootData, useRootData } from "./lib/root-data.ts";
import { getLocale, LOCALE_TAG } from "#shared/locale.ts";
import { m } from "#shared/paraglide/messages.js";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { env, actor } = context.get(appContext);
  const headers = new Headers();
  const flash = readFlash(request);
  if (flash) headers.append("Set-Cookie", clearFlashCookie(request));
  // The first-visit splash is decided in the browser (shared/first-visit.ts), so this page is the same for every visitor.
  return data(
    {
      flash,
      contactPhone: env.CONTACT_PHONE,
      viewer: viewerOf(actor),
    } satisfies RootData,
    { headers },
  );
}

export const meta: Route.MetaFunction = () => [
  { title: pageTitle("Wedding Venues, Vendors & Planning in India") },
  {
    name: "description",
    content:
      "Find and book wedding venues, caterers, photographers, makeup artists and more across India. Plan every function, manage guests and send invitations.",
  },
];

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

export function Layout({ children }: { children: React.ReactNode }) {
  return (
    // The first-visit script adds a class to <html> before React hydrates it.
    <html lang={LOCALE_TAG[getLocale()]} suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <script dangerouslySetInnerHTML={{ __html: FIRST_VISIT_SCRIPT }} />
        <script dangerouslySetInnerHTML={{ __html: EARLY_TAPS_SCRIPT }} />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#7f1d3c" />
        <Meta />
        <Links />
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
export const shouldRevalidate: ShouldRevalidateFunction = ({ formAction, defaultShouldRevalidate }) =>
  formAction === "/blog-preview" ? false : defaultShouldRevalidate;

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
        <title>{pageTitle("Page not found")}</title>
        <NotFoundPage />
      </Chrome>
    );
  }
  // A request the server refused with a plain message (e.g. a form body it cannot read: 400, 415).
  if (isRouteErrorResponse(error) && error.status >= 400 && error.status < 500 && typeof error.data === "string" && error.data) {
    return (
      <Chrome>
        <title>{pageTitle("Request not accepted")}</title>
        <section role="alert" className="container-page py-12">
          <h1 className="text-3xl font-bold text-maroon-700">We could not accept that request</h1>
          <p className="mt-3">{error.data}</p>
        </section>
      </Chrome>
    );
  }
  // The error is logged, never shown: on the server by entry.server.tsx (handleError), here in the browser's console.
  if (typeof document !== "undefined") console.error(error);
  return (
    <>
      <title>{pageTitle("Something went wrong")}</title>
      <ErrorScreen />
    </>
  );
}
