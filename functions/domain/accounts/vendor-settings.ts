import { composeMail, mailLocale } from "#platform/mail-layout.ts";
import { m as messages } from "#shared/paraglide/messages.js";
import { LOCALE_PREFIX } from "#shared/locale.ts";
import { z } from "zod";
import { queueMail } from "#platform/mail.ts";
import {
  type DomainContext,
  Conflict,
  Invalid,
  Unauthorized,
  ACCESS,
  requireRole,
  removeAccountObjects,
  removeServiceObjects,
  removeStoredObjects,
  reviewPhotoKeys,
} from "../core/index.ts";
import { todayInIndia } from "#shared/listing-rules.ts";
import { checkGstin } from "#shared/gst.ts";
import type { Row } from "#db/rows.ts";
import type { vendorNotificationPrefs as prefsTable } from "#db/schema/identity.ts";
import { log } from "#platform/log.ts";
import { m } from "#shared/paraglide/messages.js";

/**
 * A vendor's settings: which e-mails they want, and closing the account (what happens to their
 * services, enquiries, bookings and reviews is stated on the settings page from deletionTerms() and
 * is exactly what `deleteVendorAccount` does).
 */

// ---------------------------------------------------------------------------------------------
// Notification preferences

export type NotificationPrefs = { new_enquiry: boolean; couple_reply: boolean; booking_changes: boolean; weekly_summary: boolean };

/** A vendor without a saved choice gets these. */
export const DEFAULT_NOTIFICATION_PREFS: NotificationPrefs = { new_enquiry: true, couple_reply: true, booking_changes: true, weekly_summary: false };

export const NOTIFICATION_LABELS: Record<keyof NotificationPrefs, string> = {
  new_enquiry: "A couple sends a new enquiry",
  couple_reply: "A couple replies in a conversation",
  booking_changes: "A booking is made, changed or cancelled",
  weekly_summary: "A weekly summary of views and enquiries",
};

const flag = (field: string) =>
  z.preprocess(
    (v) => (v === "on" || v === "true" || v === "1" ? true : v === "off" || v === "false" || v === "0" || v === "" ? false : v),
    z.boolean({ error: `${field} must be true or false.` }),
  );

/** PATCH /vendors/notifications and the settings form: any of the four switches (a form sends the ticked ones). */
export const notificationPrefsInput = z
  .object({
    new_enquiry: flag("new_enquiry").optional(),
    couple_reply: flag("couple_reply").optional(),
    booking_changes: flag("booking_changes").optional(),
    weekly_summary: flag("weekly_summary").optional(),
  })
  .strict();
export type NotificationPrefsInput = z.infer<typeof notificationPrefsInput>;

type PrefsRow = Row<typeof prefsTable, "new_enquiry" | "couple_reply" | "booking_changes" | "weekly_summary">;

/**
 * Which e-mails a vendor wants. For the mail-sending code (leads and bookings): consult it before
 * queueing a vendor's notice, e.g. `(await vendorNotificationPrefs(ctx, lead.vendor_id)).new_enquiry`.
 */
export async function vendorNotificationPrefs(ctx: Pick<DomainContext, "db">, vendorId: string): Promise<NotificationPrefs> {
  const row = await ctx.db
    .prepare("SELECT new_enquiry, couple_reply, booking_changes, weekly_summary FROM vendor_notification_prefs WHERE vendor_id = ?")
    .bind(vendorId)
    .first<PrefsRow>();
  if (!row) return { ...DEFAULT_NOTIFICATION_PREFS };
  return {
    new_enquiry: Boolean(row.new_enquiry),
    couple_reply: Boolean(row.couple_reply),
    booking_changes: Boolean(row.booking_changes),
    weekly_summary: Boolean(row.weekly_summary),
  };
}

const requireVendor = (ctx: DomainContext) => requireRole(ctx.actor, ACCESS.vendor, m.api_d_only_vendor_settings());

/** The signed-in vendor's preferences (GET /vendors/notifications, the settings page). */
export async function myNotificationPrefs(ctx: DomainContext): Promise<NotificationPrefs> {
  return vendorNotificationPrefs(ctx, requireVendor(ctx).id);
}

/**
 * Saves the signed-in vendor's preferences; switches not given keep their value. `replaceAll`
 * (the settings form, whose unticked boxes send nothing) sets every switch not given to off.
 */
