import { z } from "zod";
import { numeric } from "./numbers.ts";
import { findSubcategory } from "./catalogue.ts";
import { rupees } from "./lead-rules.ts";
import { SECRET_TOKEN_PATTERN } from "./tokens.ts";
import { m } from "./paraglide/messages.js";
import { say } from "./say.ts";

/**
 * Field rules of every account form and call, shared by the pages (server-side validation of
 * plain form posts) and the JSON API, so a rule is written once. Messages are said in the
 * request's language (shared/say.ts).
 */
const trimmed = (message: () => string) => z.string(say(message)).trim();

export const email = trimmed(m.api_v_email_required)
  .min(1, say(m.api_v_email_required))
  .max(254, say(m.api_v_email_too_long))
  .pipe(z.email(say(m.api_v_email_invalid)))
  .transform((v) => v.toLowerCase());

export const PASSWORD_MIN = 8;
/** The password rule as a form's hint says it (in the language of the page that reads it). */
export const passwordRule = () => m.api_v_password_rule({ min: PASSWORD_MIN });
/** @deprecated English only: use passwordRule(). */
export const PASSWORD_RULE = `At least ${PASSWORD_MIN} characters with a letter and a number.`;

export const newPassword = z
  .string(say(m.api_v_password_choose))
  .min(1, say(m.api_v_password_choose))
  .min(
    PASSWORD_MIN,
    say(() => m.api_v_password_min({ min: PASSWORD_MIN })),
  )
  .max(
    128,
    say(() => m.api_v_at_most_chars({ max: 128 })),
  )
  .refine((v) => /[A-Za-z]/.test(v) && /\d/.test(v), say(m.api_v_password_letter_digit));

const loginPassword = z.string(say(m.api_v_password_enter)).min(1, say(m.api_v_password_enter)).max(128, say(m.api_v_password_too_long));

export const personName = trimmed(m.api_v_name_required)
  .min(2, say(m.api_v_name_required))
  .max(
    80,
    say(() => m.api_v_at_most_chars({ max: 80 })),
  );

/** Indian mobile numbers: 10 digits starting 6-9, optionally written with +91 and spaces. */
export const phone = trimmed(m.api_v_phone_required)
  .transform((v) => v.replace(/[\s-]/g, "").replace(/^(\+91|0091|0)/, ""))
  .refine((v) => /^[6-9]\d{9}$/.test(v), say(m.api_v_phone_ten_digits));

const optionalPhone = z
  .union([z.literal(""), phone])
  .optional()
  .transform((v) => (v ? v : undefined));

const passwordsMatch = <T extends { password: string; confirmPassword: string }>(v: T, ctx: z.RefinementCtx) => {
  if (v.password !== v.confirmPassword) ctx.addIssue({ code: "custom", path: ["confirmPassword"], message: m.api_v_passwords_differ() });
};

export const registerUserInput = z
  .object({
    user_name: personName,
    email,
    phone: optionalPhone,
    password: newPassword,
    confirmPassword: z.string(say(m.api_v_password_repeat)).min(1, say(m.api_v_password_repeat)),
  })
  .superRefine(passwordsMatch);

export const loginInput = z.object({ email, password: loginPassword });

export const googleLoginInput = z.object({
  credential: z.string(say(m.api_v_google_token_missing)).min(20, say(m.api_v_google_token_missing)).max(8000),
});

export const resetRequestInput = z.object({ email });

export const resetPasswordInput = z
  .object({
    password: newPassword,
    confirmPassword: z.string(say(m.api_v_password_repeat)).min(1, say(m.api_v_password_repeat)),
  })
  .superRefine(passwordsMatch);

export const tokenQuery = z.object({ token: z.string(say(m.api_v_link_token_missing)).regex(SECRET_TOKEN_PATTERN, say(m.api_v_link_invalid)) });

/** Opening an e-mailed link: a sign-up's link also needs the password chosen at sign-up. */
export const verifyEmailInput = z.object({
  password: z
    .string()
    .max(
      200,
      say(() => m.api_v_at_most_chars({ max: 200 })),
    )
    .optional(),
});

/** Signed-in change: the current password proves it is the owner; `pass` is the new one (spec 7). */
export const changePasswordInput = z
  .object({
    currentPassword: loginPassword,
    pass: newPassword,
    confirmPassword: z.string(say(m.api_v_password_repeat)).min(1, say(m.api_v_password_repeat)),
  })
  .superRefine((v, ctx) => {
    if (v.pass !== v.confirmPassword) ctx.addIssue({ code: "custom", path: ["confirmPassword"], message: m.api_v_passwords_differ() });
  });

const isoDate = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, say(m.api_v_date_choose))
  .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), say(m.api_v_date_real));

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(
      max,
      say(() => m.api_v_at_most_chars({ max })),
    )
    .optional()
    .transform((v) => (v === undefined ? undefined : v || null));

export const GUEST_ESTIMATE_MAX = 100_000;

/** An optional number field: absent stays absent (no change), "" or null clears it. */
const blankIsNull = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === "" ? null : v), schema.nullable()).optional();

