import { describe, expect, it } from "vitest";
import { coupleNames } from "#domain/guests/index.ts";
import { withLocale } from "#platform/locale.ts";
import { followsSavedChoice, getLocale, localeOfPath, pageOfDataPath, pathInLocale, unprefixedPath } from "#shared/locale.ts";
import { m } from "#shared/paraglide/messages.js";

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("the locale of a request", () => {
  it("is English outside any request", () => {
    expect(getLocale()).toBe("en");
    expect(m.skip_to_content()).toBe("Skip to content");
  });

  it("stays each request's own while two requests are served at once", async () => {
    const render = (locale: "en" | "hi") =>
      withLocale(locale, async () => {
        const before = m.skip_to_content();
        // The other request starts and renders while this one waits (a loader's query, a stream).
        await tick();
        await tick();
        return [before, m.skip_to_content(), getLocale()];
      });
    const [hindi, english] = await Promise.all([render("hi"), render("en")]);
    expect(hindi).toEqual(["मुख्य सामग्री पर जाएँ", "मुख्य सामग्री पर जाएँ", "hi"]);
    expect(english).toEqual(["Skip to content", "Skip to content", "en"]);
    expect(getLocale()).toBe("en");
  });
});

describe("a couple's names", () => {
  it("are as typed, and 'The couple' in the request's language when their row is gone (issue 32)", async () => {
    expect(coupleNames({ user_name: "Asha", partner_name: "Rahul" })).toBe("Asha & Rahul");
    expect(await withLocale("en", async () => coupleNames(null))).toBe("The couple");
    expect(await withLocale("hi", async () => [coupleNames(null), coupleNames({ user_name: "Asha", partner_name: null })])).toEqual(["दंपति", "Asha"]);
  });
});

describe("locale paths", () => {
  it("reads the locale from the /hi prefix only", () => {
    expect(localeOfPath("/hi")).toBe("hi");
    expect(localeOfPath("/hi/all/photographers")).toBe("hi");
    expect(localeOfPath("/hindi-weddings")).toBe("en");
    expect(localeOfPath("/xx/all")).toBe("en");
    expect(localeOfPath("/")).toBe("en");
  });

  it("gives the same page in the other language", () => {
    expect(pathInLocale("/", "hi")).toBe("/hi");
    expect(pathInLocale("/all/Venues", "hi")).toBe("/hi/all/Venues");
    expect(pathInLocale("/hi/all/Venues", "en")).toBe("/all/Venues");
    expect(pathInLocale("/hi", "en")).toBe("/");
    expect(pathInLocale("/hi/about", "hi")).toBe("/hi/about");
    expect(unprefixedPath("/hi/")).toBe("/");
  });

  it("reads React Router's data requests as their pages (a client-side navigation to the Hindi home page fetches /hi.data)", () => {
    expect(localeOfPath("/hi.data")).toBe("hi");
    expect(localeOfPath("/hi/about.data")).toBe("hi");
    expect(localeOfPath("/hindi.data")).toBe("en");
    expect(unprefixedPath("/hi.data")).toBe("/_.data");
    expect(unprefixedPath("/hi/about.data")).toBe("/about.data");
    expect(pageOfDataPath("/_.data")).toBe("/");
    expect(pageOfDataPath("/hi.data")).toBe("/hi");
    expect(pageOfDataPath("/all/_.data")).toBe("/all/");
    expect(pageOfDataPath("/profile/guests.data")).toBe("/profile/guests");
    expect(pageOfDataPath("/profile/guests")).toBe("/profile/guests");
    expect(followsSavedChoice("/hi/profile.data")).toBe(true);
    expect(followsSavedChoice("/hi.data")).toBe(false);
  });
});