export async function saveNotificationPrefs(ctx: DomainContext, input: NotificationPrefsInput, { replaceAll = false } = {}): Promise<NotificationPrefs> {
  const vendor = requireVendor(ctx);
  const current = await vendorNotificationPrefs(ctx, vendor.id);
  const next: NotificationPrefs = replaceAll
    ? {
        new_enquiry: Boolean(input.new_enquiry),
        couple_reply: Boolean(input.couple_reply),
        booking_changes: Boolean(input.booking_changes),
        weekly_summary: Boolean(input.weekly_summary),
      }
    : { ...current, ...Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined)) };
  await ctx.db
    .prepare(
      `INSERT INTO vendor_notification_prefs (vendor_id, new_enquiry, couple_reply, booking_changes, weekly_summary, updated_at)
       SELECT user_id, ?2, ?3, ?4, ?5, ?6 FROM vendors WHERE user_id = ?1
       ON CONFLICT (vendor_id) DO UPDATE SET new_enquiry = ?2, couple_reply = ?3, booking_changes = ?4, weekly_summary = ?5, updated_at = ?6`,
    )
    .bind(vendor.id, Number(next.new_enquiry), Number(next.couple_reply), Number(next.booking_changes), Number(next.weekly_summary), ctx.now)
    .run();
  return next;
}

// ---------------------------------------------------------------------------------------------
// Billing details on tax invoices (functions/domain/billing/invoices.ts prints them)

export type BillingDetails = { gstin: string | null; billing_address: string | null; state: string | null; city: string | null };

export const BILLING_MESSAGES = {
  get saved() {
    return m.api_billing_saved();
  },
  get address() {
    return m.api_billing_address();
  },
  get invalid() {
    return m.api_billing_invalid();
  },
};

/** The settings form's fields (others, like the form's intent, are dropped): a GSTIN (empty = not registered) and a street address line. */
export const billingDetailsInput = z.object({
  gstin: z
    .string({ error: () => m.api_v_gstin_must_be_text() })
    .max(40, { error: () => m.api_gstin_length() })
    .optional(),
  billing_address: z
    .string({ error: () => m.api_v_billing_address_must_be_text() })
    .trim()
    .max(200, { error: () => BILLING_MESSAGES.address })
    .optional(),
});
export type BillingDetailsInput = z.infer<typeof billingDetailsInput>;

/** The signed-in vendor's billing details (the settings page). */
export async function myBillingDetails(ctx: DomainContext): Promise<BillingDetails> {
  const vendor = requireVendor(ctx);
  const row = await ctx.db.prepare("SELECT gstin, billing_address, state, city FROM vendors WHERE user_id = ?").bind(vendor.id).first<BillingDetails>();
  return row ?? { gstin: null, billing_address: null, state: null, city: null };
}

/**
 * Saves the signed-in vendor's GSTIN and address line; fields not given keep their value, an empty
 * one clears it. A GSTIN must pass shared/gst.ts checkGstin (length, shape, state code, check
 * character); a bad one changes nothing and says what is wrong.
 */
export async function saveBillingDetails(ctx: DomainContext, input: BillingDetailsInput): Promise<BillingDetails & { message: string }> {
  const vendor = requireVendor(ctx);
  const current = await myBillingDetails(ctx);
  let gstin = current.gstin;
  if (input.gstin !== undefined) {
    const typed = input.gstin.trim();
    if (typed === "") gstin = null;
    else {
      const checked = checkGstin(typed);
      if (!checked.ok) throw new Invalid(checked.message, { gstin: checked.message });
      gstin = checked.gstin;
    }
  }
  const billing_address = input.billing_address === undefined ? current.billing_address : input.billing_address || null;
  await ctx.db
    .prepare("UPDATE vendors SET gstin = ?, billing_address = ?, updated_at = ? WHERE user_id = ?")
    .bind(gstin, billing_address, ctx.now, vendor.id)
    .run();
  return { ...current, gstin, billing_address, message: BILLING_MESSAGES.saved };
}

// ---------------------------------------------------------------------------------------------
// Closing the account

/**
 * What deleting a vendor account does, in the words the settings page shows, in the language of
 * the request (a function: a module constant would keep the language of the first request).
 */
export const deletionTerms = (): string[] => [
  m.vendor_delete_term_1(),
  m.vendor_delete_term_2(),
  m.vendor_delete_term_3(),
  m.vendor_delete_term_4(),
  m.vendor_delete_term_5(),
  m.vendor_delete_term_6(),
  m.vendor_delete_term_7(),
];

export const DELETE_CONFIRMATION = "DELETE";

export const SETTINGS_MESSAGES = {
  upcomingBookings: (n: number) => m.api_settings_upcoming_bookings({ n }),
  get confirm() {
    return m.api_settings_confirm({ word: DELETE_CONFIRMATION });
  },
  get deleted() {
    return m.api_settings_deleted();
  },
  get prefsSaved() {
    return m.api_settings_prefs_saved();
  },
};

type OpenLead = { email: string; user_name: string; locale: string | null; service_name: string };