export const updateUserInput = z.object({
  user_name: personName.optional(),
  phone: z
    .union([z.literal(""), phone])
    .optional()
    .transform((v) => (v === undefined ? undefined : v || null)),
  wedding_date: z
    .union([z.literal(""), isoDate])
    .optional()
    .transform((v) => (v === undefined ? undefined : v || null)),
  wedding_city: optionalText(80),
  /** The couple's planning profile (issue 12); every message names its field. */
  partner_name: z
    .string(say(m.api_v_partner_name_text))
    .trim()
    .max(80, say(m.api_v_partner_name_max))
    .optional()
    .transform((v) => (v === undefined ? undefined : v || null)),
  guest_estimate: blankIsNull(
    numeric(
      z
        .number(say(m.api_v_guests_number))
        .int(say(m.api_v_guests_whole))
        .min(0, say(m.api_v_guests_negative))
        .max(
          GUEST_ESTIMATE_MAX,
          say(() => m.api_v_guests_max({ max: GUEST_ESTIMATE_MAX.toLocaleString("en-IN") })),
        ),
    ),
  ),
  total_budget: blankIsNull(numeric(rupees(m.api_v_label_total_budget))),
  /** Opt-in to the daily planning reminder e-mail; a form sends "false" then, when ticked, "true" (the last value wins). */
  planning_reminders: z
    .union([z.boolean(), z.enum(["true", "false", "on", "off", "1", "0"])], say(m.api_v_reminders_boolean))
    .optional()
    .transform((v) => (v === undefined ? undefined : v === true || v === "true" || v === "on" || v === "1")),
});

export const businessName = trimmed(m.api_v_business_name_required)
  .min(2, say(m.api_v_business_name_required))
  .max(
    100,
    say(() => m.api_v_at_most_chars({ max: 100 })),
  );
const PLACE_REQUIRED = { state: m.api_v_state_required, city: m.api_v_city_required } as const;
export const place = (what: keyof typeof PLACE_REQUIRED) =>
  trimmed(PLACE_REQUIRED[what])
    .min(2, say(PLACE_REQUIRED[what]))
    .max(
      80,
      say(() => m.api_v_at_most_chars({ max: 80 })),
    );

/** The vendor's business category: a subcategory of the catalogue ("Caterers"), stored by its catalogue name. */
export const businessCategory = z
  .string(say(m.api_v_business_category))
  .trim()
  .min(1, say(m.api_v_business_category))
  .max(100, say(m.api_v_business_category))
  .transform((v, ctx) => {
    const found = findSubcategory(v);
    if (!found) {
      ctx.addIssue({ code: "custom", message: m.api_v_business_category() });
      return z.NEVER;
    }
    return found.name;
  });

export const registerVendorInput = z
  .object({
    name: businessName,
    business_category: businessCategory,
    user_name: personName,
    email,
    phone_number: phone,
    state: place("state"),
    city: place("city"),
    password: newPassword,
    confirmPassword: z.string(say(m.api_v_password_repeat)).min(1, say(m.api_v_password_repeat)),
  })
  .superRefine(passwordsMatch);

const url = z
  .union([z.literal(""), z.url({ ...say(m.api_v_web_address), protocol: /^https?$/ })])
  .optional()
  .transform((v) => (v === undefined ? undefined : v || null));

/**
 * A social profile: a full https:// address, or a handle ("@kesar.caterers" or "kesar.caterers")
 * made into the network's address. Stored as an address; "" clears it.
 */
const socialProfile = (site: string, base: string, handle: RegExp) =>
  z
    .string(say(() => m.api_v_social_text({ site })))
    .trim()
    .max(
      300,
      say(() => m.api_v_at_most_chars({ max: 300 })),
    )
    .optional()
    .transform((v, ctx) => {
      if (v === undefined) return undefined;
      if (!v) return null;
      const bare = v.replace(/^@/, "");
      if (handle.test(bare)) return `${base}${bare}`;
      const parsed = z.url({ protocol: /^https?$/ }).safeParse(v);
      if (parsed.success) return parsed.data;
      ctx.addIssue({ code: "custom", message: m.api_v_social_invalid({ site }) });
      return z.NEVER;
    });

export const updateVendorInput = z.object({
  name: businessName.optional(),
  business_category: businessCategory.optional(),
  tagline: optionalText(120),
  description: optionalText(4000),
  phone_number: phone.optional(),
  /** The e-mail address couples see on the public page (the log-in address stays as it is). */
  email: z
    .string(say(m.api_v_email_invalid))
    .optional()
    .transform((v, ctx) => {
      if (v === undefined) return undefined;
      if (!v.trim()) return null;
      const parsed = email.safeParse(v);
      if (parsed.success) return parsed.data;
      ctx.addIssue({ code: "custom", message: parsed.error.issues[0]?.message ?? m.api_v_email_invalid() });
      return z.NEVER;
    }),
  state: place("state").optional(),
  city: place("city").optional(),
  facebook: socialProfile("Facebook", "https://www.facebook.com/", /^[A-Za-z0-9.]{3,50}$/),
  instagram: socialProfile("Instagram", "https://www.instagram.com/", /^[A-Za-z0-9._]{1,30}$/),
  website: url,
});

export type RegisterUserInput = z.infer<typeof registerUserInput>;
export type RegisterVendorInput = z.infer<typeof registerVendorInput>;
export type UpdateUserInput = z.infer<typeof updateUserInput>;
export type UpdateVendorInput = z.infer<typeof updateVendorInput>;
