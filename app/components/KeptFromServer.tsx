import { createContext, lazy, useContext, useEffect, useRef, useState, type AnchorHTMLAttributes, type ComponentType } from "react";
import { useHref, useNavigate } from "react-router";

/** The site's base path ("" in English, "/hi" in Hindi) for the links of a kept part (KeptLink). */
const KeptBase = createContext("");

/**
 * A link inside a kept part: the same <a href data-discover> a React Router <Link> draws, without
 * its hooks (a <Link> costs about 45 µs of server render; the kept header and footer hold about a
 * hundred on every page: decision 0060). Its part follows it with a client-side navigation (the
 * click handler below), and React Router discovers its route as for a <Link> (`data-discover`).
 * `to` is an absolute path of the site, without the language's prefix, as a <Link>'s.
 */
export function KeptLink({ to, ...props }: { to: string } & Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href">) {
  const base = useContext(KeptBase);
  return <a {...props} href={to === "/" ? base || "/" : `${base}${to}`} data-discover="true" />;
}

// True in the browser until the page's first render has committed (hydrationDone, from the root's Layout).
let hydrating = typeof document !== "undefined";

/** The root calls this once the page has hydrated: a part shown after it is drawn by its component. */
export function hydrationDone() {
  hydrating = false;
}

/**
 * A part of a page that has nothing to run in the browser (words, images, links, <details>): when
 * the page loads, the browser keeps the HTML the server drew for it, so its code is not among the
 * scripts the page needs before it hydrates (docs/decisions/0053). The part's component lives in a
 * module of its own, reached only through `load` (an `import()`): the server renders it; the browser
 * loads it only when a part is shown after the page has loaded (a client-side navigation back to
 * the page), and such a navigation waits for it as for a route's own module.
 *
 * What a kept part gives up: its HTML is the server's until the visitor navigates away, so its
 * props must not change while the page is shown, and it can hold no state, effects or handlers. A
 * link in it (a React Router <Link>, marked `data-discover`) is followed by a client-side navigation
 * as <Link> does; other links and forms work as the browser's own.
 */
export function keptFromServer<P extends object>(load: () => Promise<ComponentType<P>>) {
  const Part = lazy(() => load().then((component) => ({ default: component })));
  return function KeptPart({ className, ...props }: P & { className?: string }) {
    const [kept, setKept] = useState(() => hydrating);
    const ref = useRef<HTMLDivElement>(null);
    const navigate = useNavigate();
    const base = useHref("/").replace(/\/$/, "");
    // A recoverable hydration error makes React draw the whole page again in the browser: the
    // server's HTML is then gone, and the part is drawn by its component instead.
    useEffect(() => {
      if (kept && ref.current && ref.current.childNodes.length === 0) setKept(false);
    }, [kept]);
    const follow = (event: React.MouseEvent<HTMLDivElement>) => {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
      const link = (event.target as Element).closest("a[data-discover]");
      if (!(link instanceof HTMLAnchorElement) || (link.target && link.target !== "_self") || link.hasAttribute("download")) return;
      const url = new URL(link.href);
      if (url.origin !== window.location.origin) return;
      const path = base && (url.pathname === base || url.pathname.startsWith(`${base}/`)) ? url.pathname.slice(base.length) || "/" : url.pathname;
      event.preventDefault();
      void navigate(`${path}${url.search}${url.hash}`);
    };
    if (!kept) {
      return (
        <div className={className} onClick={follow}>
          <KeptBase.Provider value={base}>
            <Part {...(props as P)} />
          </KeptBase.Provider>
        </div>
      );
    }
    // The same element as the server's; React leaves its inner HTML as it found it.
    return <div ref={ref} className={className} onClick={follow} dangerouslySetInnerHTML={{ __html: "" }} suppressHydrationWarning />;
  };
}
