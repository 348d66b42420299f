import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { call, signedIn } from "#tests/support/factories.ts";
import { page } from "#tests/support/pages.ts";

/**
 * The guest list's CSV in both languages (issue 32): the export's header and fixed words (side,
 * dietary, yes or no) are in the person's language (a Hindi account's API answer, a Hindi page's
 * download), and the import reads either language's, whatever the account's, so a file goes out
 * and comes back unchanged in each language and an English spreadsheet still imports for a Hindi
 * account.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Loose = Record<string, any>;

async function coupleWhoChose(locale: "en" | "hi" | null) {
  const c = await signedIn("USER");
  await env.DB.prepare("UPDATE users SET locale = ? WHERE id = ?").bind(locale, c.id).run();
  return c;
}

const HINDI_HEADER = "परिवार,नाम,किसकी तरफ़,रिश्ता,फ़ोन,ईमेल,शहर,खान-पान,ठहरने की ज़रूरत,लाने की ज़रूरत";
const ENGLISH_HEADER = "Household,Name,Side,Relation,Phone,Email,City,Dietary,Stay,Pickup";

/** A list with every side, every dietary preference and both answers of stay and pickup. */
async function fillList(cookie: string) {
  const add = async (body: Loose) => {
    const res = await call("/api/v1/guests", { method: "POST", cookie, body });
    expect(res.status, await res.clone().text()).toBe(201);
    return ((await res.json()) as Loose).guest as Loose;
  };
  const anil = await add({
    name: "Anil Sharma",
    side: "BRIDE",
    relation: "Uncle",
    phone: "+91 98765 43210",
    email: "anil@example.com",
    city: "Jaipur",
    dietary: "VEG",
    needsStay: true,
  });
  await add({ householdId: anil.householdId, name: "Sunita Sharma", side: "BRIDE", relation: "Aunt", dietary: "JAIN", needsPickup: true });
  await add({ name: "रवि अय्यर", side: "GROOM", relation: "दोस्त", city: "चेन्नई", dietary: "NON_VEG", needsStay: true, needsPickup: true });
  await add({ name: "Neha Kapoor", side: "BOTH", dietary: "VEGAN" });
  await add({ name: "Amit Kapoor" });
}

/** The list as a person reads it, without ids and times. */
async function listOf(cookie: string) {
  const guests = ((await (await call("/api/v1/guests", { cookie })).json()) as Loose).guests as Loose[];
  return guests
    .map((g) => [g.householdName, g.name, g.side, g.relation, g.phone, g.email, g.city, g.dietary, g.needsStay, g.needsPickup])
    .sort((a, b) => String(a[1]).localeCompare(String(b[1])));
}

const importInto = async (cookie: string, csv: string) =>
  (await (await call("/api/v1/guests/import", { method: "POST", cookie, body: { csv } })).json()) as Loose;
const exportOf = async (cookie: string, headers: Record<string, string> = {}) => (await call("/api/v1/guests/export", { cookie, headers })).text();

