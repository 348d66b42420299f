import { useEffect, useRef } from "react";

/**
 * A home page section revealed when 10 % of it scrolls into view, once. The server renders it
 * visible (crawlers and visitors without JavaScript see everything); after hydration, sections
 * still below the fold are faded out and fade in on arrival. Only opacity changes, so nothing
 * shifts the layout and nothing moves under a finger.
 * No Suspense boundary around a section: React streams a large finished boundary out of order,
 * hidden until an inline script moves it, so without JavaScript the section would never show.
 */
export function Reveal({
  children,
  className = "",
  as: Tag = "section",
  ...rest
}: { children: React.ReactNode; className?: string; as?: "section" | "div" } & React.HTMLAttributes<HTMLElement>) {
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof IntersectionObserver === "undefined") return;
    if (window.matchMedia("(prefers-reduced-motion: reduce)").matches) return;
    const rect = el.getBoundingClientRect();
    if (rect.top < window.innerHeight) return; // already on screen: leave it alone
    el.classList.add("reveal-pending");
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          if (entry.isIntersecting) {
            el.classList.add("reveal-in");
            el.classList.remove("reveal-pending");
            observer.disconnect();
          }
        }
      },
      { threshold: 0.1 },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  return (
    <Tag ref={ref as React.Ref<HTMLElement & HTMLDivElement>} className={`home-section ${className}`} {...rest}>
      {children}
    </Tag>
  );
}
