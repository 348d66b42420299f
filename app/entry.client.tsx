import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";

/**
 * Hydrate after the browser has painted the server's HTML: one animation frame, then a task.
 * On a slow phone the page is readable at once instead of waiting behind hydration's main-thread
 * work (the links and forms work without JavaScript meanwhile).
 */
function afterFirstPaint(run: () => void) {
  if (typeof requestAnimationFrame !== "function" || document.visibilityState !== "visible") return run();
  requestAnimationFrame(() => setTimeout(run, 0));
}

afterFirstPaint(() => {
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  });
});
