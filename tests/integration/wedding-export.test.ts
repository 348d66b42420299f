import { env } from "cloudflare:workers";
import { strFromU8, unzipSync } from "fflate";
import { beforeAll, describe, expect, it } from "vitest";
import { call, sessionCookieFor } from "#tests/support/factories.ts";
import { page } from "#tests/support/pages.ts";
import { buildWeddingWorld, type WeddingWorld } from "#tests/support/wedding-roles.ts";

/**
 * The wedding's records as a zip of CSV files (issue 33, docs/decisions/0065-wedding-export.md):
 * GET /api/v1/weddings/export and the page's /profile/family/export.zip. A wedding with a row in
 * every table it exports; the zip is unzipped and each file read as a spreadsheet would.
 */

const FILES = [
  "functions.csv",
  "tasks.csv",
  "checklist.csv",
  "budget-total.csv",
  "budget.csv",
  "guests.csv",
  "households.csv",
  "invitations.csv",
  "answers.csv",
  "e-invite-requests.csv",
  "cards.csv",
  "planners.csv",
  "activity.csv",
];

/** RFC 4180 rows (quoted fields, "" for a quote, CRLF), as a spreadsheet reads the file. */
function rowsOf(csv: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let quoted = false;
  for (let i = 0; i < csv.length; i++) {
    const c = csv[i]!;
    if (quoted && c === '"' && csv[i + 1] === '"') {
      field += '"';
      i++;
    } else if (quoted) {
      if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ",") {
      row.push(field);
      field = "";
    } else if (c === "\n") {
      row.push(field);
      rows.push(row);
      row = [];
      field = "";
    } else if (c !== "\r") field += c;
  }
  return rows;
}

type Export = { status: number; headers: Headers; files: Record<string, string>; raw: string };

async function download(path: string, cookie?: string, viaPage = false): Promise<Export> {
  const res = viaPage ? await page(path, { headers: cookie ? { Cookie: cookie } : {} }) : await call(path, { cookie });
  const bytes = new Uint8Array(await res.arrayBuffer());
  if (res.status !== 200) return { status: res.status, headers: res.headers, files: {}, raw: strFromU8(bytes) };
  const files = Object.fromEntries(Object.entries(unzipSync(bytes)).map(([name, data]) => [name, strFromU8(data)]));
  return { status: res.status, headers: res.headers, files, raw: Object.values(files).join("\n") };
}
const apiExport = (cookie?: string) => download("/api/v1/weddings/export", cookie);

type World = WeddingWorld & { subEvent: string; inviteToken: string; now: number };

