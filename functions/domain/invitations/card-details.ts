/** The couple's details on a card: from their profile and planner (the wedding function first), and a template's design filled with them. */
import { type CardCanvas, type CardDetails, fillPlaceholders } from "#shared/card-format.ts";
import { calendarDay, clockTime } from "#shared/format.ts";
import { type DomainContext } from "../core/index.ts";
import { weddingFunctions, type WeddingFunction } from "../planning/index.ts";
import { openWedding, type WeddingAccess } from "../weddings/index.ts";
import { usableTemplate } from "./card-records.ts";

/** "2027-02-13" as "Saturday, 13 February 2027". */
const longDate = (iso: string | null | undefined) => calendarDay(iso, "long");

/** "2027-02-12" as "Fri 12 Feb". */
const shortDate = (iso: string) => calendarDay(iso, "short") ?? iso;

const WEDDING_NAME = /wedding|shaadi|shadi|vivah|vivaah|phera|nikah|anand karaj|lagan|kalyanam|muhurtham|ceremony/i;

/** The wedding itself among the functions: one named like it, else the one on the wedding day, else the last. */
function mainFunction(functions: WeddingFunction[], weddingDate: string | null): WeddingFunction | null {
  return (
    functions.find((f) => WEDDING_NAME.test(f.name)) ??
    functions.find((f) => weddingDate && f.eventDate === weddingDate.slice(0, 10)) ??
    functions.at(-1) ??
    null
  );
}

/**
 * The couple's details that fill a template's placeholders, from their profile and planner. The
 * account holder's name is the bride's and their partner's the groom's (we do not know who is who:
 * both are editable on the card); the date and time are the wedding's (the function named like
 * one, else the one on the wedding day), the location its venue or the wedding city, and
 * `functions` one line per function ("Mehendi · Fri 12 Feb · 4:00 pm · Venue").
 */
export async function plannerDetails(ctx: DomainContext, w: WeddingAccess): Promise<CardDetails> {
  const profile = await ctx.db
    .prepare("SELECT user_name, partner_name, wedding_date, wedding_city FROM users WHERE id = ?")
    .bind(w.key)
    .first<{ user_name: string | null; partner_name: string | null; wedding_date: string | null; wedding_city: string | null }>();
  const functions = await weddingFunctions(ctx, {}, w);
  const main = mainFunction(functions, profile?.wedding_date ?? null);
  const details: CardDetails = {};
  const put = (key: keyof CardDetails, value: string | null | undefined) => {
    if (value?.trim()) details[key] = value.trim();
  };
  put("brideName", profile?.user_name);
  put("groomName", profile?.partner_name);
  put("eventDate", longDate(profile?.wedding_date) ?? longDate(main?.eventDate));
  const start = clockTime(main?.startTime);
  put("time", start ? `${start} onwards` : null);
  put("location", main?.venue ?? profile?.wedding_city);
  put(
    "functions",
    functions
      .map((f) => [f.name, shortDate(f.eventDate), clockTime(f.startTime), f.venue].filter(Boolean).join(" · "))
      .join("\n")
      .slice(0, 2000),
  );
  return details;
}

/** A template's design filled with the couple's details, for the editor before the card is first saved. */
export async function draftFromTemplate(
  ctx: DomainContext,
  templateId: string,
): Promise<{ template: { id: string; name: string }; canvas: CardCanvas; details: CardDetails }> {
  const w = await openWedding(ctx, "invitations", "read");
  const t = await usableTemplate(ctx, w, templateId);
  const details = await plannerDetails(ctx, w);
  return { template: { id: t.id, name: t.name }, canvas: fillPlaceholders(JSON.parse(t.canvas) as CardCanvas, details), details };
}
