import { redirect } from "react-router";
import { changeChecklist, checklistView } from "#domain/planning/index.ts";
import { serviceLocations } from "#domain/catalogue/index.ts";
import { placeOfCity } from "#shared/checklist.ts";
import { type DomainContext, isDomainError, Unauthorized, formToObject } from "#domain/core/index.ts";
import { redirectWithToast } from "#platform/cookies.ts";
import { readFormData } from "#platform/request-body.ts";
import { formFailure, loginRedirect } from "#app/lib/page-errors.server.ts";

const PAGE = "/profile/checklist";

/**
 * The page's data: the couple's list (the defaults until saved), their wedding city for the vendor
 * searches, and the places with services in that city's state (only those: what the links need to
 * go no further than the browse pages know), and what the reader may change (rights: a co-planner
 * who may not change the plan reads the list without its forms).
 */
export async function checklistPage(ctx: DomainContext) {
  const { list, rights } = await checklistView(ctx);
  const row = ctx.actor
    ? await ctx.db.prepare("SELECT wedding_city FROM users WHERE id = ?").bind(ctx.actor.id).first<{ wedding_city: string | null }>()
    : null;
  const city = row?.wedding_city ?? null;
  const place = placeOfCity(city);
  const locations: Record<string, string[]> = place ? { [place.state]: (await serviceLocations(ctx))[place.state] ?? [] } : {};
  return { list, city, locations, rights };
}

/**
 * One action (the form's `intent`) through the domain. A fetcher post (js=1) gets { ok } or the
 * refusal with field messages; a plain form post is redirected back to the page (post, redirect,
 * get) with the refusal as an error toast.
 */
export async function checklistAction(request: Request, ctx: DomainContext) {
  let js = false;
  let intent = "";
  try {
    const fields = formToObject(await readFormData(request));
    js = fields.js === "1";
    intent = typeof fields.intent === "string" ? fields.intent : "";
    await changeChecklist(ctx, fields);
    return js ? { ok: true as const, intent, message: "", errors: {} as Record<string, string> } : redirect(PAGE, 303);
  } catch (e) {
    if (js) return formFailure(e, request, { intent });
    if (e instanceof Unauthorized) throw loginRedirect(request);
    if (!isDomainError(e)) throw e;
    const detail = "fields" in e ? Object.values((e as { fields: Record<string, string> }).fields)[0] : undefined;
    return redirectWithToast(request, PAGE, { type: "error", message: detail ?? e.message });
  }
}
