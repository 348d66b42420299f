import { describe, expect, it } from "vitest";
import { withLocale } from "#platform/locale.ts";
import { m } from "#shared/paraglide/messages.js";
import { readOnlyMessage } from "#domain/weddings/index.ts";

/**
 * The message catalogues (issue 32, docs/decisions/0046): every message exists in English and in
 * Hindi with the same parameters, so no request in either language meets a missing text or a
 * parameter its language does not fill; a key lives in one area file only (a second definition
 * would silently replace the first); and the domain's refusals come from the catalogue, never
 * from an English literal written where they are thrown.
 */
const catalogues = import.meta.glob("../../messages/**/*.json", { import: "default", eager: true }) as Record<string, Record<string, unknown>>;

const areaOf = (path: string) => path.replace("../../messages/", "").replace(/(^|\/)(en|hi)\.json$/, "") || "shared";
const localeOf = (path: string) => path.match(/(en|hi)\.json$/)?.[1] as "en" | "hi";

/** The parameters a message uses: `{name}` in its text and `input name` in a plural's declarations. */
function parameters(message: unknown): string[] {
  const text = JSON.stringify(message);
  return [...new Set([...text.matchAll(/\{(\w+)\}|"input (\w+)"/g)].map((match) => match[1] ?? match[2] ?? ""))].sort();
}

const areas = new Map<string, { en: Record<string, unknown>; hi: Record<string, unknown> }>();
for (const [path, messages] of Object.entries(catalogues)) {
  const area = areas.get(areaOf(path)) ?? ({} as { en: Record<string, unknown>; hi: Record<string, unknown> });
  area[localeOf(path)] = Object.fromEntries(Object.entries(messages).filter(([key]) => key !== "$schema"));
  areas.set(areaOf(path), area);
}

describe("the message catalogues", () => {
  it("has every area in both languages", () => {
    expect([...areas.keys()].sort()).toEqual(["account", "admin", "api", "couple", "mail", "public", "shared", "vendor"]);
    for (const [area, { en, hi }] of areas) expect({ area, en: !!en, hi: !!hi }).toEqual({ area, en: true, hi: true });
  });

  for (const [area, { en, hi }] of areas) {
    it(`gives every ${area} message in both languages with the same parameters`, () => {
      expect(Object.keys(hi).sort(), `${area}: keys`).toEqual(Object.keys(en).sort());
      const differing = Object.keys(en)
        .filter((key) => key in hi && parameters(en[key]).join() !== parameters(hi[key]).join())
        .map((key) => `${key}: en {${parameters(en[key]).join(", ")}} hi {${parameters(hi[key]).join(", ")}}`);
      expect(differing).toEqual([]);
    });
  }

  it("defines each key in one area only", () => {
    const seen = new Map<string, string>();
    const twice: string[] = [];
    for (const [area, { en }] of areas)
      for (const key of Object.keys(en)) {
        if (seen.has(key)) twice.push(`${key}: ${seen.get(key)} and ${area}`);
        seen.set(key, area);
      }
    expect(twice).toEqual([]);
  });

  it("says a domain message with parameters and plurals in each language", () => {
    expect(withLocale("en", () => [m.api_code_wrong({ left: m.api_code_tries_left({ left: 1 }) }), m.api_e_guest_list_full({ max: 800 })])).toEqual([
      "That code is not right. 1 try left.",
      "Your guest list is full (800 guests).",
    ]);
    expect(withLocale("hi", () => [m.api_code_wrong({ left: m.api_code_tries_left({ left: 3 }) }), m.api_e_guest_list_full({ max: 800 })])).toEqual([
      "यह कोड सही नहीं है। 3 कोशिशें बाक़ी हैं।",
      "आपकी मेहमानों की सूची भर गई है (800 मेहमान)।",
    ]);
  });
});

/**
 * The sources are loaded one module per file: eagerly they would be one 1.4 MB module, more than the
 * test pool's WebSocket carries in one message (its workers crash with "Message is too large").
 */
const sourceLoaders = import.meta.glob<string>(["../../functions/domain/**/*.ts", "../../functions/platform/**/*.ts", "../../functions/api/**/*.ts"], {
  query: "?raw",
  import: "default",
});
const domainSources: Record<string, string> = Object.fromEntries(
  await Promise.all(Object.entries(sourceLoaders).map(async ([path, load]) => [path, await load()] as const)),
);

