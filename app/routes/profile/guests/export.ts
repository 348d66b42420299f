import type { Route } from "./+types/export";
import { appContext } from "#functions/page-context.ts";
import { loadOrRespond } from "#app/lib/page-errors.server.ts";
import { exportGuests } from "#domain/guests/index.ts";

/** /profile/guests/export.csv: the couple's guest list as CSV (functions/domain/guests/import-export.ts exportGuests), a download. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const csv = await loadOrRespond(request, () => exportGuests(context.get(appContext).domain));
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": 'attachment; filename="guests.csv"',
      "Cache-Control": "private, no-store",
    },
  });
}
