import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { sql } from "drizzle-orm";
import { createdAt, flag, id, timestamp, updatedAt } from "./columns.ts";
import { users } from "./identity.ts";
import { bookings, services } from "./marketplace.ts";
import { DIETARY_PREFERENCES, EVENT_SERVICE_SOURCES, GUEST_SIDES, RSVP_RESPONSES, TASK_PRIORITIES, TASK_STATUSES } from "#shared/stored-values.ts";

/**
 * Couple planning (migration 0051): checklist, functions and their tasks, budget lines, guests in
 * households with per-function invitations and answers, and the daily reminder digest. Wedding
 * dates are India calendar days (YYYY-MM-DD) and times of day (HH:MM); instants are UTC epoch ms.
 */

export type ChecklistCategory = {
  category: string;
  items: { name: string; done: boolean; scheduleDate: string | null }[];
};

export const checklists = sqliteTable("checklists", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  categories: text("categories", { mode: "json" }).$type<ChecklistCategory[]>().notNull(),
  updatedAt: updatedAt(),
});

/** A wedding function (event) or, with parentId set, a sub-event of one. */
export const events = sqliteTable(
  "events",
  {
    id: id(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    parentId: text("parent_id").references((): ReturnType<typeof text> => events.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    description: text("description"),
    /** YYYY-MM-DD, India. */
    eventDate: text("event_date").notNull(),
    /** HH:MM, India. */
    startTime: text("start_time"),
    endTime: text("end_time"),
    budget: integer("budget").notNull().default(0),
    venue: text("venue"),
    /** The tradition template function it was made from (shared/traditions.ts), e.g. "hindu:sangeet". */
    traditionKey: text("tradition_key"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("events_user_idx").on(t.userId, t.eventDate, t.startTime), index("events_parent_idx").on(t.parentId)],
);

export const eventServices = sqliteTable(
  "event_services",
  {
    eventId: text("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    serviceId: text("service_id")
      .notNull()
      .references(() => services.id, { onDelete: "cascade" }),
    source: text("source", { enum: EVENT_SERVICE_SOURCES }).notNull().default("WISHLIST"),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.serviceId] }), index("event_services_service_idx").on(t.serviceId)],
);

export const tasks = sqliteTable(
  "tasks",
  {
    id: id(),
    eventId: text("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    notes: text("notes"),
    status: text("status", { enum: TASK_STATUSES }).notNull().default("TODO"),
    priority: text("priority", { enum: TASK_PRIORITIES }).notNull().default("MEDIUM"),
    /** YYYY-MM-DD, India. */
    dueDate: text("due_date"),
    /** A name: bride, groom, a family member. */
    assignee: text("assignee"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("tasks_event_idx").on(t.eventId, t.status),
    index("tasks_user_due_idx").on(t.userId, t.dueDate),
    index("tasks_due_idx").on(t.dueDate, t.status),
  ],
);

/** The couple's own budget lines (whole rupees); a line standing for a booking takes booked and paid from it. */
export const budgetLines = sqliteTable(
  "budget_lines",
  {
    id: id(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    eventId: text("event_id").references(() => events.id, { onDelete: "set null" }),
    category: text("category").notNull(),
    label: text("label").notNull(),
    estimated: integer("estimated").notNull().default(0),
    quoted: integer("quoted").notNull().default(0),
    booked: integer("booked").notNull().default(0),
    paid: integer("paid").notNull().default(0),
    /** YYYY-MM-DD: when the next payment on this line is due. */
    dueDate: text("due_date"),
    notes: text("notes"),
    bookingId: text("booking_id").references(() => bookings.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** 1 for a line "Suggest a split" wrote, until the couple edits it (migration 0090, decision 0021). */
    suggested: integer("suggested").notNull().default(0),
  },
  (t) => [
    index("budget_lines_user_idx").on(t.userId, t.category),
    uniqueIndex("budget_lines_booking_unique")
      .on(t.bookingId)
      .where(sql`${t.bookingId} IS NOT NULL`),
  ],
);

/** A family invited together; rsvpToken is its personal RSVP link (random), which opens only its own answers. */
export const households = sqliteTable(
  "households",
  {
    id: id(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    rsvpToken: text("rsvp_token").notNull(),
    notes: text("notes"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  // name COLLATE NOCASE in the index (migration 0155): the guest page's order.
  (t) => [index("households_user_idx").on(t.userId, t.name, t.id), uniqueIndex("households_rsvp_token_unique").on(t.rsvpToken)],
);

export const guests = sqliteTable(
  "guests",
  {
    id: id(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    householdId: text("household_id")
      .notNull()
      .references(() => households.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    side: text("side", { enum: GUEST_SIDES }).notNull().default("BOTH"),
    relation: text("relation"),
    phone: text("phone"),
    email: text("email"),
    city: text("city"),
    dietary: text("dietary", { enum: DIETARY_PREFERENCES }),
    needsStay: flag("needs_stay"),
    needsPickup: flag("needs_pickup"),
    /** When this address used a reminder's unsubscribe link: the couple's reminders skip it (functions/domain/guests/reminder-optout.ts). */
    remindersStoppedAt: timestamp("reminders_stopped_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  // name COLLATE NOCASE in guests_household_idx (migration 0155): the guest page's order within a household.
  (t) => [index("guests_user_idx").on(t.userId, t.name), index("guests_household_idx").on(t.householdId, t.name, t.id)],
);

/** Which households are invited to which functions. */
export const householdInvitations = sqliteTable(
  "household_invitations",
  {
    householdId: text("household_id")
      .notNull()
      .references(() => households.id, { onDelete: "cascade" }),
    eventId: text("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    invitedAt: timestamp("invited_at").notNull(),
    sharedAt: timestamp("shared_at"),
    remindedAt: timestamp("reminded_at"),
  },
  (t) => [primaryKey({ columns: [t.householdId, t.eventId] }), index("household_invitations_event_idx").on(t.eventId)],
);

/** A guest's answer for one function; partySize counts the guest and anyone unnamed with them. */
export const guestRsvps = sqliteTable(
  "guest_rsvps",
  {
    guestId: text("guest_id")
      .notNull()
      .references(() => guests.id, { onDelete: "cascade" }),
    eventId: text("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    response: text("response", { enum: RSVP_RESPONSES }).notNull(),
    partySize: integer("party_size").notNull().default(1),
    answeredAt: timestamp("answered_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.guestId, t.eventId] }), index("guest_rsvps_event_idx").on(t.eventId, t.response)],
);

/**
 * A function's head-count kept on write (migration 0154, docs/decisions/0060): what the recount
 * (functions/domain/guests/headcount-sql.ts HEADCOUNT_SQL) says for it, kept equal by SQLite
 * triggers on events, guests, household_invitations and guest_rsvps.
 */
const counter = (name: string) => integer(name).notNull().default(0);
export const functionCounts = sqliteTable("function_counts", {
  eventId: text("event_id")
    .primaryKey()
    .references(() => events.id, { onDelete: "cascade" }),
  households: counter("households"),
  guests: counter("guests"),
  attending: counter("attending"),
  maybe: counter("maybe"),
  declined: counter("declined"),
  notAnswered: counter("not_answered"),
  veg: counter("veg"),
  jain: counter("jain"),
  nonVeg: counter("non_veg"),
  vegan: counter("vegan"),
  unknown: counter("unknown"),
});

/** How many of an invited household's guests have not answered for that function (migration 0154, kept by triggers). */
export const invitationCounts = sqliteTable(
  "invitation_counts",
  {
    householdId: text("household_id")
      .notNull()
      .references(() => households.id, { onDelete: "cascade" }),
    eventId: text("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    unanswered: counter("unanswered"),
  },
  (t) => [
    primaryKey({ columns: [t.householdId, t.eventId] }),
    index("invitation_counts_pending_idx")
      .on(t.householdId)
      .where(sql`${t.unanswered} > 0`),
  ],
);

/** One planning reminder digest per couple per India day (the daily job's once-only record). */
export const planningDigests = sqliteTable(
  "planning_digests",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    day: text("day").notNull(),
    itemCount: integer("item_count").notNull(),
    runId: text("run_id").notNull(),
    sentAt: timestamp("sent_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] })],
);
