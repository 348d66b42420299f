import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { withLocale } from "#platform/locale.ts";
import { parseInput } from "#domain/core/index.ts";
import { registerVendorInput, updateUserInput } from "#shared/account-schemas.ts";
import { serviceInput } from "#shared/service-schemas.ts";
import { phoneCodeInput } from "#shared/phone-schemas.ts";
import { quoteInput } from "#shared/lead-rules.ts";
import type { Locale } from "#shared/locale.ts";
import { budgetLineInput } from "#shared/budget-schemas.ts";
import { guestInput } from "#shared/guest-schemas.ts";
import { eventInput, taskInput } from "#shared/planner-schemas.ts";
import { templateQuery } from "#shared/template-schemas.ts";
import { planInput } from "#shared/plan-schemas.ts";

/** The field messages a request in `locale` is given for `input` (as the API's `errors` and a page's fields show them). */
function fieldMessages(locale: Locale, schema: z.ZodType, input: unknown): { message: string; errors: Record<string, string> } {
  return withLocale(locale, () => {
    try {
      parseInput(schema, input);
    } catch (e) {
      const { message, fields } = e as { message: string; fields: Record<string, string> };
      return { message, errors: fields };
    }
    throw new Error("the input was accepted");
  });
}

const badVendor = {
  name: "K",
  business_category: "Space Tourism",
  user_name: "",
  email: "not-an-address",
  phone_number: "12345",
  state: "",
  city: "J",
  password: "short",
  confirmPassword: "other",
};