describe("the guest list's CSV in the person's language", () => {
  it("exports a Hindi account's list with Hindi column names and words, and the file imports back unchanged for a Hindi or an English account", async () => {
    const hindi = await coupleWhoChose("hi");
    await fillList(hindi.cookie);
    const text = await exportOf(hindi.cookie);
    const lines = text.trim().split("\r\n");
    expect(lines[0]).toBe(HINDI_HEADER);
    expect(lines).toContain("Anil Sharma,Anil Sharma,दुल्हन की तरफ़,Uncle,'+91 98765 43210,anil@example.com,Jaipur,शाकाहारी,हाँ,नहीं");
    expect(lines).toContain("Anil Sharma,Sunita Sharma,दुल्हन की तरफ़,Aunt,,,,जैन,नहीं,हाँ");
    expect(lines).toContain("रवि अय्यर,रवि अय्यर,दूल्हे की तरफ़,दोस्त,,,चेन्नई,मांसाहारी,हाँ,हाँ");
    expect(lines).toContain("Neha Kapoor,Neha Kapoor,दोनों तरफ़,,,,,वीगन,नहीं,नहीं");
    expect(lines).toContain("Amit Kapoor,Amit Kapoor,दोनों तरफ़,,,,,,नहीं,नहीं");
    // No English word of the file's own is left (the Latin letters are the guests' names and contacts).
    expect(text).not.toMatch(/\b(BRIDE|GROOM|BOTH|Veg|Jain|Non-veg|Vegan|Yes|No|Household|Stay|Pickup)\b/);

    for (const locale of ["hi", "en"] as const) {
      const fresh = await coupleWhoChose(locale);
      expect(await importInto(fresh.cookie, text)).toMatchObject({ imported: 5, householdsCreated: 4, errors: [] });
      expect(await listOf(fresh.cookie), `imported by a ${locale} account`).toEqual(await listOf(hindi.cookie));
      // And out again in Hindi: the same file.
      if (locale === "hi") expect(await exportOf(fresh.cookie)).toBe(text);
    }
  });

  it("exports an English account's list in English as before, and it imports back unchanged for an English or a Hindi account", async () => {
    const english = await coupleWhoChose("en");
    await fillList(english.cookie);
    // The saved choice, not the client's Accept-Language, decides.
    const text = await exportOf(english.cookie, { "Accept-Language": "hi" });
    const lines = text.trim().split("\r\n");
    expect(lines[0]).toBe(ENGLISH_HEADER);
    expect(lines).toContain("Anil Sharma,Anil Sharma,BRIDE,Uncle,'+91 98765 43210,anil@example.com,Jaipur,Veg,Yes,No");
    expect(lines).toContain("रवि अय्यर,रवि अय्यर,GROOM,दोस्त,,,चेन्नई,Non-veg,Yes,Yes");
    for (const locale of ["en", "hi"] as const) {
      const fresh = await coupleWhoChose(locale);
      expect(await importInto(fresh.cookie, text)).toMatchObject({ imported: 5, errors: [] });
      expect(await listOf(fresh.cookie), `imported by a ${locale} account`).toEqual(await listOf(english.cookie));
      if (locale === "en") expect(await exportOf(fresh.cookie)).toBe(text);
    }
  });

  it("reads a spreadsheet's own spellings in Hindi (no nukta, हां, वधू पक्ष) and tells a Hindi account what is wrong with a row in Hindi", async () => {
    const c = await coupleWhoChose("hi");
    const csv = [
      "परिवार,मेहमान का नाम,पक्ष,रिश्ता,मोबाइल,ईमेल,शहर,खाना,ठहरना,पिकअप",
      "वर्मा परिवार,आशा वर्मा,वधू पक्ष,मौसी,98765 43210,,जयपुर,शाकाहारी,हां,ना",
      "वर्मा परिवार,राहुल वर्मा,दूल्हे की तरफ,,,,,मांसाहारी,नही,हाँ",
      "वर्मा परिवार,सीमा वर्मा,दोनों,,,,,मछली,शायद,",
      "",
    ].join("\n");
    const res = await importInto(c.cookie, csv);
    expect(res).toMatchObject({ imported: 2, householdsCreated: 1 });
    expect(res.errors).toHaveLength(1);
    expect(res.errors[0].row).toBe(4);
    expect(res.errors[0].reason).toContain("ठहरने की ज़रूरत: हाँ या नहीं लिखिए।");
    expect(res.errors[0].reason).not.toMatch(/[A-Za-z]{3,}/);
    expect(await listOf(c.cookie)).toEqual([
      ["वर्मा परिवार", "आशा वर्मा", "BRIDE", "मौसी", "98765 43210", null, "जयपुर", "VEG", true, false],
      ["वर्मा परिवार", "राहुल वर्मा", "GROOM", null, null, null, null, "NON_VEG", false, true],
    ]);
  });

  it("imports an English spreadsheet for a Hindi account, its row reasons in Hindi", async () => {
    const c = await coupleWhoChose("hi");
    const csv = [
      "household,NAME,Side,Relationship,Mobile,E-mail,City,Diet,Needs stay,Pickup",
      "Sharma family,Anil Sharma,Bride's,Uncle,,,Jaipur,Veg,yes,no",
      ",Ravi Iyer,Groom,,,,,Jain,maybe,",
    ].join("\n");
    const res = await importInto(c.cookie, csv);
    expect(res).toMatchObject({ imported: 1, errors: [{ row: 3, reason: "ठहरने की ज़रूरत: हाँ या नहीं लिखिए।" }] });
    expect(await listOf(c.cookie)).toEqual([["Sharma family", "Anil Sharma", "BRIDE", "Uncle", null, null, "Jaipur", "VEG", true, false]]);
  });

  it("downloads the file from the Hindi page in Hindi, and from the English page in the language the account chose", async () => {
    const none = await coupleWhoChose(null);
    await fillList(none.cookie);
    const header = async (path: string, cookie: string) => {
      const res = await page(path, { headers: { Cookie: cookie } });
      expect(res.status).toBe(200);
      expect(res.headers.get("Content-Type")).toMatch(/^text\/csv/);
      return (await res.text()).split("\r\n")[0];
    };
    expect(await header("/hi/profile/guests/export.csv", none.cookie)).toBe(HINDI_HEADER);
    expect(await header("/profile/guests/export.csv", none.cookie)).toBe(ENGLISH_HEADER);
    const hindi = await coupleWhoChose("hi");
    expect(await header("/profile/guests/export.csv", hindi.cookie)).toBe(HINDI_HEADER);
  });
});
