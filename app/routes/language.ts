import { redirect } from "react-router";
import type { Route } from "./+types/language";
import { appContext } from "#functions/page-context.ts";
import { parseLocale, setLanguage } from "#domain/accounts/index.ts";
import { languageCookie } from "#platform/cookies.ts";
import { safeRedirectPath } from "#platform/safe-redirect.ts";
import { pathInLocale } from "#shared/locale.ts";
import { loadOrRespond } from "#app/lib/page-errors.server.ts";

/**
 * The language switch of the header and footer (app/components/LanguageSwitch.tsx) posts here:
 * the choice goes into a cookie (a visitor's) and onto the account (a signed-in person's), and the
 * answer is the same page in the chosen language (its path with or without /hi, its query kept).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { domain } = context.get(appContext);
  const form = await request.formData();
  const locale = await loadOrRespond(request, async () => parseLocale(form.get("locale")));
  if (domain.actor) await setLanguage(domain, { locale });
  const origin = new URL(request.url).origin;
  const next = safeRedirectPath(String(form.get("next") ?? "/"), origin) ?? "/";
  const target = new URL(next, origin);
  return redirect(`${pathInLocale(target.pathname, locale)}${target.search}`, { status: 303, headers: { "Set-Cookie": languageCookie(request, locale) } });
}

/** A GET of /language (a bookmark, a crawler) has nothing to show: the home page. */
export function loader() {
  return redirect("/");
}
