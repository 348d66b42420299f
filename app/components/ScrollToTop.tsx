import { useEffect } from "react";
import { useLocation, useNavigationType } from "react-router";

/** On a forward navigation the page scrolls smoothly to the top after 50 ms (spec section 2). */
export const SCROLL_TO_TOP_DELAY_MS = 50;

export function ScrollToTop() {
  const { pathname } = useLocation();
  const type = useNavigationType();
  useEffect(() => {
    if (type !== "PUSH") return;
    const timer = window.setTimeout(() => window.scrollTo({ top: 0, behavior: "smooth" }), SCROLL_TO_TOP_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [pathname, type]);
  return null;
}
