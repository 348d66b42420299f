import type { Route } from "./+types/export";
import { appContext } from "#functions/page-context.ts";
import { loadOrRespond } from "#app/lib/page-errors.server.ts";
import { exportGuests } from "#domain/guests/index.ts";
import { LANGUAGE_COOKIE, readCookie } from "#platform/cookies.ts";
import { withLocale } from "#platform/locale.ts";
import { getLocale, isLocale } from "#shared/locale.ts";

/**
 * /profile/guests/export.csv: the couple's guest list as CSV (functions/domain/guests/import-export.ts
 * exportGuests), a download. In the language the person chose (saved on the account, or a visitor's
 * cookie), as their own pages are (app/root.tsx), else the URL's (/hi/profile/guests/export.csv):
 * a Hindi account's file has Hindi headers and words.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { domain, actor } = context.get(appContext);
  const locale = [actor?.locale, readCookie(request, LANGUAGE_COOKIE)].find(isLocale) ?? getLocale();
  const csv = await withLocale(locale, () => loadOrRespond(request, () => exportGuests(domain)));
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": 'attachment; filename="guests.csv"',
      "Cache-Control": "private, no-store",
    },
  });
}
