import { describe, expect, it } from "vitest";
import { deletionTerms, NOTIFICATION_LABELS } from "#domain/accounts/index.ts";
import { withLocale } from "#platform/locale.ts";
import { notificationLabel } from "#app/routes/vendor-dashboard/settings-text.ts";
import en from "../../messages/vendor/en.json";
import hi from "../../messages/vendor/hi.json";

/**
 * The vendor dashboard in Hindi (issue 32, messages/vendor/): every message has both languages,
 * and what the page says about deleting an account is the domain's own deletionTerms() (the module
 * that does the deletion), said in the language of the request.
 */
describe("the vendor dashboard's messages", () => {
  it("has a Hindi message for every English one, and no Hindi message left in English", () => {
    expect(Object.keys(hi).sort()).toEqual(Object.keys(en).sort());
    for (const [key, value] of Object.entries(hi)) {
      if (key === "$schema") continue;
      expect(JSON.stringify(value), key).not.toBe(JSON.stringify((en as Record<string, unknown>)[key]));
    }
  });

  it("states the deletion terms of the domain in English, and in Hindi on a Hindi page, read per request", () => {
    const english = withLocale("en", deletionTerms);
    expect(english).toHaveLength(7);
    expect(english[0]).toBe(
      "You cannot delete the account while you have a confirmed booking whose event is today or later: complete or cancel it first, so no couple is left without the vendor they booked.",
    );
    expect(english[6]).toBe("You are signed out everywhere and your log-in e-mail can be used for a new account. This cannot be undone.");
    const hindi = withLocale("hi", deletionTerms);
    expect(hindi).toHaveLength(7);
    for (const term of hindi) expect(term).toMatch(/[\u0900-\u097F]/);
    expect(withLocale("en", deletionTerms)).toEqual(english);
  });

  it("names each notification switch as the domain does in English, and in Hindi on a Hindi page", () => {
    const keys = Object.keys(NOTIFICATION_LABELS) as (keyof typeof NOTIFICATION_LABELS)[];
    for (const key of keys) {
      expect(notificationLabel(key)).toBe(NOTIFICATION_LABELS[key]);
      expect(withLocale("hi", () => notificationLabel(key))).toMatch(/[\u0900-\u097F]/);
    }
  });
});
