import type { Route } from "./+types/export";
import { appContext } from "#functions/page-context.ts";
import { loadOrRespond } from "#app/lib/page-errors.server.ts";
import { weddingExport } from "#domain/exports/index.ts";
import { LANGUAGE_COOKIE, readCookie } from "#platform/cookies.ts";
import { withLocale } from "#platform/locale.ts";
import { getLocale, isLocale } from "#shared/locale.ts";

/**
 * /profile/family/export.zip: the current wedding's records as a zip of CSV files
 * (functions/domain/exports/ weddingExport), a download for the couple and partners; the same as
 * GET /api/v1/weddings/export. In the language the person chose, as the guest list's export is
 * (app/routes/profile/guests/export.ts).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { domain, actor } = context.get(appContext);
  const locale = [actor?.locale, readCookie(request, LANGUAGE_COOKIE)].find(isLocale) ?? getLocale();
  const { filename, zip } = await withLocale(locale, () => loadOrRespond(request, () => weddingExport(domain)));
  return new Response(zip, {
    headers: {
      "Content-Type": "application/zip",
      "Content-Disposition": `attachment; filename="${filename}"`,
      "Cache-Control": "private, no-store",
    },
  });
}