describe("a shared schema's messages are said in the request's language", () => {
  it("keeps the spec's English for an English request", () => {
    expect(fieldMessages("en", registerVendorInput, badVendor)).toEqual({
      message: "Please correct the highlighted fields.",
      errors: {
        name: "Please enter your business name.",
        business_category: "Choose your business category from the list.",
        user_name: "Please enter your name.",
        email: "Please enter a valid e-mail address.",
        phone_number: "Enter a 10-digit mobile number.",
        state: "Please enter your state.",
        city: "Please enter your city.",
        password: "Use at least 8 characters.",
      },
    });
  });

  it("says the same rules in Hindi for a Hindi request", () => {
    expect(fieldMessages("hi", registerVendorInput, badVendor)).toEqual({
      message: "कृपया लाल निशान वाले खाने ठीक करें।",
      errors: {
        name: "कृपया अपने बिज़नेस का नाम लिखें।",
        business_category: "सूची से अपने बिज़नेस की श्रेणी चुनें।",
        user_name: "कृपया अपना नाम लिखें।",
        email: "कृपया सही ईमेल पता लिखें।",
        phone_number: "10 अंकों का मोबाइल नंबर लिखें।",
        state: "कृपया अपना राज्य लिखें।",
        city: "कृपया अपना शहर लिखें।",
        password: "कम से कम 8 अक्षर लिखें।",
      },
    });
  });

  it("names catalogue and place names in the request's language", () => {
    const service = {
      service_name: "Kesar Caterers",
      service_category: "Bride",
      service_type: "Mehndi Artist",
      min_price: 5000,
      service_unit: "Per Lightyear",
      description: "Traditional mehndi for the bride and family, with natural henna.",
      state: "Rajasthan",
      city: "Atlantis",
    };
    const en = fieldMessages("en", serviceInput, service).errors;
    const hi = fieldMessages("hi", serviceInput, service).errors;
    expect(en.service_unit).toMatch(/^Choose a price unit for Mehndi Artist: .+\.$/);
    expect(en.city).toBe("Choose a city in Rajasthan from the list.");
    expect(hi.service_unit).toMatch(/^मेहंदी आर्टिस्ट के लिए कीमत की इकाई चुनें: .+।$/);
    expect(hi.city).toBe("सूची से राजस्थान का कोई शहर चुनें।");
    expect(fieldMessages("en", serviceInput, { ...service, service_category: "Pets" }).errors.service_category).toBe(
      "Choose a group from the list: Wedding Venue, Wedding Vendor, Bride or Groom.",
    );
    expect(fieldMessages("hi", serviceInput, { ...service, service_type: "Pet Grooming" }).errors.service_type).toBe("सूची से दुल्हन की कोई उप-श्रेणी चुनें।");
  });

  it("words a field's label in the message's language (rupees, dates, numbers)", () => {
    expect(fieldMessages("en", quoteInput, { amount: 0, includes: "Dinner for 300", validUntil: "2027-02-30" }).errors).toEqual({
      amount: "The quote must be at least ₹1.",
      validUntil: "Valid until: that date does not exist.",
    });
    expect(fieldMessages("hi", quoteInput, { amount: 0, includes: "Dinner for 300", validUntil: "2027-02-30" }).errors).toEqual({
      amount: "कोटेशन कम से कम ₹1 होना चाहिए।",
      validUntil: "कब तक मान्य: यह तारीख़ कैलेंडर में नहीं है।",
    });
    expect(fieldMessages("hi", updateUserInput, { guest_estimate: "2.5" }).errors).toEqual({
      guest_estimate: "अनुमानित मेहमानों की संख्या पूरी संख्या होनी चाहिए।",
    });
  });

  it("says the planning, guest, template and plan schemas' rules in both languages, naming each field", () => {
    const badFunction = { eventName: "", eventDate: "2027-02-30", eventStartTime: "7pm", eventDescription: 5 };
    expect(fieldMessages("en", eventInput, badFunction).errors).toMatchObject({
      eventName: "Please give the function name.",
      eventDate: "Function date: that date does not exist.",
      eventStartTime: "Start time: use a time like 18:30.",
      eventDescription: "Description must be text.",
    });
    expect(fieldMessages("hi", eventInput, badFunction).errors).toMatchObject({
      eventName: "कृपया रस्म का नाम लिखें।",
      eventDate: "रस्म की तारीख़: यह तारीख़ कैलेंडर में नहीं है।",
      eventStartTime: "शुरू होने का समय: 18:30 जैसा समय लिखें।",
      eventDescription: "विवरण अक्षरों में लिखें।",
    });
    expect(fieldMessages("en", eventInput, { eventName: "Sangeet", eventDate: "2027-02-13", eventEndTime: "22:00" }).errors).toMatchObject({
      eventEndTime: "Give a start time with the end time.",
    });
    expect(fieldMessages("hi", taskInput, { name: "x".repeat(121), priority: "URGENT" }).errors).toMatchObject({
      name: "कृपया काम का नाम 120 अक्षरों से कम रखें।",
      priority: "प्राथमिकता LOW, MEDIUM या HIGH होनी चाहिए।",
    });
    expect(fieldMessages("en", budgetLineInput, { category: "space", label: "", booked: 0, paid: 500 }).errors).toMatchObject({
      category: "Category: choose one of the budget's categories.",
      label: "Label: please name the line.",
    });
    expect(fieldMessages("en", budgetLineInput, { category: "decor", label: "Tent", booked: 0, paid: 500 }).errors).toEqual({
      paid: "Enter the booked (agreed) amount first.",
    });
    expect(fieldMessages("hi", budgetLineInput, { category: "decor", label: "Tent", booked: 0, paid: 500 }).errors).toEqual({
      paid: "पहले बुक की गई (तय) रकम लिखें।",
    });
    expect(fieldMessages("hi", budgetLineInput, { category: "space", label: "", booked: 0, paid: 500 }).errors).toMatchObject({
      category: "श्रेणी: बजट की श्रेणियों में से एक चुनें।",
      label: "नाम: कृपया पंक्ति का नाम लिखें।",
    });
    expect(fieldMessages("hi", guestInput, { name: "", email: "not-an-address", needsStay: "maybe" }).errors).toMatchObject({
      name: "कृपया मेहमान का नाम लिखें।",
      email: "ईमेल: name@example.com जैसा पता लिखें।",
      needsStay: "ठहरने की ज़रूरत: हाँ या नहीं।",
    });
    expect(fieldMessages("en", templateQuery, { mood: "love,gloomy", page: "0" }).errors).toMatchObject({
      mood: expect.stringMatching(/^Unknown mood: GLOOMY\. Use .+\.$/),
      page: "Page must be at least 1.",
    });
    expect(fieldMessages("hi", templateQuery, { mood: "love,gloomy", page: "0" }).errors).toMatchObject({
      mood: expect.stringMatching(/^अनजान मूड: GLOOMY। इनमें से लिखें: .+।$/),
      page: "पेज: कम से कम 1।",
    });
    expect(fieldMessages("hi", planInput, { name: "Gold", price: "lots", durationDays: 30 }).errors.price).toBe("कीमत पूरे रुपयों में लिखें, जैसे 4999।");
  });

  it("gives a mobile number's messages in both languages", () => {
    expect(fieldMessages("en", phoneCodeInput, { phone: "+44 7700 900123" }).errors).toEqual({ phone: "Only Indian mobile numbers (+91) can be used." });
    expect(fieldMessages("hi", phoneCodeInput, { phone: "+44 7700 900123" }).errors).toEqual({ phone: "सिर्फ़ भारतीय मोबाइल नंबर (+91) इस्तेमाल किए जा सकते हैं।" });
    expect(fieldMessages("hi", phoneCodeInput, {}).errors).toEqual({ phone: "कृपया अपना मोबाइल नंबर लिखें।" });
  });

  it("never leaks one request's language into another's served at the same time", async () => {
    const tick = () => new Promise((resolve) => setTimeout(resolve, 0));
    const slow = (locale: Locale) =>
      withLocale(locale, async () => {
        await tick();
        return fieldMessages(locale, phoneCodeInput, {}).errors.phone;
      });
    expect(await Promise.all([slow("hi"), slow("en")])).toEqual(["कृपया अपना मोबाइल नंबर लिखें।", "Please enter your mobile number."]);
  });
});