/** The role fixture's wedding (a function, task, household with its RSVP token, guest, budget line and total, checklist, card, members) and a row in every other table. */
async function weddingWithEverything(): Promise<World> {
  const w = await buildWeddingWorld();
  const now = Date.now();
  const db = env.DB;
  const extra = { subEvent: `r-sub-${w.tag}`, inviteToken: `plan-invite-hash-${w.tag}`, now };
  await db.batch([
    db
      .prepare(
        "INSERT INTO events (id, user_id, parent_id, name, event_date, start_time, end_time, venue, budget, created_at, updated_at) VALUES (?, ?, ?, 'Dholki', '2027-02-12', '18:00', '22:00', 'Terrace, Jaipur', 40000, ?, ?)",
      )
      .bind(extra.subEvent, w.couple, w.event, now, now),
    db
      .prepare(
        `UPDATE tasks SET notes = '=HYPERLINK("http://evil.example")', status = 'IN_PROGRESS', priority = 'HIGH', due_date = '2027-01-20', assignee = 'Groom' WHERE id = ?`,
      )
      .bind(w.task),
    db.prepare("UPDATE checklists SET categories = ? WHERE user_id = ?").bind(
      JSON.stringify([
        {
          category: `Checklist ${w.secret}`,
          items: [
            { name: "Book the pandit", done: true, scheduleDate: "2027-01-10" },
            { name: "Order sweets", done: false, scheduleDate: null },
          ],
        },
      ]),
      w.couple,
    ),
    db.prepare("INSERT INTO guest_rsvps (guest_id, event_id, response, party_size, answered_at) VALUES (?, ?, 'ATTENDING', 2, ?)").bind(w.guest, w.event, now),
    db.prepare("UPDATE household_invitations SET shared_at = ? WHERE household_id = ?").bind(now, w.household),
    db
      .prepare(
        "INSERT INTO invite_requests (id, card_id, user_id, name, phone, email, party_size, dietary, message, answers, status, created_at) VALUES (?, ?, ?, 'Pooja Nair', '+919812345678', 'pooja@guests.example', 3, 'VEG', 'See you there', ?, 'PENDING', ?)",
      )
      .bind(`r-req-${w.tag}`, w.card, w.couple, JSON.stringify({ [w.event]: "ATTENDING" }), now),
    ...[
      ["open", "Kamala Aunty", null, now + 7 * 86_400_000],
      ["revoked", "Revoked Person", now, now + 7 * 86_400_000],
      ["expired", "Expired Person", null, now - 1000],
    ].map(([kind, name, revokedAt, expiresAt]) =>
      db
        .prepare(
          "INSERT INTO wedding_invitations (id, wedding_id, token_hash, email, name, role, areas, sees_contacts, invited_by, expires_at, revoked_at, created_at, updated_at) VALUES (?, ?, ?, ?, ?, 'EDITOR', 'guests', 0, ?, ?, ?, ?, ?)",
        )
        .bind(
          `r-inv-${kind}-${w.tag}`,
          w.wedding,
          `${extra.inviteToken}-${kind}`,
          `${kind}-${w.tag}@family.example`,
          name,
          w.couple,
          expiresAt,
          revokedAt,
          now,
          now,
        ),
    ),
    db
      .prepare(
        "INSERT INTO wedding_activity (id, wedding_id, actor_id, actor_name, area, action, count, subject, function_name, created_at) VALUES (?, ?, ?, 'Meena Verma', 'guests', 'guests_added', 12, NULL, ?, ?)",
      )
      .bind(`r-act-${w.tag}`, w.wedding, w.couple, `Sangeet ${w.secret}`, now),
    // Another wedding's activity: never in this wedding's zip.
    db
      .prepare(
        "INSERT INTO wedding_activity (id, wedding_id, actor_id, actor_name, area, action, count, created_at) VALUES (?, ?, ?, 'Stranger Singh', 'guests', 'guests_added', 1, ?)",
      )
      .bind(`r-act-other-${w.tag}`, `r-own-${w.otherCouple}`, w.otherCouple, now),
  ]);
  return { ...w, ...extra };
}

