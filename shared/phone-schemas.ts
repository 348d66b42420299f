import { z } from "zod";
import { businessCategory, businessName, personName, place } from "./account-schemas.ts";
import { m } from "./paraglide/messages.js";
import { say } from "./say.ts";

/**
 * Indian mobile numbers and one-time codes (issue 32, docs/decisions/0047-mobile-sign-in.md),
 * shared by the pages and the JSON API.
 *
 * A number is accepted as a person writes it: "9812345678", "98123 45678", "+91 98123 45678",
 * "+91-98123-45678", "091 9812345678", "09812345678", "919812345678", "0091 9812345678", with
 * spaces, dashes, dots or brackets; it is stored in E.164 ("+919812345678"). Only Indian mobiles
 * (+91, ten digits starting 6, 7, 8 or 9): SMS go through an Indian provider under DLT rules.
 */
/** Each read says the message in the request's language (shared/say.ts). */
export const MOBILE_MESSAGES = {
  get missing() {
    return m.api_v_mobile_missing();
  },
  get notIndian() {
    return m.api_v_mobile_not_indian();
  },
  get invalid() {
    return m.api_v_mobile_invalid();
  },
  get codeMissing() {
    return m.api_v_code_missing();
  },
  get codeShape() {
    return m.api_v_code_shape();
  },
};

/** "+919812345678" from what a person typed, or the message that says what is wrong. */
export function parseIndianMobile(input: string): { ok: true; e164: string } | { ok: false; message: string } {
  const text = input.trim();
  if (!text) return { ok: false, message: MOBILE_MESSAGES.missing };
  if (text.length > 30 || !/^[+\d\s\-().]+$/.test(text)) return { ok: false, message: MOBILE_MESSAGES.invalid };
  const plus = text.startsWith("+");
  const digits = text.replace(/\D/g, "");
  let national: string | null = null;
  if (plus) {
    if (!digits.startsWith("91")) return { ok: false, message: MOBILE_MESSAGES.notIndian };
    national = digits.slice(2);
  } else if (digits.startsWith("0091")) national = digits.slice(4);
  else if (digits.length === 12 && digits.startsWith("91")) national = digits.slice(2);
  else if (digits.length === 13 && digits.startsWith("091")) national = digits.slice(3);
  else if (digits.length === 11 && digits.startsWith("0")) national = digits.slice(1);
  else if (digits.length === 10) national = digits;
  else if (digits.startsWith("00")) return { ok: false, message: MOBILE_MESSAGES.notIndian };
  if (!national || !/^[6-9]\d{9}$/.test(national)) return { ok: false, message: MOBILE_MESSAGES.invalid };
  return { ok: true, e164: `+91${national}` };
}

/** "+919812345678" as people read it: "+91 98123 45678". */
export const formatIndianMobile = (e164: string) => (/^\+91\d{10}$/.test(e164) ? `+91 ${e164.slice(3, 8)} ${e164.slice(8)}` : e164);

/** How an account is reached, for admin lists: its e-mail address and its verified mobile number, whichever it has ('' is no address). */
export const contactLine = (a: { email: string; verifiedPhone: string | null }) =>
  [a.email, a.verifiedPhone ? formatIndianMobile(a.verifiedPhone) : ""].filter(Boolean).join(" · ");

/** A field: an Indian mobile number, normalised to E.164. */
export const indianMobile = z.string(say(m.api_v_mobile_missing)).transform((v, ctx) => {
  const parsed = parseIndianMobile(v);
  if (!parsed.ok) {
    ctx.addIssue({ code: "custom", message: parsed.message });
    return z.NEVER;
  }
  return parsed.e164;
});

/** A 6-digit code as typed (spaces allowed: "123 456"). */
export const otpCode = z
  .string(say(m.api_v_code_missing))
  .transform((v) => v.replace(/\s/g, ""))
  .refine((v) => v.length > 0, say(m.api_v_code_missing))
  .refine((v) => /^\d{6}$/.test(v), say(m.api_v_code_shape));

/** Ask for a code by SMS. */
export const phoneCodeInput = z.object({ phone: indianMobile });

const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (typeof v === "string" && v.trim() === "" ? undefined : v), schema.optional()) as unknown as z.ZodOptional<T>;

/**
 * Sign in (or up) with the code. An account with this verified number is signed in; without one,
 * the sign-up fields make the account (a couple's needs `user_name`; a vendor's also the business
 * `name`, `business_category`, `state` and `city`), and when they are missing the answer asks for them.
 */
export const phoneSignInInput = z.object({
  phone: indianMobile,
  code: otpCode,
  user_name: optional(personName),
});

export const vendorPhoneSignInInput = phoneSignInInput.extend({
  name: optional(businessName),
  business_category: optional(businessCategory),
  state: optional(place("state")),
  city: optional(place("city")),
});

/** A signed-in account adds (or changes) its mobile number: first a code, then the code. */
export const addPhoneInput = z.object({ phone: indianMobile, code: otpCode });

export type PhoneSignInInput = z.infer<typeof vendorPhoneSignInInput>;
