import { Logo } from "./Logo.tsx";

/**
 * The welcome splash: 3 s on the first visit to the home page. In every page's HTML but shown only
 * when the first-visit script (shared/first-visit.ts) marks <html>, before the first paint; logout
 * clears the cookie. Pure CSS after that, so it never waits for JavaScript and never blocks input.
 */
export const SPLASH_MS = 3000;

export function Splash() {
  return (
    <div
      aria-hidden="true"
      data-testid="splash"
      className="splash pointer-events-none fixed inset-0 z-50 flex-col items-center justify-center gap-4 bg-maroon-800"
    >
      <div className="splash-mark flex flex-col items-center gap-3">
        <Logo light />
        <p className="font-display text-lg text-marigold-300">Every function, beautifully planned</p>
      </div>
    </div>
  );
}
