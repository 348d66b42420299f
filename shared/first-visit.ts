/**
 * The welcome splash's one decision, made in the browser before the first paint (so the server's
 * page is the same for every visitor and can be cached, docs/decisions/0033): on the home page, for
 * a browser without the first-visit cookie and not a crawler, show the splash (the `first-visit`
 * class on <html>) and set the cookie; logging out clears it (spec section 1). A deep link never
 * shows the splash: a visitor from a search engine sees the page at once.
 *
 * The Content-Security-Policy allows this exact script by its hash (FIRST_VISIT_SCRIPT_SHA256,
 * checked by tests/unit/head-scripts-csp.test.ts), not by nonce, so it needs nothing per request.
 */
export const FIRST_VISIT_COOKIE = "mandap_visited";

export const FIRST_VISIT_SCRIPT =
  'try{if(location.pathname==="/"&&!/(^|;\\s*)mandap_visited=/.test(document.cookie)&&!/bot|crawl|spider|slurp|facebookexternalhit|whatsapp|preview/i.test(navigator.userAgent)){document.documentElement.classList.add("first-visit");document.cookie="mandap_visited=1; Path=/; Max-Age=31536000; SameSite=Lax"+(location.protocol==="https:"?"; Secure":"")}}catch(e){}';

/** base64 SHA-256 of FIRST_VISIT_SCRIPT, for script-src. */
export const FIRST_VISIT_SCRIPT_SHA256 = "eZWqYxEYZAtP8vmX6FpIjE1PZRJyZbJNeKy9cciAMBs=";
