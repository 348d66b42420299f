/**
 * A form or a link that needs the page's scripts, used before they have run, is held and used
 * again once they have, rather than lost or sent as its no-script fallback. The discovery pages
 * load their scripts after the first paint (app/lib/head-stream.server.ts, decision 0037), so on a
 * slow connection a visitor can tap a shortlist heart before React is there to handle it.
 *
 * - A form or a link opts in with the `data-after-scripts` attribute (the shortlist heart; a gallery
 *   photo, whose no-script fallback leaves the page for the image file); everything else works as
 *   it always did (links and search forms work without JavaScript). A link opened in a new tab
 *   (a modifier key) is never held.
 * - A held form or link gets `aria-busy="true"` (the heart dims) until it is used.
 * - The root calls `window.__mandapScriptsReady()` after hydration: every held form is submitted
 *   again with the same button, and every held link clicked again, now through React's handlers.
 * - A form that saves as a control in it changes (a task's status, a checklist item's tick) opts in
 *   with `data-save-on-change`: a change made before the scripts ran is held the same way, with the
 *   value chosen (hydration puts the server's value back in a controlled control), and once they
 *   have run the value is set again and the form submitted through React's handlers. A second
 *   change of the same form before then replaces the first.
 * - If the scripts have not run 5 seconds after the tap (they failed to load), it is used the way
 *   it would be without JavaScript: the form sent with the button's name and value, the link
 *   followed.
 *
 * Runs in <head> before the body is parsed (a capturing listener on the document), allowed by the
 * Content-Security-Policy through its hash (EARLY_TAPS_SCRIPT_SHA256, checked by
 * tests/unit/head-scripts-csp.test.ts).
 */
export const EARLY_TAPS_SCRIPT =
  '(function(){var held=[];function send(h){h.el.removeAttribute("aria-busy");if(!h.el.isConnected)return;var c=h.control;if(c&&c.isConnected){if(c.type==="checkbox"||c.type==="radio")c.checked=h.value;else c.value=h.value}if(h.form)h.el.requestSubmit(h.button&&h.button.isConnected?h.button:undefined);else h.el.click()}function hold(e,el,form,control){if(control){var v=control.type==="checkbox"||control.type==="radio"?control.checked:control.value;for(var i=0;i<held.length;i++)if(held[i].el===el){held[i].control=control;held[i].value=v;return}}else e.preventDefault();if(el.getAttribute("aria-busy")==="true")return;var h={el:el,form:form,button:e.submitter,control:control,value:v};held.push(h);el.setAttribute("aria-busy","true");setTimeout(function(){var i=held.indexOf(h);if(i<0||window.__mandapReady)return;held.splice(i,1);el.removeAttribute("data-after-scripts");send(h)},5000)}document.addEventListener("submit",function(e){var f=e.target;if(!window.__mandapReady&&f instanceof HTMLFormElement&&f.hasAttribute("data-after-scripts"))hold(e,f,true)},true);document.addEventListener("change",function(e){var c=e.target,f=!window.__mandapReady&&c instanceof Element&&c.closest("form[data-save-on-change]");if(f)hold(e,f,true,c)},true);document.addEventListener("click",function(e){var a=!window.__mandapReady&&e.target instanceof Element&&e.target.closest("a[data-after-scripts]");if(a&&e.button===0&&!e.metaKey&&!e.ctrlKey&&!e.shiftKey&&!e.altKey)hold(e,a,false)},true);window.__mandapScriptsReady=function(){window.__mandapReady=true;held.splice(0).forEach(send)}})();';

/** base64 SHA-256 of EARLY_TAPS_SCRIPT, for script-src. */
export const EARLY_TAPS_SCRIPT_SHA256 = "iIEw/QbI7fVqZe6jvLd2b57LcjzdVBP5Jq841O+uhJA=";
