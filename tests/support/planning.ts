import { env } from "cloudflare:workers";

/**
 * Couple-planning fixtures written straight to the tables (issue 12): wedding functions (events)
 * before the planner's API exists, households and guests for the guest list's tests.
 */
let counter = 0;
const uid = () => `${Date.now().toString(36)}${(counter++).toString(36)}${Math.random().toString(36).slice(2, 8)}`;

export async function createEvent(
  userId: string,
  input: { name?: string; eventDate?: string; startTime?: string | null; venue?: string | null; parentId?: string | null } = {},
): Promise<{ id: string; name: string }> {
  const id = `event-${uid()}`;
  const now = Date.now();
  const name = input.name ?? "Sangeet";
  await env.DB.prepare(
    "INSERT INTO events (id, user_id, parent_id, name, event_date, start_time, venue, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
  )
    .bind(
      id,
      userId,
      input.parentId ?? null,
      name,
      input.eventDate ?? "2027-02-13",
      input.startTime ?? "19:00",
      input.venue ?? "Rambagh Palace, Jaipur",
      now,
      now,
    )
    .run();
  return { id, name };
}

export async function createHousehold(userId: string, name = "Sharma family"): Promise<{ id: string; token: string }> {
  const id = `household-${uid()}`;
  const token = `tok${uid()}${uid()}`.replace(/[^A-Za-z0-9]/g, "").padEnd(32, "x");
  const now = Date.now();
  await env.DB.prepare("INSERT INTO households (id, user_id, name, rsvp_token, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)")
    .bind(id, userId, name, token, now, now)
    .run();
  return { id, token };
}

export async function createGuest(
  userId: string,
  householdId: string,
  input: { name?: string; email?: string | null; phone?: string | null; dietary?: string | null; side?: string } = {},
): Promise<{ id: string }> {
  const id = `guest-${uid()}`;
  const now = Date.now();
  await env.DB.prepare(
    "INSERT INTO guests (id, user_id, household_id, name, side, phone, email, dietary, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
  )
    .bind(
      id,
      userId,
      householdId,
      input.name ?? "Anil Sharma",
      input.side ?? "BRIDE",
      input.phone ?? null,
      input.email ?? null,
      input.dietary ?? null,
      now,
      now,
    )
    .run();
  return { id };
}

export async function invite(householdId: string, eventId: string): Promise<void> {
  await env.DB.prepare("INSERT INTO household_invitations (household_id, event_id, invited_at) VALUES (?, ?, ?)").bind(householdId, eventId, Date.now()).run();
}

export async function answer(guestId: string, eventId: string, response: "ATTENDING" | "DECLINED" | "MAYBE", partySize = 1): Promise<void> {
  await env.DB.prepare("INSERT INTO guest_rsvps (guest_id, event_id, response, party_size, answered_at) VALUES (?, ?, ?, ?, ?)")
    .bind(guestId, eventId, response, partySize, Date.now())
    .run();
}
