import type { PageFailure } from "#app/lib/page-errors.server.ts";
import { m } from "#shared/paraglide/messages.js";

/** Small pieces shared by the enquiry and booking pages of both dashboards (vendor and couple). */

/** Status names in the page's language (functions, so each render asks for its own locale). */
export const LEAD_STATUS_LABELS: Record<string, () => string> = {
  NEW: m.vendor_lead_status_new,
  CONTACTED: m.vendor_lead_status_contacted,
  QUOTED: m.vendor_lead_status_quoted,
  BOOKED: m.vendor_lead_status_booked,
  LOST: m.vendor_lead_status_lost,
  SPAM: m.vendor_lead_status_spam,
};

export const BOOKING_STATUS_LABELS: Record<string, () => string> = {
  CONFIRMED: m.vendor_booking_status_confirmed,
  COMPLETED: m.vendor_booking_status_completed,
  CANCELLED: m.vendor_booking_status_cancelled,
};

const TONES: Record<string, string> = {
  NEW: "bg-amber-100 text-amber-900",
  CONTACTED: "bg-sky-100 text-sky-900",
  QUOTED: "bg-violet-100 text-violet-900",
  BOOKED: "bg-green-100 text-green-900",
  CONFIRMED: "bg-green-100 text-green-900",
  COMPLETED: "bg-emerald-100 text-emerald-900",
  LOST: "bg-ink/10 text-ink/80",
  SPAM: "bg-red-100 text-red-900",
  CANCELLED: "bg-red-100 text-red-900",
};

export function StatusPill({ status }: { status: string }) {
  return (
    <span className={`inline-block rounded-full px-2 py-0.5 text-xs font-semibold ${TONES[status] ?? "bg-ink/10"}`}>
      {(LEAD_STATUS_LABELS[status] ?? BOOKING_STATUS_LABELS[status])?.() ?? status}
    </span>
  );
}

type Result = { ok: true; message: string; intent?: string } | PageFailure | undefined;

/** The answer to one form of the page (by intent): its message and field errors. */
export function resultFor(result: Result, intent: string) {
  if (!result || (result.intent ?? null) !== intent)
    return { message: null, errors: {} as Record<string, string>, ok: false, values: {} as Record<string, string> };
  return {
    message: result.message,
    errors: result.ok ? {} : result.errors,
    ok: result.ok,
    values: (!result.ok && result.values) || {},
  };
}
