import { describe, expect, it } from "vitest";
import { DELETION_TERMS, NOTIFICATION_LABELS } from "#domain/accounts/index.ts";
import { withLocale } from "#platform/locale.ts";
import { deletionTerms, notificationLabel } from "#app/routes/vendor-dashboard/settings-text.ts";
import en from "../../messages/vendor/en.json";
import hi from "../../messages/vendor/hi.json";

/**
 * The vendor dashboard in Hindi (issue 32, messages/vendor/): every message has both languages,
 * and what the page says about deleting an account is, in English, the domain's own DELETION_TERMS
 * word for word (the module that does the deletion), so the two cannot drift apart.
 */
describe("the vendor dashboard's messages", () => {
  it("has a Hindi message for every English one, and no Hindi message left in English", () => {
    expect(Object.keys(hi).sort()).toEqual(Object.keys(en).sort());
    for (const [key, value] of Object.entries(hi)) {
      if (key === "$schema") continue;
      expect(JSON.stringify(value), key).not.toBe(JSON.stringify((en as Record<string, unknown>)[key]));
    }
  });

  it("states the deletion terms of the domain in English, and in Hindi on a Hindi page", () => {
    expect(deletionTerms()).toEqual([...DELETION_TERMS]);
    const hindi = withLocale("hi", deletionTerms);
    expect(hindi).toHaveLength(DELETION_TERMS.length);
    for (const term of hindi) expect(term).toMatch(/[\u0900-\u097F]/);
  });

  it("names each notification switch as the domain does in English, and in Hindi on a Hindi page", () => {
    const keys = Object.keys(NOTIFICATION_LABELS) as (keyof typeof NOTIFICATION_LABELS)[];
    for (const key of keys) {
      expect(notificationLabel(key)).toBe(NOTIFICATION_LABELS[key]);
      expect(withLocale("hi", () => notificationLabel(key))).toMatch(/[\u0900-\u097F]/);
    }
  });
});
