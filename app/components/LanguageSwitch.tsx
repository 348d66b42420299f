import { useLocation } from "react-router";
import { getLocale, LOCALE_NAME, LOCALE_TAG, type Locale } from "#shared/locale.ts";
import { m } from "#shared/paraglide/messages.js";

/**
 * The language switch of the header and the footer: the same page in the other language (its path
 * with or without /hi, its query kept). A plain form to /language (never under /hi): it works
 * before the scripts load, saves the choice (cookie; the account too when signed in) and loads the
 * other language's page as a whole document (app/routes/language.ts).
 */
export function LanguageSwitch({ className = "" }: { className?: string }) {
  const location = useLocation();
  const other: Locale = getLocale() === "hi" ? "en" : "hi";
  return (
    <form method="post" action="/language" className={className} data-language-switch="">
      <input type="hidden" name="locale" value={other} />
      {/* The router's path has no /hi (it is the basename): the page in either language. */}
      <input type="hidden" name="next" value={`${location.pathname}${location.search}`} />
      <button
        type="submit"
        lang={LOCALE_TAG[other]}
        title={m.language_switch_title()}
        className="rounded-md px-3 py-2 text-sm font-medium text-maroon-700 underline-offset-4 hover:bg-maroon-50 hover:underline"
      >
        {LOCALE_NAME[other]}
      </button>
    </form>
  );
}