/**
 * Deletes the signed-in vendor's account as deletionTerms() says, in one atomic batch: the couples
 * of open enquiries are mailed (queued in the same batch) and the rows go by the foreign keys'
 * cascade (services -> media, FAQs, reviews, leads, bookings, blocked dates, stats); the stored
 * objects of the services' photos, the logo and the profile photo are removed afterwards. The refusal
 * for upcoming bookings is inside the DELETE too, so a booking confirmed meanwhile still stops it.
 */
export async function deleteVendorAccount(ctx: DomainContext): Promise<{ message: string; couplesNotified: number }> {
  const vendor = requireRole(ctx.actor, ACCESS.vendor, m.api_d_only_vendor_delete_here());
  const { db, now } = ctx;
  const today = todayInIndia(now);
  const upcomingSql = "SELECT count(*) FROM bookings WHERE vendor_id = ?1 AND status = 'CONFIRMED' AND (event_date IS NULL OR event_date >= ?2)";
  const upcoming = (await db.prepare(upcomingSql).bind(vendor.id, today).first<number>("count(*)")) ?? 0;
  if (upcoming > 0) throw new Conflict(SETTINGS_MESSAGES.upcomingBookings(upcoming));
  const [business, open, services] = await Promise.all([
    db.prepare("SELECT business_name FROM vendors WHERE user_id = ?").bind(vendor.id).first<string>("business_name"),
    db
      .prepare(
        `SELECT u.email, u.user_name, u.locale, s.service_name FROM leads l JOIN users u ON u.id = l.user_id JOIN services s ON s.id = l.service_id
         WHERE l.vendor_id = ? AND l.status IN ('NEW', 'CONTACTED', 'QUOTED') ORDER BY l.created_at LIMIT 500`,
      )
      .bind(vendor.id)
      .all<OpenLead>(),
    db.prepare("SELECT id FROM services WHERE vendor_id = ?").bind(vendor.id).all<{ id: string }>(),
  ]);
  // Couples' reviews of these services go with them: their photos' keys are read first.
  const reviewPhotos = await reviewPhotoKeys(ctx, "vendor", vendor.id);
  const name = business ?? vendor.userName;
  const mails = open.results.map((l) => {
    const locale = mailLocale(l.locale);
    return queueMail(
      db,
      composeMail({
        to: l.email,
        locale,
        subject: messages.mail_vendor_left_subject({ vendor: name }, { locale }),
        audience: "couple",
        origin: ctx.request.origin,
        greeting: messages.mail_namaste({ name: l.user_name }, { locale }),
        body: [
          messages.mail_vendor_left_body({ vendor: name, service: l.service_name }, { locale }),
          { link: { label: messages.mail_find_other_vendors({}, { locale }), url: `${ctx.request.origin}${LOCALE_PREFIX[locale]}/browse` } },
        ],
        reason: messages.mail_vendor_left_reason({ vendor: name }, { locale }),
      }),
      now,
    );
  });
  const deleted = `EXISTS (SELECT 1 FROM users WHERE id = ?1) = 0`;
  const results = await db.batch([
    db
      .prepare(`DELETE FROM users WHERE id = ?1 AND role = 'VENDOR' AND NOT EXISTS (${upcomingSql.replace("SELECT count(*)", "SELECT 1")})`)
      .bind(vendor.id, today),
    // The notices exist only when the account is really gone (a booking confirmed meanwhile keeps both).
    ...mails.map((m) => m.statement),
    ...mails.map((m) => db.prepare(`DELETE FROM outbox WHERE id = ?2 AND NOT (${deleted})`).bind(vendor.id, m.id)),
  ]);
  if (!results[0]?.meta.changes) {
    const still = await db.prepare("SELECT 1 FROM users WHERE id = ?").bind(vendor.id).first();
    if (!still) throw new Unauthorized();
    throw new Conflict(SETTINGS_MESSAGES.upcomingBookings(1));
  }
  if (mails.length) ctx.defer(ctx.mail.deliver(mails.map((m) => m.id)).catch((e: unknown) => log.error("vendor deletion notices", {}, e)));
  // The rows of the services' photos went by cascade; their stored objects, the logo and the
  // profile photo go after the answer (a storage failure leaves orphans, logged).
  ctx.defer(
    (async () => {
      for (const s of services.results) await removeServiceObjects(ctx, s.id);
      await removeStoredObjects(ctx, reviewPhotos);
      await removeAccountObjects(ctx, vendor.id);
    })().catch((e: unknown) => log.error("removing a deleted vendor's photos failed", { vendorId: vendor.id }, e)),
  );
  return { message: SETTINGS_MESSAGES.deleted, couplesNotified: mails.length };
}
