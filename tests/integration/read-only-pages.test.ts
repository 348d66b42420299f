import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import Guests from "#app/routes/profile/guests/route.tsx";
import Budget from "#app/routes/profile/weddingbudget/route.tsx";
import Plan from "#app/routes/profile/weddingplan/route.tsx";
import WeddingFunction from "#app/routes/profile/weddingplan/event.tsx";
import Checklist from "#app/routes/profile/checklist/route.tsx";
import Cards from "#app/routes/profile/invitation-cards/route.tsx";
import { loadPage } from "#tests/support/pages.ts";
import { intentsOf, postsAnything, renderPage } from "#tests/support/render-page.ts";
import { buildWeddingWorld, cookieOf, type PlanningArea, type WeddingRoleName, type WeddingWorld } from "#tests/support/wedding-roles.ts";

/**
 * The planning pages as each co-planner reads them (issue 33, decision 0049): a viewer, or an editor
 * of another area, reads a page without the forms the server would only refuse, with a note that
 * they can view it; guests' phone numbers and e-mail addresses reach neither the page's data nor its
 * HTML unless the couple shared them; head-counts show to every member. The refusals themselves are
 * the access matrix's (access-matrix-roles.test.ts).
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Loose = Record<string, any>;

let w: WeddingWorld;
beforeAll(async () => {
  w = await buildWeddingWorld();
});

/** The guest page with the guest's and the household's edit forms asked for (they are drawn only on their `?edit=` links, issue 33). */
async function guestPageAs(cookie: string | undefined, editing = true) {
  const path = editing ? `/profile/guests?edit=${w.guest}&editHousehold=${w.household}` : "/profile/guests";
  const data = await loadPage<Loose>(path, cookie);
  return { data, html: await renderPage(Guests, data, "/profile/guests", path) };
}

const GUEST_LIST_FORMS = ["addGuest", "addHousehold", "deleteGuest", "deleteHousehold", "editGuest", "editHousehold", "import", "invite", "resetLink"];

describe("the guest page for each co-planner", () => {
  it("shows a viewer the guests and head-counts read-only, without forms and without phone numbers or e-mail", async () => {
    const { data, html } = await guestPageAs(await cookieOf(w, "viewer", "guests"));
    expect(data.rights).toEqual({ edits: { guests: false, budget: false, plan: false, invitations: false }, seesContacts: false });
    expect(data.search.guests.map((g: Loose) => [g.name, g.phone, g.email])).toEqual([[`Guest ${w.secret}`, null, null]]);
    expect(JSON.stringify(data)).not.toContain(w.guestPhone);
    expect(JSON.stringify(data)).not.toContain(w.guestEmail);

    expect(html).toContain(`Guest ${w.secret}`);
    expect(html).not.toContain(w.guestPhone);
    expect(html).not.toContain(w.guestEmail);
    expect(html).toContain("You can view this guest list. Only the couple and the people they allow can change it.");
    expect(html).toContain("Guests’ phone numbers and e-mail addresses are hidden");
    // The search box does not offer what this viewer cannot search by.
    expect(html).toContain('placeholder="Name, household, city"');
    expect(html).not.toContain("Name, phone, e-mail, city");
    expect(postsAnything(html)).toBe(false);
    expect(intentsOf(html)).toEqual([]);
    expect(html).not.toContain("/profile/guests/share/");
    expect(html).not.toContain(w.rsvpToken);
    // The head-counts: the household is invited to the Sangeet with its one guest, not answered yet.
    expect(data.headCounts).toEqual([expect.objectContaining({ eventId: w.event, invitedGuests: 1, attending: 0, notAnswered: 1 })]);
    expect(html).toContain(`data-testid="headcount-Sangeet ${w.secret}"`);
  });

  it("shows guests' contacts to a viewer the couple allowed to see them, still without forms", async () => {
    const viewer = await cookieOf(w, "viewer", "guests");
    await env.DB.prepare("UPDATE wedding_members SET sees_contacts = 1 WHERE user_id = ?").bind(w.viewer).run();
    try {
      const { data, html } = await guestPageAs(viewer);
      expect(data.rights.seesContacts).toBe(true);
      expect(html).toContain(w.guestPhone);
      expect(html).toContain(w.guestEmail);
      expect(html).not.toContain("Guests’ phone numbers and e-mail addresses are hidden");
      expect(html).toContain('placeholder="Name, phone, e-mail, city"');
      expect(postsAnything(html)).toBe(false);
    } finally {
      await env.DB.prepare("UPDATE wedding_members SET sees_contacts = 0 WHERE user_id = ?").bind(w.viewer).run();
    }
  });

  it("shows an editor of the budget the guest list as a viewer reads it", async () => {
    const { data, html } = await guestPageAs(await cookieOf(w, "editorOfArea", "budget"));
    expect(data.rights.edits).toEqual({ guests: false, budget: true, plan: false, invitations: false });
    expect(postsAnything(html)).toBe(false);
    expect(html).not.toContain(w.guestPhone);
    expect(html).toContain("You can view this guest list.");
  });

  it("gives an editor of the guest list every guest-list form and the contacts, but not sending links or reminders", async () => {
    const { data, html } = await guestPageAs(await cookieOf(w, "editorOfArea", "guests"));
    expect(data.rights).toEqual({ edits: { guests: true, budget: false, plan: false, invitations: false }, seesContacts: true });
    expect(intentsOf(html)).toEqual(GUEST_LIST_FORMS);
    expect(html).toContain(w.guestPhone);
    expect(html).not.toContain("You can view this guest list");
    expect(html).not.toContain("/profile/guests/share/");
    expect(html).toContain("Sending RSVP links and reminders is for those who may change the invitations.");
  });

  it("gives an editor of the invitations the reminder and share links, and the guest list read-only", async () => {
    const { html } = await guestPageAs(await cookieOf(w, "editorOfArea", "invitations"));
    expect(intentsOf(html)).toEqual(["remind"]);
    expect(html).toContain(`/profile/guests/share/${w.household}`);
    expect(html).toContain("You can view this guest list.");
    expect(html).not.toContain(w.guestPhone);
  });

  it("gives the couple and a partner every form, the contacts and no read-only note", async () => {
    for (const role of ["couple", "partner"] as const) {
      const { html } = await guestPageAs(await cookieOf(w, role, "guests"));
      expect(intentsOf(html)).toEqual([...GUEST_LIST_FORMS, "remind"].sort());
      expect(html).toContain(w.guestPhone);
      expect(html).toContain(`/profile/guests/share/${w.household}`);
      expect(html).not.toContain('data-testid="read-only-note"');
    }
    // Without the edit links opened, a guest's and a household's forms are links to them.
    const { html } = await guestPageAs(await cookieOf(w, "couple", "guests"), false);
    expect(intentsOf(html)).toEqual(["addGuest", "addHousehold", "import", "invite", "remind"]);
    expect(html).toContain(`?edit=${w.guest}#guest-${w.guest}`);
    expect(html).toContain(`?editHousehold=${w.household}#household-${w.household}`);
  });
});