describe("the wedding's records as a zip of CSVs", () => {
  let w: World;
  let couple: Export;
  beforeAll(async () => {
    w = await weddingWithEverything();
    couple = await apiExport(await sessionCookieFor(w.couple));
  });

  it("downloads as a dated private zip of every file", () => {
    expect(couple.status, couple.raw).toBe(200);
    expect(couple.headers.get("Content-Type")).toBe("application/zip");
    expect(couple.headers.get("Content-Disposition")).toMatch(/^attachment; filename="wedding-records-\d{4}-\d{2}-\d{2}\.zip"$/);
    expect(couple.headers.get("Cache-Control")).toBe("private, no-store");
    expect(Object.keys(couple.files)).toEqual(FILES);
  });

  it("holds each table's rows with the values as stored", async () => {
    const f = (name: string) => rowsOf(couple.files[name]!);
    const sangeet = `Sangeet ${w.secret}`;
    const household = `Household ${w.secret}`;
    expect(f("functions.csv")).toEqual([
      ["Function", "Part of", "Date", "Starts", "Ends", "Venue", "Budget", "Description"],
      ["Dholki", sangeet, "2027-02-12", "18:00", "22:00", "Terrace, Jaipur", "40000", ""],
      [sangeet, "", "2027-02-13", "19:00", "", "", "0", ""],
    ]);
    // A cell a spreadsheet would run as a formula is defused.
    expect(f("tasks.csv")).toEqual([
      ["Function", "Task", "Status", "Priority", "Due", "Assigned to", "Notes"],
      [sangeet, `Task ${w.secret}`, "IN_PROGRESS", "HIGH", "2027-01-20", "Groom", `'=HYPERLINK("http://evil.example")`],
    ]);
    expect(f("checklist.csv")).toEqual([
      ["Category", "Item", "Done", "Date"],
      [`Checklist ${w.secret}`, "Book the pandit", "Yes", "2027-01-10"],
      [`Checklist ${w.secret}`, "Order sweets", "No", ""],
    ]);
    expect(f("budget-total.csv")).toEqual([["Total budget"], ["2000000"]]);
    expect(f("budget.csv")).toEqual([
      ["Category", "Item", "Function", "Estimated", "Quoted", "Booked", "Paid", "Due", "Notes"],
      ["venue", `Lawn ${w.secret}`, "", "500000", "0", "0", "0", "", ""],
    ]);
    expect(f("households.csv")).toEqual([
      ["Household", "Guests", "Notes"],
      [household, "1", ""],
    ]);
    const [invHeader, invitation, ...moreInvitations] = f("invitations.csv");
    expect(invHeader).toEqual(["Function", "Date", "Household", "Invited", "Link shared", "Reminded"]);
    expect(invitation!.slice(0, 3)).toEqual([sangeet, "2027-02-13", household]);
    expect(invitation![3]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    expect(invitation![4]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    expect(invitation![5]).toBe("");
    expect(moreInvitations).toEqual([]);
    const answers = f("answers.csv");
    expect(answers[0]).toEqual(["Function", "Household", "Guest", "Answer", "Party size", "Answered"]);
    expect(answers.slice(1).map((r) => r.slice(0, 5))).toEqual([[sangeet, household, `Guest ${w.secret}`, "ATTENDING", "2"]]);
    const requests = f("e-invite-requests.csv");
    expect(requests[0]).toEqual(["Card", "Name", "Phone", "Email", "Party size", "Dietary", "Message", "Answers", "Status", "Received", "Decided"]);
    expect(requests.slice(1).map((r) => [...r.slice(0, 9), r[10]])).toEqual([
      [`Card ${w.secret}`, "Pooja Nair", "'+919812345678", "pooja@guests.example", "3", "VEG", "See you there", `${sangeet}: ATTENDING`, "PENDING", ""],
    ]);
    const cards = f("cards.csv");
    expect(cards[0]).toEqual(["Title", "Heading", "Subheading", "Bride", "Groom", "Date", "Time", "Location", "Published", "Last changed"]);
    expect(cards.slice(1).map((r) => r[0])).toEqual([`Card ${w.secret}`]);
    const planners = f("planners.csv");
    expect(planners[0]).toEqual(["Name", "Email", "Phone", "Role", "Edits", "Sees contacts", "Status", "Since", "Invitation expires"]);
    const byName = (name: string) => planners.find((r) => r[0] === name);
    expect(byName(`Name ${w.couple}`)?.slice(0, 7)).toEqual([`Name ${w.couple}`, `${w.couple}@test.example`, "", "COUPLE", "", "Yes", "Member"]);
    expect(byName(`Name ${w.partner}`)?.[3]).toBe("PARTNER");
    expect(byName(`Name ${w.editors.budget}`)?.slice(3, 7)).toEqual(["EDITOR", "budget", "No", "Member"]);
    expect(byName(`Name ${w.viewer}`)?.[3]).toBe("VIEWER");
    expect(byName("Kamala Aunty")?.slice(0, 7)).toEqual(["Kamala Aunty", `open-${w.tag}@family.example`, "", "EDITOR", "guests", "No", "Invited"]);
    expect(byName("Kamala Aunty")?.[8]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    // Members (couple, partner, 4 editors, viewer) and the one open invitation: not the revoked or expired ones, nor the removed co-planner.
    expect(planners.length - 1).toBe(8);
    expect(couple.raw).not.toContain("Revoked Person");
    expect(couple.raw).not.toContain("Expired Person");
    expect(couple.raw).not.toContain(`Name ${w.removed}`);
    const activity = f("activity.csv");
    expect(activity[0]).toEqual(["When", "Who", "Area", "What"]);
    expect(activity.slice(1).map((r) => r.slice(1))).toEqual([["Meena Verma", "guests", "Meena Verma added 12 guests"]]);
  });

  it("holds the same guests.csv as the guest list's export, which imports back", async () => {
    const cookie = await sessionCookieFor(w.couple);
    const guestExport = await (await call("/api/v1/guests/export", { cookie })).text();
    expect(couple.files["guests.csv"]).toBe(guestExport);
    const guest = rowsOf(couple.files["guests.csv"]!).find((r) => r[1] === `Guest ${w.secret}`);
    expect(guest?.slice(0, 6)).toEqual([`Household ${w.secret}`, `Guest ${w.secret}`, "BOTH", "", `'${w.guestPhone}`, w.guestEmail]);
    // Imported into a fresh account, it makes the same list.
    const fresh = await sessionCookieFor(w.otherCouple);
    const imported = await call("/api/v1/guests/import", { method: "POST", cookie: fresh, body: { csv: couple.files["guests.csv"] } });
    expect(((await imported.json()) as { imported: number }).imported).toBe(1);
  });

  it("holds no secret and nothing of another wedding", () => {
    for (const secret of [w.rsvpToken, w.inviteToken, "canvas", "objects", "Their household", "Stranger Singh", w.otherCouple]) {
      expect(couple.raw, secret).not.toContain(secret);
    }
  });

  it("gives a partner the same files, and refuses every other member with a clear message", async () => {
    const partner = await apiExport(await sessionCookieFor(w.partner));
    expect(partner.status).toBe(200);
    expect(partner.files).toEqual(couple.files);
    for (const who of [w.viewer, w.editors.guests, w.editors.budget]) {
      const refused = await apiExport(await sessionCookieFor(who));
      expect(refused.status).toBe(403);
      expect(JSON.parse(refused.raw)).toMatchObject({ success: false, message: "Only the couple and partners can download the wedding's records." });
      expect(refused.raw).not.toContain(w.secret);
    }
    expect((await apiExport()).status).toBe(401);
  });

  it("is the page's download too", async () => {
    const viaPage = await download("/profile/family/export.zip", await sessionCookieFor(w.couple), true);
    expect(viaPage.status).toBe(200);
    expect(viaPage.headers.get("Content-Disposition")).toMatch(/^attachment; filename="wedding-records-\d{4}-\d{2}-\d{2}\.zip"$/);
    expect(viaPage.headers.get("Cache-Control")).toBe("private, no-store");
    expect(viaPage.files).toEqual(couple.files);
    // A page refuses as pages do: back home with the reason in a toast.
    const viewer = await download("/profile/family/export.zip", await sessionCookieFor(w.viewer), true);
    expect(viewer.status).toBe(302);
    expect(viewer.headers.get("Location")).toBe("/");
    expect(decodeURIComponent(viewer.headers.get("Set-Cookie") ?? "")).toContain("Only the couple and partners can download the wedding's records.");
    expect(viewer.raw).not.toContain(w.secret);
  });

  it("writes a Hindi account's headers and fixed words in Hindi", async () => {
    await env.DB.prepare("UPDATE users SET locale = 'hi' WHERE id = ?").bind(w.partner).run();
    const hindi = await apiExport(await sessionCookieFor(w.partner));
    await env.DB.prepare("UPDATE users SET locale = NULL WHERE id = ?").bind(w.partner).run();
    expect(hindi.status).toBe(200);
    expect(rowsOf(hindi.files["functions.csv"]!)[0]).toEqual(["समारोह", "किस समारोह का हिस्सा", "तारीख", "शुरू", "समाप्त", "स्थान", "बजट", "विवरण"]);
    expect(rowsOf(hindi.files["checklist.csv"]!)[1]?.[2]).toBe("हाँ");
    expect(rowsOf(hindi.files["guests.csv"]!)[0]?.[0]).toBe("परिवार");
    // The values stay as stored.
    expect(rowsOf(hindi.files["functions.csv"]!)[1]?.[0]).toBe("Dholki");
  });
});
