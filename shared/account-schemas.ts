import { z } from "zod";
import { numeric } from "./numbers.ts";
import { findSubcategory } from "./catalogue.ts";
import { rupees } from "./lead-rules.ts";
import { SECRET_TOKEN_PATTERN } from "./tokens.ts";

/**
 * Field rules of every account form and call, shared by the pages (server-side validation of
 * plain form posts) and the JSON API, so a rule is written once.
 */
const trimmed = (message: string) => z.string({ error: message }).trim();

export const email = trimmed("Please enter your e-mail address.")
  .min(1, "Please enter your e-mail address.")
  .max(254, "That e-mail address is too long.")
  .pipe(z.email({ error: "Please enter a valid e-mail address." }))
  .transform((v) => v.toLowerCase());

export const PASSWORD_MIN = 8;
export const PASSWORD_RULE = `At least ${PASSWORD_MIN} characters with a letter and a number.`;

export const newPassword = z
  .string({ error: "Please choose a password." })
  .min(1, "Please choose a password.")
  .min(PASSWORD_MIN, `Use at least ${PASSWORD_MIN} characters.`)
  .max(128, "Use at most 128 characters.")
  .refine((v) => /[A-Za-z]/.test(v) && /\d/.test(v), "Use at least one letter and one number.");

const loginPassword = z.string({ error: "Please enter your password." }).min(1, "Please enter your password.").max(128, "That password is too long.");

export const personName = trimmed("Please enter your name.").min(2, "Please enter your name.").max(80, "Use at most 80 characters.");

/** Indian mobile numbers: 10 digits starting 6-9, optionally written with +91 and spaces. */
export const phone = trimmed("Please enter a phone number.")
  .transform((v) => v.replace(/[\s-]/g, "").replace(/^(\+91|0091|0)/, ""))
  .refine((v) => /^[6-9]\d{9}$/.test(v), "Enter a 10-digit mobile number.");

const optionalPhone = z
  .union([z.literal(""), phone])
  .optional()
  .transform((v) => (v ? v : undefined));

const passwordsMatch = <T extends { password: string; confirmPassword: string }>(v: T, ctx: z.RefinementCtx) => {
  if (v.password !== v.confirmPassword) ctx.addIssue({ code: "custom", path: ["confirmPassword"], message: "The passwords do not match." });
};

export const registerUserInput = z
  .object({
    user_name: personName,
    email,
    phone: optionalPhone,
    password: newPassword,
    confirmPassword: z.string({ error: "Please repeat the password." }).min(1, "Please repeat the password."),
  })
  .superRefine(passwordsMatch);

export const loginInput = z.object({ email, password: loginPassword });

export const googleLoginInput = z.object({
  credential: z.string({ error: "The Google sign-in token is missing." }).min(20, "The Google sign-in token is missing.").max(8000),
});

export const resetRequestInput = z.object({ email });

export const resetPasswordInput = z
  .object({
    password: newPassword,
    confirmPassword: z.string({ error: "Please repeat the password." }).min(1, "Please repeat the password."),
  })
  .superRefine(passwordsMatch);

export const tokenQuery = z.object({ token: z.string({ error: "The link is missing its token." }).regex(SECRET_TOKEN_PATTERN, "This link is not valid.") });

/** Opening an e-mailed link: a sign-up's link also needs the password chosen at sign-up. */
export const verifyEmailInput = z.object({ password: z.string().max(200, "Use at most 200 characters.").optional() });

/** Signed-in change: the current password proves it is the owner; `pass` is the new one (spec 7). */
export const changePasswordInput = z
  .object({
    currentPassword: loginPassword,
    pass: newPassword,
    confirmPassword: z.string({ error: "Please repeat the password." }).min(1, "Please repeat the password."),
  })
  .superRefine((v, ctx) => {
    if (v.pass !== v.confirmPassword) ctx.addIssue({ code: "custom", path: ["confirmPassword"], message: "The passwords do not match." });
  });

const isoDate = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "Choose a date.")
  .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), "Choose a real date.");

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Use at most ${max} characters.`)
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
    .string({ error: "Partner's name: enter a name or leave it empty." })
    .trim()
    .max(80, "Partner's name: use at most 80 characters.")
    .optional()
    .transform((v) => (v === undefined ? undefined : v || null)),
  guest_estimate: blankIsNull(
    numeric(
      z
        .number({ error: "Estimated guests must be a number." })
        .int("Estimated guests must be a whole number.")
        .min(0, "Estimated guests cannot be negative.")
        .max(GUEST_ESTIMATE_MAX, `Estimated guests: at most ${GUEST_ESTIMATE_MAX.toLocaleString("en-IN")}.`),
    ),
  ),
  total_budget: blankIsNull(numeric(rupees("Total budget"))),
  /** Opt-in to the daily planning reminder e-mail; a form sends "false" then, when ticked, "true" (the last value wins). */
  planning_reminders: z
    .union([z.boolean(), z.enum(["true", "false", "on", "off", "1", "0"])], { error: "Planning reminders must be true or false." })
    .optional()
    .transform((v) => (v === undefined ? undefined : v === true || v === "true" || v === "on" || v === "1")),
});

export const businessName = trimmed("Please enter your business name.").min(2, "Please enter your business name.").max(100, "Use at most 100 characters.");
export const place = (what: string) => trimmed(`Please enter your ${what}.`).min(2, `Please enter your ${what}.`).max(80, "Use at most 80 characters.");

/** The vendor's business category: a subcategory of the catalogue ("Caterers"), stored by its catalogue name. */
export const BUSINESS_CATEGORY_MESSAGE = "Choose your business category from the list.";
export const businessCategory = z
  .string({ error: BUSINESS_CATEGORY_MESSAGE })
  .trim()
  .min(1, BUSINESS_CATEGORY_MESSAGE)
  .max(100, BUSINESS_CATEGORY_MESSAGE)
  .transform((v, ctx) => {
    const found = findSubcategory(v);
    if (!found) {
      ctx.addIssue({ code: "custom", message: BUSINESS_CATEGORY_MESSAGE });
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
    confirmPassword: z.string({ error: "Please repeat the password." }).min(1, "Please repeat the password."),
  })
  .superRefine(passwordsMatch);

const url = z
  .union([z.literal(""), z.url({ error: "Enter a full web address starting with https://", protocol: /^https?$/ })])
  .optional()
  .transform((v) => (v === undefined ? undefined : v || null));

/**
 * A social profile: a full https:// address, or a handle ("@kesar.caterers" or "kesar.caterers")
 * made into the network's address. Stored as an address; "" clears it.
 */
const socialProfile = (site: string, base: string, handle: RegExp) =>
  z
    .string({ error: `Enter your ${site} address or handle.` })
    .trim()
    .max(300, "Use at most 300 characters.")
    .optional()
    .transform((v, ctx) => {
      if (v === undefined) return undefined;
      if (!v) return null;
      const bare = v.replace(/^@/, "");
      if (handle.test(bare)) return `${base}${bare}`;
      const parsed = z.url({ protocol: /^https?$/ }).safeParse(v);
      if (parsed.success) return parsed.data;
      ctx.addIssue({ code: "custom", message: `Enter a full ${site} address starting with https:// or your handle, like @yourbusiness.` });
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
    .string({ error: "Please enter a valid e-mail address." })
    .optional()
    .transform((v, ctx) => {
      if (v === undefined) return undefined;
      if (!v.trim()) return null;
      const parsed = email.safeParse(v);
      if (parsed.success) return parsed.data;
      ctx.addIssue({ code: "custom", message: parsed.error.issues[0]?.message ?? "Please enter a valid e-mail address." });
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