type PageCase = {
  name: string;
  area: PlanningArea;
  note: string;
  path: string;
  url: (w: WeddingWorld) => string;
  Component: unknown;
  /** What the page shows every reader (the couple's record). */
  shows: (w: WeddingWorld) => string;
  /** The forms an editor of the area is offered, by their button's intent (the checklist's carry it in a hidden field). */
  forms: (html: string) => boolean;
};

const PAGES: PageCase[] = [
  {
    name: "budget",
    area: "budget",
    note: "You can view this budget.",
    path: "/profile/weddingbudget",
    url: () => "/profile/weddingbudget",
    Component: Budget,
    shows: (w) => `Lawn ${w.secret}`,
    forms: (html) => ["add-line", "delete-line", "edit-line", "suggest", "total"].every((i) => intentsOf(html).includes(i)),
  },
  {
    name: "plan",
    area: "plan",
    note: "You can view this plan.",
    path: "/profile/weddingplan",
    url: () => "/profile/weddingplan",
    Component: Plan,
    shows: (w) => `Sangeet ${w.secret}`,
    forms: (html) => ["create", "delete"].every((i) => intentsOf(html).includes(i)),
  },
  {
    name: "function",
    area: "plan",
    note: "You can view this plan.",
    path: "/profile/weddingplan/:eventId",
    url: (w) => `/profile/weddingplan/${w.event}`,
    Component: WeddingFunction,
    shows: (w) => `Task ${w.secret}`,
    forms: (html) => ["delete-event", "subevent", "task", "task-delete", "task-update", "update"].every((i) => intentsOf(html).includes(i)),
  },
  {
    name: "checklist",
    area: "plan",
    note: "You can view this checklist.",
    path: "/profile/checklist",
    url: () => "/profile/checklist",
    Component: Checklist,
    shows: (w) => `Checklist ${w.secret}`,
    forms: (html) => ["add-category", "add-item", "remove-category"].every((i) => html.includes(`name="intent" value="${i}"`)),
  },
  {
    name: "invitation cards",
    area: "invitations",
    note: "You can view these invitations.",
    path: "/profile/invitationCards",
    url: () => "/profile/invitationCards",
    Component: Cards,
    shows: (w) => `Card ${w.secret}`,
    forms: (html) => ["delete", "duplicate"].every((i) => intentsOf(html).includes(i)) && html.includes("/update_editor?card="),
  },
];

describe.each(PAGES)("the $name page for each co-planner", (p) => {
  const pageAs = async (role: WeddingRoleName) => {
    const data = await loadPage<Loose>(p.url(w), await cookieOf(w, role, p.area));
    return { data, html: await renderPage(p.Component, data, p.path, p.url(w)) };
  };

  it.each(["viewer", "editorOfOtherArea"] as const)("shows a %s the page read-only: what is planned, a note, no form that changes it", async (role) => {
    const { data, html } = await pageAs(role);
    expect(JSON.stringify(data)).toContain(p.shows(w));
    expect(html).toContain(p.shows(w));
    expect(html).toContain(p.note);
    expect(postsAnything(html)).toBe(false);
    expect(html).not.toContain("/update_editor");
  });

  it.each(["couple", "editorOfArea"] as const)("gives the %s the page's forms and no read-only note", async (role) => {
    const { html } = await pageAs(role);
    expect(html).toContain(p.shows(w));
    expect(p.forms(html)).toBe(true);
    expect(html).not.toContain('data-testid="read-only-note"');
  });
});
