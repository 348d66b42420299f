import type { Page } from "@playwright/test";

/**
 * Holds back the page's scripts, so a test can act in the moment before they run (the discovery
 * pages load them after the first paint, decision 0037). Returns what lets them through, and a
 * wait for hydration (the root's first effect sets `window.__mandapReady`).
 */
export async function holdScripts(page: Page) {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/.+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  return {
    release,
    hydrated: () => page.waitForFunction(() => (window as { __mandapReady?: boolean }).__mandapReady === true),
  };
}