describe("the domain's refusals", () => {
  it("come from the catalogue, not from English written where they are thrown", () => {
    const literal = /new (NotFound|Invalid|Forbidden|Conflict|Unauthorized|TooManyRequests|PayloadTooLarge|UnsupportedMediaType)\(\s*["'`]/g;
    const found = Object.entries(domainSources).flatMap(([path, source]) =>
      [...source.matchAll(literal)].map((match) => `${path.replace("../../", "")}:${source.slice(0, match.index).split("\n").length}`),
    );
    expect(found).toEqual([]);
  });

  it("and its confirmations come from the catalogue too, not from English written where they are returned", () => {
    const literal = /\bmessage:\s*[`"'“][A-Z$“]/g;
    const found = Object.entries(domainSources).flatMap(([path, source]) =>
      [...source.matchAll(literal)].map((match) => `${path.replace("../../", "")}:${source.slice(0, match.index).split("\n").length}`),
    );
    expect(found.filter((place) => !SAID_ONLY_TO_ADMINS_OR_MACHINES.some((file) => place.startsWith(`${file}:`)))).toEqual([]);
  });

  it("keep every *_MESSAGES text a getter or a function, so it is said in the language of the request", () => {
    const object = /export const (\w+_MESSAGES) = \{([\s\S]*?)\n\}/g;
    const literals = Object.entries(domainSources).flatMap(([path, source]) =>
      [...source.matchAll(object)].flatMap(([, name, body]) =>
        [...(body ?? "").matchAll(/^ {2}(\w+): ["'`]/gm)]
          .map(([, key]) => `${name}.${key}`)
          .filter((key) => !STORED_IN_RECORDS.includes(key))
          .map((key) => `${path.replace("../../", "")}: ${key}`),
      ),
    );
    expect(literals).toEqual([]);
  });
});

describe("the domain's refusals passed as arguments", () => {
  it("are said in Hindi to a Hindi reader: a viewer's read-only area, a sign-in guard, a form's summary", () => {
    expect(withLocale("hi", () => [readOnlyMessage("guests"), m.guard_sign_in_to_see_your_bookings(), m.api_e_please_correct_the_booking()])).toEqual([
      "आप इस शादी की मेहमानों की सूची देख सकते हैं, पर बदल नहीं सकते।",
      "अपनी बुकिंग देखने के लिए कृपया लॉग इन करें।",
      "कृपया बुकिंग ठीक करें।",
    ]);
    expect(withLocale("en", () => readOnlyMessage("plan"))).toBe("You can see this wedding's plan and checklist but not change it.");
  });
});

describe("the domain's words passed as arguments or returned", () => {
  it("come from the catalogue: an English sentence written in functions/{domain,platform,api} is said in English to a Hindi reader", () => {
    const found = Object.entries(domainSources).flatMap(([path, source]) => {
      const file = path.replace("../../", "");
      return withoutApiDocs(withoutComments(source))
        .split("\n")
        .flatMap((line, index) => {
          if (FOR_DEVELOPERS.test(line)) return [];
          const sentence = englishSentenceIn(line);
          return sentence && !keptInEnglish(file, sentence) ? [`${file}:${index + 1}: ${sentence}`] : [];
        });
    });
    expect(Object.keys(domainSources).length).toBeGreaterThan(200);
    expect(found).toEqual([]);
  });

  it("finds such a sentence where one is written, and leaves the API's documentation and developers' errors alone", () => {
    expect(englishSentenceIn('throw new GoogleTokenError("The Google sign-in token\'s signature is not valid.");')).toBe(
      "The Google sign-in token's signature is not valid.",
    );
    expect(englishSentenceIn("return refused(`The reply is too large (over ${REPLY_RAW_MAX_BYTES / 1024} KB). Please answer without attachments.`);")).toBe(
      "The reply is too large (over ${REPLY_RAW_MAX_BYTES / 1024} KB). Please answer without attachments.",
    );
    expect(englishSentenceIn('  return { message: kind === "logo" ? "Logo updated." : "Profile photo updated." };')).toBe("Logo updated.");
    expect(englishSentenceIn("return refused(m.api_reply_empty());")).toBeNull();
    expect(withoutApiDocs('{ summary: "Log in", description:\n  "Sends a code. Answers 429 when asked too often.",\n  access: "public" }')).not.toMatch(
      /[A-Z][a-z]+ /,
    );
    expect(FOR_DEVELOPERS.test('if (!size) throw new Error("Billing was not handed any payment purpose.");')).toBe(true);
    expect(keptInEnglish("functions/domain/billing/refunds.ts", "Refunded at the payment gateway.")).toBe(true);
    expect(keptInEnglish("functions/domain/billing/refunds.ts", "Your refund is on its way.")).toBe(false);
    expect(keptInEnglish("functions/domain/admin/spam-queue.ts", "Confirmed as spam.")).toBe(true);
  });
});

