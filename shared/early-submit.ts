/**
 * A form that needs the page's scripts, submitted before they have run, is held and submitted
 * again once they have, rather than lost or sent as its no-script fallback. The discovery pages
 * load their scripts after the first paint (app/lib/head-stream.server.ts, decision 0036), so on a
 * slow connection a visitor can tap a shortlist heart before React is there to handle it.
 *
 * - A form opts in with the `data-after-scripts` attribute; every other form submits as it always
 *   did (links and search forms work without JavaScript).
 * - A held form gets `aria-busy="true"` (the stylesheet dims it) until it is sent.
 * - The root calls `window.__mandapScriptsReady()` after hydration: every held form is submitted
 *   again with the same button, now through React's handler.
 * - If the scripts have not run 5 seconds after the tap (they failed to load), the form is sent
 *   the way it would be without JavaScript, with the button's name and value.
 *
 * Runs in <head> before the body is parsed (a capturing listener on the document), allowed by the
 * Content-Security-Policy through its hash (EARLY_SUBMIT_SCRIPT_SHA256, checked by
 * tests/unit/early-submit.test.ts).
 */
export const EARLY_SUBMIT_SCRIPT =
  '(function(){var held=[];function send(h){h.form.removeAttribute("aria-busy");if(h.form.isConnected)h.form.requestSubmit(h.button&&h.button.isConnected?h.button:undefined)}document.addEventListener("submit",function(e){var form=e.target;if(window.__mandapReady||!(form instanceof HTMLFormElement)||!form.hasAttribute("data-after-scripts"))return;e.preventDefault();if(form.getAttribute("aria-busy")==="true")return;var h={form:form,button:e.submitter};held.push(h);form.setAttribute("aria-busy","true");setTimeout(function(){var i=held.indexOf(h);if(i<0||window.__mandapReady)return;held.splice(i,1);form.removeAttribute("data-after-scripts");send(h)},5000)},true);window.__mandapScriptsReady=function(){window.__mandapReady=true;held.splice(0).forEach(send)}})();';

/** base64 SHA-256 of EARLY_SUBMIT_SCRIPT, for script-src. */
export const EARLY_SUBMIT_SCRIPT_SHA256 = "GNTOIwcA6nW1HfMvx0562u6dibj/m1kCjU3zeEZkBy0=";
