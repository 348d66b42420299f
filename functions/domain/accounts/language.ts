import { z } from "zod";
import { type DomainContext, Invalid, requireSignedIn } from "../core/index.ts";
import { isLocale, type Locale, LOCALE_NAME } from "#shared/locale.ts";
import { m } from "#shared/paraglide/messages.js";

/**
 * The language a signed-in person chose (issue 32): their dashboards and account pages open in it
 * (app/root.tsx sends /profile to /hi/profile when Hindi is chosen) and their mail is written in it.
 * A visitor's choice is a cookie (platform/cookies.ts, LANGUAGE_COOKIE) and is saved here when they sign in.
 */
export const LANGUAGE_MESSAGES = {
  get unknown() {
    return m.api_language_unknown();
  },
  saved: (locale: Locale) => m.api_language_saved({ language: LOCALE_NAME[locale] }),
};

/** The body of PUT /api/v1/users/language. */
export const languageInput = z.object({ locale: z.enum(["en", "hi"], { error: () => LANGUAGE_MESSAGES.unknown }) });

export function parseLocale(value: unknown): Locale {
  if (!isLocale(value)) throw new Invalid(LANGUAGE_MESSAGES.unknown, { locale: LANGUAGE_MESSAGES.unknown });
  return value;
}

/** Saves the signed-in person's language; answers the locale saved. */
export async function setLanguage(ctx: DomainContext, input: { locale: unknown }): Promise<{ locale: Locale; message: string }> {
  const actor = requireSignedIn(ctx.actor);
  const locale = parseLocale(input.locale);
  await ctx.db.prepare("UPDATE users SET locale = ?, updated_at = ? WHERE id = ?").bind(locale, ctx.now, actor.id).run();
  return { locale, message: LANGUAGE_MESSAGES.saved(locale) };
}