describe("the pages' own answers", () => {
  it("come from the catalogue: a toast, a form's refusal or an upload's outcome written as an English sentence in app/ is said in English to a Hindi reader", () => {
    const found = Object.entries(pageSources)
      .filter(([path]) => !READ_ONLY_BY_ADMINS.some((place) => path.replace("../../", "").startsWith(place)))
      .flatMap(([path, source]) =>
        withoutComments(source)
          .split("\n")
          .flatMap((line, index) => {
            if (/console\.|^\s*import |Error\(/.test(line)) return [];
            const sentence = line.match(ENGLISH_SENTENCE);
            return sentence ? [`${path.replace("../../", "")}:${index + 1}: ${sentence[1]}`] : [];
          }),
      );
    expect(Object.keys(pageSources).length).toBeGreaterThan(100);
    expect(found).toEqual([]);
  });

  it("finds such a sentence where one is written (so the check above cannot pass on nothing)", () => {
    expect('return back("New RSVP link made: the old one no longer works.");'.match(ENGLISH_SENTENCE)?.[1]).toBe(
      "New RSVP link made: the old one no longer works.",
    );
    expect("return sent(intent, `Quote sent.`);".match(ENGLISH_SENTENCE)?.[1]).toBe("Quote sent.");
    expect("return back(m.couple_toast_rsvp_link_reset());".match(ENGLISH_SENTENCE)).toBeNull();
    expect(withoutComments('/**\n * Says "Quote sent."\n */\nx(); // "Done."')).not.toMatch(ENGLISH_SENTENCE);
  });
});

/** The app's sources, one module per file (see sourceLoaders). */
const pageSources: Record<string, string> = Object.fromEntries(
  await Promise.all(
    Object.entries(import.meta.glob<string>(["../../app/**/*.{ts,tsx}"], { query: "?raw", import: "default" })).map(
      async ([path, load]) => [path, await load()] as const,
    ),
  ),
);

/** A quoted English sentence: a capitalised word, more words, a full stop (or ! ?) before the closing quote; `${x} ` or “ may open it. */
const ENGLISH_SENTENCE = /[`"'“]((?:\$\{[^}]+\} |“)?[A-Z][a-z]+(?: [^"`'\n]+)?[a-z)”}][.!?])[`"'”]/;

/** Comments blanked, lines kept where they were (a URL's // is not a comment). */
const withoutComments = (source: string) => source.replace(/\/\*[\s\S]*?\*\//g, (comment) => comment.replace(/[^\n]/g, "")).replace(/(^|[^:])\/\/.*$/gm, "$1");

/** The admin console and the admins' blog writer stay English (decision 0046); the dev pages are not in production. */
const READ_ONLY_BY_ADMINS = ["app/routes/admin/", "app/components/admin/", "app/routes/dev/", "app/routes/blog/editor", "app/routes/blog/dashboard.tsx"];

/**
 * Files whose returned words only an admin (the console stays English, decision 0046) or another
 * machine (a payment gateway's or Meta's webhook call) reads.
 */
const SAID_ONLY_TO_ADMINS_OR_MACHINES = [
  "functions/domain/admin/service-moderation.ts",
  "functions/domain/accounts/admin-roles.ts",
  "functions/domain/invitations/template-admin.ts",
  "functions/domain/billing/payment-webhooks.ts",
  "functions/api/whatsapp.ts",
];

/** Texts written into a stored record (a refund's reason, a reconciliation flag) stay in the base language: admins and the audit read them later. */
const STORED_IN_RECORDS = [
  "REFUND_MESSAGES.atGateway",
  "REFUND_MESSAGES.gatewayFailed",
  "PAYMENT_MESSAGES.lateRefund",
  "RECONCILIATION_MESSAGES.unknownAtGateway",
  "RECONCILIATION_MESSAGES.secondPayment",
];

/** A quoted English sentence in functions/: ENGLISH_SENTENCE, or one in double quotes or backticks with an apostrophe inside ("the token's signature"). */
const ENGLISH_SENTENCE_WITH_APOSTROPHE = /(["`])((?:\$\{[^}]+\} |“)?[A-Z][a-z]+(?: (?:(?!\1)[^\n])+)?[a-z)”}][.!?])\1/;
const englishSentenceIn = (line: string): string | null => line.match(ENGLISH_SENTENCE_WITH_APOSTROPHE)?.[2] ?? line.match(ENGLISH_SENTENCE)?.[1] ?? null;

/** Lines only developers read: logs, a programming error's `new Error`, imports. */
const FOR_DEVELOPERS = /console\.|^\s*import |\bnew Error\(|\blog\.(debug|info|warn|error)\(/;

/** The OpenAPI document's words (an endpoint's summary, description and responses), blanked: they are for the developers of API clients. */
const withoutApiDocs = (source: string) =>
  source.replace(/\b(description|summary|\d{3}):\s*(["'`])(?:\\.|(?!\2)[^\\])*\2/g, (docs) => docs.replace(/[^\n]/g, " "));

/**
 * English that stays English in functions/, each with why (decision 0046): a file or folder (every sentence in it), or
 * "file: sentence" for that sentence only (the start of it). Everything else a person reads comes from the catalogue.
 */
const KEPT_IN_ENGLISH = [
  // Only admins read these: the admin console stays English.
  "functions/domain/admin/",
  "functions/domain/billing/plan-admin.ts",
  "functions/domain/billing/transactions.ts",
  "functions/domain/invitations/template-admin.ts",
  // The team's copy of a contact message, mailed to the team's mailbox (the sender's acknowledgement is in their language).
  "functions/domain/content/contact-messages.ts: Reply to ${input.email}.",
  "functions/domain/content/contact-messages.ts: You receive this e-mail because messages from the contact page go to the team's mailbox.",
  // Machines: the payment gateway's and Meta's webhook calls, the model's prompt and the English drafts it stands in for,
  // the sandbox gateway's own pages (a local stand-in for Razorpay's checkout, never in production), the 503 body of a
  // media file an <img> asked for, and the direct-upload folder an API client names.
  "functions/domain/billing/payment-webhooks.ts",
  "functions/api/whatsapp.ts",
  "functions/platform/ai.ts",
  "functions/platform/sandbox-gateway.ts",
  "functions/platform/media.ts: This file cannot be read right now.",
  "functions/domain/catalogue/direct-photo-uploads.ts: Use user_assets or services/{serviceId}.",
  // The OpenAPI document's shared sentences, kept in constants the descriptions use.
  "functions/api/vendor-services.ts: The service's vendor, or an admin;",
  "functions/api/invite-templates.ts: Each template:",
  // Written into stored records (a refund's or a failure's reason, a reconciliation flag): admins and the audit read them
  // later in any language; a couple's page shows a failure reason as recorded, marked lang="en".
  "functions/domain/billing/payment-records.ts: Paid after the order expired, so nothing was bought",
  "functions/domain/billing/payment-records.ts: Replaced by a newer order.",
  "functions/domain/billing/payment-records.ts: The payment failed.",
  "functions/domain/billing/refunds.ts: Refunded at the payment gateway.",
  "functions/domain/billing/refunds.ts: The gateway could not refund the payment.",
  "functions/domain/billing/reconciliation.ts",
  "functions/domain/invitations/template-purpose.ts: Paid for a design the couple already owned",
  // A wedding's move to its store is refused while another holds it: the daily job's log and the development page read it.
  "functions/domain/weddings/wedding-move.ts: Another move of wedding",
];

function keptInEnglish(file: string, sentence: string): boolean {
  return KEPT_IN_ENGLISH.some((entry) => {
    const at = entry.indexOf(": ");
    if (at < 0) return entry.endsWith("/") ? file.startsWith(entry) : file === entry;
    return file === entry.slice(0, at) && sentence.startsWith(entry.slice(at + 2));
  });
}
